import Domain
import Stores
import TerminalUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension StatusCommand.Work {
    /// Every session the token store holds. Sessions are kept per origin, so `--json` gives
    /// the base URL in use for its origin, and the contract's `/api/v1` on the others.
    /// `status --all`: 77 when there is none.
    func allSessions(json: Bool) async -> ExitCode {
        struct Entry: Encodable {
            /// A base URL `--base-url` takes; `null` for the built-in mock API.
            let server: Nullable<String>
            let builtInMock: Bool
            /// `builtInMock` under its earlier name, still written for the readers of it.
            let embedded: Bool
            let account: String?
            let inUse: Bool
        }
        let sessions: [KeyValueTokenStore.SignedInScope]
        do {
            sessions = try await services.accountStore.signedInScopes()
        } catch {
            console.fail(error.description)
            return .localState
        }
        if json {
            context.printJSON(
                sessions.map { session in
                    let inUse = session.scope == services.accountStore.scope
                    let builtInMock = session.scope == Composition.builtInMockScope
                    let baseURL = inUse ? services.baseURL.absoluteString : session.scope + "/api/v1"
                    return Entry(
                        server: Nullable(builtInMock ? nil : URLRedaction.text(baseURL)), builtInMock: builtInMock,
                        embedded: builtInMock,
                        account: session.account, inUse: inUse)
                })
            return sessions.isEmpty ? .unauthorized : .success
        }
        let entries = sessions.map {
            (
                server: $0.scope == Composition.builtInMockScope ? "the mock API built into cocoacasts" : $0.scope,
                account: $0.account, inUse: $0.scope == services.accountStore.scope
            )
        }
        if entries.isEmpty {
            console.say("Not signed in to any server. Run `cocoacasts signin` to sign in.")
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
}
