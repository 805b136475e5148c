import Domain
import Ports
import Presentation
import Stores
import TerminalUI

/// `cocoacasts signin`: signs in, the e-mail address checked before the password is asked for.
struct SignInCommand: ServiceCommand, Equatable {
    static let email = CommandLineParser.Option(
        name: "--email", valueName: "E", summary: "the e-mail address (asked for, and checked, before the password)")
    static let passwordStdin = CommandLineParser.Option(
        name: "--password-stdin", valueName: nil,
        summary: "read the password from standard input (echo off at a terminal)")
    /// The password's variable, for scripts that cannot pipe it.
    static let passwordVariable = "COCOACASTS_PASSWORD"
    static let spec = CommandLineParser.CommandSpec(
        name: "signin", aliases: ["login"], arguments: [], options: [email, passwordStdin],
        summary: "Sign in (the password is never echoed)",
        examples: [
            ("cocoacasts signin --email demo@cocoacasts.com", "sign in, typing the password"),
            (
                "pass show cocoacasts | cocoacasts login --email demo@cocoacasts.com --password-stdin",
                "from a script"
            ),
        ])
    /// How many times a person at a terminal may type a malformed e-mail address or a
    /// wrong password before sign-in gives up, as sudo allows.
    static let tries = 3

    let email: String?
    let passwordFromStdin: Bool

    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) -> Self {
        Self(email: parsed.value(Self.email), passwordFromStdin: parsed.has(Self.passwordStdin))
    }

    /// A store that cannot take the pair — a locked keyring, a read-only home, a full disk —
    /// is said before the e-mail or password is asked for and before the built-in mock's
    /// notice (the mock keeps its state beside the token file). A file that does not parse
    /// passes its own check (signing in sets a token file aside) and leaves the others to be made.
    func prepare(_ context: CommandContext) async throws(ExitCode) {
        let services = context.services
        var failure: StoreError?
        try await context.withSpinner("Checking the token store…") {
            failure = await Self.failure { () async throws(StoreError) in _ = try await services.tokenStore.tokens() }
            if failure == nil {
                failure = await Self.failure { () async throws(StoreError) in
                    try await services.accountStore.checkItCanBeWritten()
                }
            }
            if failure == nil, let state = services.builtInMockState {
                failure = await Self.failure { () async throws(StoreError) in try await state.checkItCanBeWritten() }
            }
        }
        if let failure { throw context.report(.store(failure), on: .signIn) }
    }

    /// What `check` failed with; a file that does not parse passes.
    @MainActor private static func failure(of check: () async throws(StoreError) -> Void) async -> StoreError? {
        do throws(StoreError) {
            try await check()
            return nil
        } catch .corrupt {
            return nil
        } catch {
            return error
        }
    }

    /// Signs in. At a terminal a malformed address typed at the prompt, or a password typed
    /// at the prompt that the server refuses, is asked for again (``tries`` in all); from a
    /// pipe, `--email`, `--password-stdin` or `COCOACASTS_PASSWORD`, the first mistake ends it.
    func run(_ context: CommandContext) async throws(ExitCode) -> ExitCode {
        let (console, services) = (context.console, context.services)
        let email: String
        do throws(UsageError) {
            email = try emailAddress(console: console)
        } catch {
            return console.usage(error)
        }
        let typesThePassword =
            !passwordFromStdin && context.environment[Self.passwordVariable] == nil && console.isTerminalInput
        var attempt = 0
        while true {
            attempt += 1
            let password: String
            do throws(UsageError) {
                password = try self.password(console: console, environment: context.environment)
            } catch {
                return console.usage(error)
            }
            let model = SignInViewModel(apiService: services.api, tokenStore: services.tokenStore)
            model.email = email
            model.password = password
            try await context.withSpinner("Signing in…") { await model.signIn() }
            guard case .failed(_, let failure, _) = model.state else {
                return await Self.signedIn(model, email: email, in: context)
            }
            if typesThePassword, attempt < Self.tries, case .api(let error) = failure,
                case .status(401, _)? = error.cause
            {
                console.fail("Sorry, try again: the server refused the e-mail/password combination.")
                continue
            }
            return context.report(failure, on: .signIn, asking: .signIn)
        }
    }

    @MainActor private static func signedIn(_ model: SignInViewModel, email: String, in context: CommandContext) async
        -> ExitCode
    {
        let (console, services) = (context.console, context.services)
        console.printFitted(
            Screens.signIn(model, style: context.style) + " Server: \(TerminalText.sanitized(services.server)).")
        do {
            try await services.accountStore.setAccount(email)
        } catch {
            console.fail("signed in, but the account's name could not be recorded for status: \(error)")
        }
        return .success
    }

    /// The e-mail address from `--email` or the prompt, checked before a password is asked
    /// for; a malformed one typed at the prompt is asked for again.
    @MainActor private func emailAddress(console: any Console) throws(UsageError) -> String {
        if let email { return try Self.checked(email: email) }
        guard console.isTerminalInput else { throw .noEmail }
        var attempt = 0
        while true {
            attempt += 1
            guard let typed = console.ask("E-mail: ") else { throw .endOfInput("e-mail address") }
            do {
                return try Self.checked(email: typed)
            } catch  where attempt < Self.tries {
                console.fail("\(error); try again")
            }
        }
    }

    private static func checked(email: String) throws(UsageError) -> String {
        guard EmailAddress.isValid(email) else {
            throw .invalidValue("e-mail address", value: email, expected: "name@example.com")
        }
        return email
    }

    /// The password from standard input, `COCOACASTS_PASSWORD` or the prompt (echo off); never empty.
    @MainActor private func password(console: any Console, environment: [String: String]) throws(UsageError)
        -> String
    {
        let password: String
        if passwordFromStdin {
            // At a terminal the user types it: never on the screen.
            password = console.readSecretInput(prompt: "Password: ") ?? ""
        } else if let variable = environment[Self.passwordVariable] {
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
}
