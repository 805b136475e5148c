import Presentation
import TerminalUI

extension Commands {
    func signIn(email: String?, passwordFromStdin: Bool) async -> ExitCode {
        guard let email = email ?? console.ask("E-mail: ") else { return usage(.noEmail) }
        let password: String
        if passwordFromStdin {
            password = console.readLine() ?? ""
        } else if let variable = environment["COCOACASTS_PASSWORD"] {
            password = variable
        } else if let typed = console.readSecret(prompt: "Password: ") {
            password = typed
        } else {
            return usage(.noPassword)
        }
        let model = SignInViewModel(apiService: services.api, tokenStore: services.tokenStore)
        model.email = email
        model.password = password
        guard model.canSignIn else {
            return usage(
                password.isEmpty
                    ? .noPassword : .invalidValue("e-mail address", value: email, expected: "name@example.com"))
        }
        await Spinner.run("Signing in…", on: console, while: { model.isSigningIn }) { await model.signIn() }
        if let failure = model.failure { return report(failure, message: model.errorMessage) }
        console.print(Screens.signIn(model, style: style) + " Server: \(services.server).")
        return .success
    }

    func signOut() -> ExitCode {
        let model = ProfileViewModel(tokenStore: services.tokenStore)
        model.signOut()
        guard model.state == .signedOut else { return reportStore(model) }
        console.print("Signed out of \(services.server).")
        return .success
    }

    func status(json: Bool) -> ExitCode {
        struct Status: Encodable {
            let server: String
            let embedded: Bool
            let signedIn: Bool
        }
        let model = ProfileViewModel(tokenStore: services.tokenStore)
        if case .storeUnreadable = model.state { return reportStore(model) }
        if json {
            printJSON(Status(server: services.server, embedded: services.isEmbedded, signedIn: model.isSignedIn))
        } else {
            console.print(Screens.profile(model, style: style) + " Server: \(services.server).")
        }
        return .success
    }

    private func reportStore(_ model: ProfileViewModel) -> ExitCode {
        console.printError(
            "cocoacasts: " + TerminalText.sanitized(model.errorMessage ?? "the token file cannot be used"))
        return .localState
    }

    private func usage(_ error: UsageError) -> ExitCode {
        console.printError("cocoacasts: \(error)")
        return .usage
    }
}
