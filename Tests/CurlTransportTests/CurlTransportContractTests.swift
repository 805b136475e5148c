import CurlTransport
import PortContracts
import Testing

@Suite("Transport contract: CurlTransport, against mock-api over loopback", .timeLimit(.minutes(10)))
struct CurlTransportContractTests {
    @Test(arguments: HTTPTransportContract.cases)
    func contract(_ check: HTTPTransportContract) async throws {
        try await check.run(on: HTTPTransportSubject { CurlTransport() })
    }
}
