import Domain
import Foundation
import FoundationHTTP
import Ports
import Presentation
import TerminalUI

extension CommandRunner {
    func signIn(email given: String?, passwordFromStdin: Bool) async -> ExitCode {
        let (email, password): (String, String)
        do throws(UsageError) {
            email = try emailAddress(given: given)
            password = try self.password(fromStdin: passwordFromStdin)
        } catch {
            return usage(error)
        }
        let model = SignInViewModel(apiService: services.api, tokenStore: services.tokenStore)
        model.email = email
        model.password = password
        guard await load("Signing in…", { await model.signIn() }) else { return .interrupted }
        if case .failed(_, let failure, _) = model.state {
            // Only the endpoint's path is used, for a 404's message: the password is not needed there.
            return report(failure, context: .signIn, asking: .auth(email: email, password: ""))
        }
        console.print(Screens.signIn(model, style: style) + " Server: \(TerminalText.sanitized(services.server)).")
        do {
            try await services.accountStore.setAccount(email)
        } catch {
            console.fail("signed in, but the account's name could not be recorded for status: \(error)")
        }
        return .success
    }

    func signOut() async -> ExitCode {
        let model = ProfileViewModel(tokenStore: services.tokenStore)
        await model.signOut()
        guard model.state == .signedOut else { return reportStore(model) }
        console.say("Signed out of \(services.server).")
        return .success
    }

    /// The e-mail address from `--email` or the prompt, checked before a password is asked for.
    private func emailAddress(given: String?) throws(UsageError) -> String {
        let email: String
        if let given {
            email = given
        } else if !console.isTerminalInput {
            throw .noEmail
        } else if let typed = console.ask("E-mail: ") {
            email = typed
        } else {
            throw .endOfInput("e-mail address")
        }
        guard EmailAddress.isValid(email) else {
            throw .invalidValue("e-mail address", value: email, expected: "name@example.com")
        }
        return email
    }

    /// The password from standard input, `COCOACASTS_PASSWORD` or the prompt (echo off); never empty.
    private func password(fromStdin: Bool) throws(UsageError) -> String {
        let password: String
        if fromStdin {
            // At a terminal the user types it: never on the screen.
            password = console.readSecretInput(prompt: "Password: ") ?? ""
        } else if let variable = environment["COCOACASTS_PASSWORD"] {
            password = variable
        } else if !console.isTerminalInput {
            throw .noPassword
        } else if let typed = console.readSecret(prompt: "Password: ") {
            password = typed
        } else {
            throw .endOfInput("password")
        }
        guard !password.isEmpty else { throw .emptyPassword }
        return password
    }

    func reportStore(_ model: ProfileViewModel) -> ExitCode {
        let message =
            switch model.state {
            case .storeUnreadable(let message), .signOutFailed(let message): message
            case .checking, .signedIn, .signedOut: "the token file cannot be used"
            }
        console.fail(message)
        return .localState
    }

    private func usage(_ error: UsageError) -> ExitCode {
        console.fail(error.description, keepingNewlines: true)
        return .usage
    }
}
