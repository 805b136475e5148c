import Domain
import Testing

@testable import SecretServiceStore

/// The keyring's failures say what to do about the keyring and name no command-line option:
/// the app that shows them adds its own way out.
@Suite("A keyring's failures speak as a library")
struct KeyringWordsTests {
    static let path = "/org/freedesktop/secrets/collection/login"

    @Test func aLockedKeyringSaysToUnlockIt() {
        let description = SecretServiceStore.locked(path: Self.path, label: "Login").description
        #expect(description.contains("is locked. Unlock it (sign in to the desktop, or open Passwords and Keys)"))
        #expect(!description.contains("--"))
    }

    @Test func aSilentKeyringSaysToCheckItIsRunning() {
        let description = SecretServiceStore.timedOut(path: Self.path, after: .seconds(10)).description
        #expect(description.contains("did not answer within 10 s. Check that it is running"))
        #expect(!description.contains("--"))
    }
}
