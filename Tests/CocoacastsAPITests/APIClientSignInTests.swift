import CocoacastsAPI
import Domain
import Foundation
import PortContracts
import Ports
import Stores
import Stubs
import Testing

/// Signing in keeps the session: the client stores the pair through its token store, so the
/// next call is signed in, and a store that cannot keep it fails the sign-in.
@Suite("APIClient.signIn keeps the session")
struct APIClientSignInTests {
    @Test func thePairIsStoredAndTheNextCallSendsIt() async throws {
        let (auth, video) = (try Fixtures.data(named: "auth-success"), try Fixtures.data(named: "video"))
        let transport = SpyTransport { request in
            SpyTransport.response(to: request, status: 200, body: request.url.path.hasSuffix("/auth") ? auth : video)
        }
        let store = KeyValueTokenStore(store: InMemoryKeyValueStore())
        let client = TestClient.make(transport, tokenStore: store)
        let tokens = try await client.signIn(email: "demo@cocoacasts.com", password: "cocoacasts")
        #expect(try await store.tokens() == tokens)
        _ = try await client.video(id: "632759499")
        #expect(transport.requests.last?.headers["Authorization"] == "Bearer \(tokens.accessToken)")
    }

    @Test func aStoreThatCannotKeepThePairFailsTheSignIn() async throws {
        let readOnly = StoreError.io(path: "/tmp/credentials.json", detail: "Read-only file system")
        let failing = FailingKeyValueStore(InMemoryKeyValueStore())
        failing.failWrites(with: readOnly)
        let client = TestClient.make(
            TestClient.fixture("auth-success"), tokenStore: KeyValueTokenStore(store: failing))
        await #expect(throws: APIError.unknown(.store(readOnly))) {
            try await client.signIn(email: "demo@cocoacasts.com", password: "cocoacasts")
        }
    }

    @Test func aClientWithoutATokenStoreReturnsThePairForTheCallerToKeep() async throws {
        let client = TestClient.make(TestClient.fixture("auth-success"), accessToken: nil)
        let tokens = try await client.signIn(email: "demo@cocoacasts.com", password: "cocoacasts")
        #expect(!tokens.accessToken.isEmpty)
    }
}
