import Foundation
import PortContracts
import Ports
import Stubs
import Testing

@Suite("Response-cache contract: InMemoryResponseCache")
struct InMemoryResponseCacheContractTests {
    @Test(arguments: ResponseCacheContract.cases)
    func contract(_ check: ResponseCacheContract) async throws {
        try await check.run(on: InMemoryResponseCache())
    }
}
