import Domain
import Ports
import Presentation
import TerminalUI

/// `cocoacasts signout`: forgets this server's tokens, in the store in use and the other one.
struct SignOutCommand: ServiceCommand, Equatable {
    static let spec = CommandLineParser.CommandSpec(
        name: "signout", aliases: ["logout"], arguments: [], options: [],
        summary: "Sign out: forget this server's tokens",
        examples: [("cocoacasts signout", "forget the tokens of the server in use")])
    /// Whose tokens, where, and how long to wait for another process's lock.
    static let settingsUsed: Set<ConfigKey> = [.baseURL, .timeout, .tokenStore]
    static let callsTheAPI = false

    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) -> Self { Self() }

    /// Signs out; says so, and succeeds, when nobody was signed in. A token file that does
    /// not parse is set aside (the store says where), as a sign-in does: whoever asks to sign
    /// out wants out. Any other store that cannot be read stops the sign-out.
    func run(_ context: CommandContext) async -> ExitCode {
        let (console, services) = (context.console, context.services)
        let wasSignedIn: Bool?  // nil: the store did not parse
        do throws(StoreError) {
            wasSignedIn = try await services.tokenStore.tokens() != nil
        } catch .corrupt {
            wasSignedIn = nil
        } catch {
            console.fail(error.description)
            return .localState
        }
        let model = ProfileViewModel(tokenStore: services.tokenStore)
        await model.signOut()
        guard model.state == .signedOut else { return context.reportStore(model) }
        if let other = await services.otherTokenStore() {
            do {
                try await other.reset()
            } catch {
                console.fail("a session the keyring may keep was not removed: \(error)")
            }
        }
        console.say(
            wasSignedIn == false
                ? "Nobody was signed in to \(services.server)." : "Signed out of \(services.server).")
        if let label = services.unreachableKeyring {
            console.say(
                "The session kept in the keyring “\(TerminalText.sanitized(label))” was not removed: "
                    + "run `cocoacasts signout` where the keyring answers.")
        }
        return .success
    }
}
