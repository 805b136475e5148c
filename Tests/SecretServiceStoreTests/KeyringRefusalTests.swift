import SecretServiceStore
import Testing

@Suite("Keyring: a service that refuses is told apart from none answering")
struct KeyringRefusalTests {
    @Test(arguments: [("g-dbus-error-quark", 9), ("g-dbus-error-quark", 0), ("secret-error", 1)] as [(String, Int32)])
    func aServiceThatAnswersAndRefusesIsARefusal(domain: String, code: Int32) {
        #expect(!Keyring.meansNoKeyring(domain: domain, code: code))
    }

    @Test(
        arguments: [("g-dbus-error-quark", 2), ("g-dbus-error-quark", 3), ("g-io-error-quark", 0)] as [(String, Int32)])
    func noServiceOnTheBusIsNoKeyring(domain: String, code: Int32) {
        #expect(Keyring.meansNoKeyring(domain: domain, code: code))
    }
}
