import Domain
import Ports
import TestSupport
import Testing

@Suite("MirroringTokenStore keeps every store in step")
struct MirroringTokenStoreTests {
    private let primaryValues = SpyKeyValueStore()
    private let mirrorValues = [SpyKeyValueStore(), SpyKeyValueStore()]
    private var stores: [KeyValueTokenStore] {
        ([primaryValues] + mirrorValues).map { KeyValueTokenStore(store: $0) }
    }
    private var mirror: MirroringTokenStore {
        MirroringTokenStore(primary: stores[0], mirrors: Array(stores.dropFirst()))
    }

    @Test func writesReachEveryStore() async throws {
        try await mirror.setTokens(SampleTokens.first)
        for store in stores { #expect(try await store.tokens() == SampleTokens.first) }
        try await mirror.reset()
        for store in stores { #expect(try await store.tokens() == nil) }
    }

    @Test func aRefreshIsCopiedToEveryMirror() async throws {
        try await mirror.setTokens(SampleTokens.first)
        _ = try await mirror.refreshTokens(replacing: SampleTokens.first.accessToken) { _ in SampleTokens.second }
        for store in stores { #expect(try await store.tokens() == SampleTokens.second) }
    }

    @Test func aRefusedRefreshSignsOutEveryMirror() async throws {
        try await mirror.setTokens(SampleTokens.first)
        await #expect(throws: TokenRefreshError.api(.unauthorized)) {
            try await mirror.refreshTokens(replacing: SampleTokens.first.accessToken) { _ throws(APIError) in
                throw .unauthorized
            }
        }
        for store in stores { #expect(try await store.tokens() == nil) }
    }

    @Test func readsFallBackToTheFirstMirrorThatHasAPair() async throws {
        try await stores[2].setTokens(SampleTokens.other)
        #expect(try await mirror.tokens() == SampleTokens.other)
    }

    @Test func aFailingStoreDoesNotStopTheOthers() async throws {
        let failure = StoreError.io(path: "mirror", detail: "read-only file system")
        mirrorValues[0].fail(with: failure)
        await #expect(throws: failure) { try await mirror.setTokens(SampleTokens.first) }
        #expect(try await stores[0].tokens() == SampleTokens.first)
        #expect(try await stores[2].tokens() == SampleTokens.first)
    }
}
