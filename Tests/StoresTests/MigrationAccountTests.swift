import Domain
import PortContracts
import Ports
import Stores
import Stubs
import Testing

/// The series' migration moves an `Account` — a name with its token — so the name travels
/// with the pair: whoever signed in is still named after any move, interrupted or not.
@Suite("MigratingTokenStore: the account travels with the pair")
struct MigrationAccountTests {
    static let origin = "http://127.0.0.1:8080"
    static let account = "ann@example.com"
    private let fileValues = InMemoryKeyValueStore()
    private let keyringValues = InMemoryKeyValueStore()
    private let legacyValues = InMemoryKeyValueStore()
    private var file: KeyValueTokenStore { KeyValueTokenStore(store: fileValues, scope: Self.origin) }
    private var keyring: KeyValueTokenStore { KeyValueTokenStore(store: keyringValues, scope: Self.origin) }
    private var legacy: KeyValueTokenStore { KeyValueTokenStore(store: legacyValues, scope: Self.origin) }

    /// The CLI's chain with a keyring: the keyring, migrating from the file, itself migrating
    /// from the earlier release's file.
    private var keyringChain: MigratingTokenStore {
        MigratingTokenStore(
            current: keyring, previous: MigratingTokenStore(current: file, previous: legacy), migratesOnRead: true)
    }

    private func signIn(_ store: KeyValueTokenStore, _ pair: TokenPair = SampleTokens.first) async throws {
        try await store.setTokens(pair)
        try await store.setAccount(Self.account)
    }

    @Test func fileToKeyringOnTheFirstRead() async throws {
        try await signIn(file)
        #expect(try await keyringChain.tokens() == SampleTokens.first)
        #expect(try await keyring.account() == Self.account)
        #expect(try await keyring.signedInScopes().map(\.account) == [Self.account])
        #expect(try await file.tokens() == nil, "nothing of the session left in the file")
        #expect(try await file.account() == nil)
    }

    @Test func earlierFileToFileOnTheFirstRefresh() async throws {
        try await signIn(legacy)
        let files = MigratingTokenStore(current: file, previous: legacy)
        _ = try await files.refreshTokens(replacing: SampleTokens.first.accessToken) { _ in SampleTokens.second }
        #expect(try await file.tokens() == SampleTokens.second)
        #expect(try await file.account() == Self.account)
        #expect(try await legacy.tokens() == nil)
        #expect(try await legacy.account() == nil)
    }

    @Test func earlierFileThroughTheFileToTheKeyring() async throws {
        try await signIn(legacy)
        #expect(try await keyringChain.tokens() == SampleTokens.first)
        #expect(try await keyring.account() == Self.account)
        #expect(try await legacy.tokens() == nil)
        #expect(try await legacy.account() == nil)
    }

    /// Killed between the copy and the clearing: the copy held the account, and the next
    /// read finishes the move.
    @Test func aMoveInterruptedAfterTheCopyIsFinishedWithTheAccount() async throws {
        try await signIn(file)
        try await signIn(keyring)
        #expect(try await keyringChain.tokens() == SampleTokens.first)
        #expect(try await keyring.account() == Self.account)
        #expect(try await file.tokens() == nil)
        #expect(try await file.account() == nil)
    }

    /// An earlier release copied the pair alone and was killed before clearing the file: the
    /// account still in the file joins its own pair.
    @Test func aPairCopiedWithoutItsAccountGetsItFromThePreviousStore() async throws {
        try await signIn(file)
        try await keyring.setTokens(SampleTokens.first)
        #expect(try await keyringChain.tokens() == SampleTokens.first)
        #expect(try await keyring.account() == Self.account)
    }

    /// A pair signed in since wins, and the previous account does not become its name.
    @Test func aNewerPairKeepsItsOwnAccountNeverThePreviousOne() async throws {
        try await signIn(file)
        try await keyring.setTokens(SampleTokens.second)
        #expect(try await keyringChain.tokens() == SampleTokens.second)
        #expect(try await keyring.account() == nil)
        #expect(try await file.tokens() == nil)
        #expect(try await file.account() == nil)
    }

    @Test func fiftyConcurrentMovesKeepTheAccount() async throws {
        try await signIn(file)
        let chains = (0..<50).map { _ in keyringChain }
        let read = try await withThrowingTaskGroup(of: TokenPair?.self) { group in
            for chain in chains { group.addTask { try await chain.tokens() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(read == Array(repeating: SampleTokens.first, count: 50))
        #expect(try await keyring.account() == Self.account)
        #expect(try await file.tokens() == nil)
    }
}
