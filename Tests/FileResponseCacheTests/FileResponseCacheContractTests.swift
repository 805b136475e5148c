import FileResponseCache
import PortContracts
import Testing

@Suite("Response-cache contract: FileResponseCache")
struct FileResponseCacheContractTests {
    @Test(arguments: ResponseCacheContract.cases)
    func contract(_ check: ResponseCacheContract) async throws {
        try await TemporaryDirectory.with { directory in
            try await check.run(on: FileResponseCache(directory: directory.file("cache")))
        }
    }
}
