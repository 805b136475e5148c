import Domain
import Foundation
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
        if case .failed(_, let failure, _) = model.state { return report(failure, context: .signIn) }
        console.printFitted(
            Screens.signIn(model, style: style) + " Server: \(TerminalText.sanitized(services.server)).")
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

    /// Who is signed in to the server in use (exit 0), or that nobody is (77, as
    /// `gh auth status` fails when signed out); with `all`, every server the token file
    /// holds a session for (77 when none).
    func status(all: Bool, json: Bool) async -> ExitCode {
        if all { return await allSessions(json: json) }
        struct Status: Encodable {
            let server: String
            let embedded: Bool
            let signedIn: Bool
            let account: String?
            let tokenFile: String?
            let transport: String
            let cache: CacheSummary?
        }
        let model = ProfileViewModel(tokenStore: services.tokenStore)
        await model.refresh()
        if case .storeUnreadable = model.state { return reportStore(model) }
        let signedIn = model.state == .signedIn
        let account: String?
        do {
            account = signedIn ? try await services.accountStore.account() : nil
        } catch {
            console.fail(error.description)
            return .localState
        }
        if json {
            printJSON(
                Status(
                    server: services.server, embedded: services.isEmbedded, signedIn: signedIn, account: account,
                    tokenFile: services.tokenFile, transport: services.transport, cache: await cacheSummary()))
        } else {
            let who = account.map { " as \(TerminalText.sanitized($0))" } ?? ""
            let headline =
                signedIn
                ? style.success(style.check) + " Signed in\(who)."
                : "Not signed in. Run `cocoacasts signin` to sign in."
            let mock =
                services.isEmbedded ? " " + style.dim("(no --base-url, COCOACASTS_BASE_URL or config base-url)") : ""
            console.printFitted(
                ([headline, "  Server:     \(TerminalText.sanitized(services.server))\(mock)"]
                    + ["  Transport:  \(services.transport)"]
                    + (services.tokenFile.map { ["  Token file: \(TerminalText.sanitized($0))"] } ?? [])
                    + (await cacheSummary().map { ["  Saved:      \($0)"] } ?? []))
                    .joined(separator: "\n"))
        }
        return signedIn ? .success : .unauthorized
    }

    /// The saved catalogue's place and size, for `status`.
    struct CacheSummary: Encodable, CustomStringConvertible {
        let directory: String
        let lists: Int?
        let bytes: Int?
        let problem: String?

        var description: String {
            guard let lists, let bytes else { return problem ?? "\(directory) (unreadable)" }
            return "\(directory) (\(lists) \(lists == 1 ? "list" : "lists") of episodes, \(bytes) bytes)"
        }
    }

    private func cacheSummary() async -> CacheSummary? {
        guard let saved = services.savedCatalogue else { return nil }
        let directory = TerminalText.sanitized(saved.directory)
        do {
            let size = try await saved.size()
            return CacheSummary(directory: directory, lists: size.lists, bytes: size.bytes, problem: nil)
        } catch {
            return CacheSummary(
                directory: directory, lists: nil, bytes: nil, problem: TerminalText.sanitized("\(error)"))
        }
    }

    private func allSessions(json: Bool) async -> ExitCode {
        struct Entry: Encodable {
            let server: String
            let account: String?
            let inUse: Bool
        }
        let sessions: [KeyValueTokenStore.Session]
        do {
            sessions = try await services.accountStore.sessions()
        } catch {
            console.fail(error.description)
            return .localState
        }
        let entries = sessions.map {
            Entry(
                server: $0.scope == Composition.embeddedScope ? "the mock API built into cocoacasts" : $0.scope,
                account: $0.account, inUse: $0.scope == services.accountStore.scope)
        }
        if json {
            printJSON(entries)
        } else if entries.isEmpty {
            console.print("Not signed in to any server. Run `cocoacasts signin` to sign in.")
        } else {
            console.print(
                entries.map { entry in
                    style.success(style.check) + " " + TerminalText.sanitized(entry.server)
                        + (entry.account.map { " as " + TerminalText.sanitized($0) } ?? "")
                        + (entry.inUse ? style.dim(" (in use)") : "")
                }.joined(separator: "\n"))
        }
        return entries.isEmpty ? .unauthorized : .success
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

    private func reportStore(_ model: ProfileViewModel) -> ExitCode {
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
