import SecretServiceStore
import Testing

@Suite("Keyring: a service that refuses is told apart from none answering")
struct KeyringRefusalTests {
    @Test(arguments: [
        "GDBus.Error:org.freedesktop.DBus.Error.AccessDenied: Rejected send message",
        "GDBus.Error:org.freedesktop.Secret.Error.NoSession: No such session",
    ])
    func aServiceThatAnswersAndRefusesIsARefusal(reason: String) {
        #expect(Keyring.refuses(reason))
    }

    @Test(arguments: [
        "GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided by any .service files",
        "Cannot autolaunch D-Bus without X11 $DISPLAY",
        "Could not connect: No such file or directory",
    ])
    func noServiceOnTheBusIsNoKeyring(reason: String) {
        #expect(!Keyring.refuses(reason))
    }
}
