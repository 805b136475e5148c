import Domain
import Ports
import Presentation
import Stores
import TerminalUI
import TokenStoreComposition

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `cocoacasts status`: who is signed in, to which server, whether the server still
/// accepts the session, and where the tokens and the saved catalogue are kept.
struct StatusCommand: ServiceCommand, Equatable {
    static let all = CommandLineParser.Option(
        name: "--all", valueName: nil, summary: "every server the token store holds a session for")
    static let offline = CommandLineParser.Option(
        name: "--offline", valueName: nil, summary: "read the token store only; do not ask the server")
    static let spec = CommandLineParser.CommandSpec(
        name: "status", arguments: [],
        options: [all, offline, Grammar.json],
        summary: "Who is signed in, to which server, and where the tokens are kept",
        examples: [
            ("cocoacasts status", "exit 0 when the server accepts the session, 77 when not, 69 unchecked"),
            ("cocoacasts status --all --json", "every server you are signed in to"),
        ])
    static let callsTheAPI = false

    let all: Bool
    let offline: Bool
    let json: Bool

    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) -> Self {
        Self(all: parsed.has(Self.all), offline: parsed.has(Self.offline), json: parsed.has(Grammar.json))
    }

    func run(_ context: CommandContext) async throws(ExitCode) -> ExitCode {
        let work = Work(context: context)
        return all ? await work.allSessions(json: json) : try await work.status(offline: offline, json: json)
    }

    /// The work of `status`, on what a command runs with.
    @MainActor struct Work {
        let context: CommandContext
        var console: any Console { context.console }
        var services: Services { context.services }
        var style: TerminalStyle { context.style }
    }
}

extension StatusCommand.Work {
    /// Who is signed in to the server in use and whether the server still accepts the
    /// session (see ``SessionCheck``): 0 accepted, 77 refused or nobody signed in (as
    /// `gh auth status` fails), 69 when it could not be checked; `offline` only reads the
    /// token store.
    func status(offline: Bool, json: Bool) async throws(ExitCode) -> ExitCode {
        let model = ProfileViewModel(tokenStore: services.tokenStore)
        await model.refresh()
        if case .storeUnreadable = model.state { return context.reportStore(model) }
        guard model.state == .signedIn else {
            return await printStatus(session: nil, account: nil, kept: await keptPositions(), json: json)
        }
        let account: String?
        do {
            account = try await services.accountStore.account()  // before the check, which may remove it
        } catch {
            console.fail(error.description)
            return .localState
        }
        let (api, timeout) = (services.api, services.timeout)
        let session: SessionCheck =
            try await offline
            ? .skipped : context.withSpinner("Checking the session…") { await SessionCheck.ask(api, timeout: timeout) }
        return await printStatus(session: session, account: account, kept: await keptPositions(), json: json)
    }

    /// Every position kept on this machine for this server, whoever is signed in — listed, not
    /// sent: status changes nothing (the next command that reaches the server sends them); none
    /// when they cannot be read (which is said).
    private func keptPositions() async -> [AccountKeptPosition] {
        do throws(StoreError) {
            return try await services.keptPositions()
        } catch {
            console.fail(error.keptPositionsMessage)
            return []
        }
    }

    private func printStatus(session: SessionCheck?, account: String?, kept: [AccountKeptPosition], json: Bool) async
        -> ExitCode
    {
        let cache = await cacheSummary()
        let copies = await copiesSummary()
        let lastSync = await self.lastSync()
        if json {
            context.printJSON(
                StatusCommand.Report(
                    services: services, session: session, account: account, kept: kept, cache: cache, copies: copies,
                    lastSync: lastSync))
        } else {
            let lines = statusLines(
                session: session, account: account, kept: kept, cache: cache, copies: copies, lastSync: lastSync)
            console.printFitted(lines.joined(separator: "\n"))
        }
        return session?.status ?? .unauthorized
    }

    /// The headline, then one `Label: value` line per fact.
    private func statusLines(
        session: SessionCheck?, account: String?, kept: [AccountKeptPosition], cache: CacheSummary?,
        copies: CopiesSummary?,
        lastSync: LastSync?
    ) -> [String] {
        let who = account.map { " as \(TerminalText.sanitized($0))" } ?? ""
        let signedIn: String? =
            switch session {
            case nil, .refused?: nil
            case .accepted?, .skipped?, .unchecked?, .storeFailed?: account
            }
        let headline: String =
            switch session {
            case nil: "Not signed in. Run `cocoacasts signin` to sign in."
            case .accepted?, .skipped?: style.success(style.check) + " Signed in\(who)."
            case .refused?:
                style.failure(style.cross) + " Not signed in: the server refused the session"
                    + (account.map { " of \(TerminalText.sanitized($0))" } ?? "") + ". "
                    + "Run `cocoacasts signin` to sign in again."
            case .unchecked?, .storeFailed?: "Signed in\(who), as far as this machine knows."
            }
        let mock = services.isBuiltInMock ? " " + style.dim("(no \(ConfigKey.baseURL.ways))") : ""
        let facts: [(label: String, value: String?)] = [
            ("Session", session.map { TerminalText.sanitized($0.summary) }),
            ("Server", TerminalText.sanitized(services.server) + mock),
            ("Transport", services.transport),
            services.tokenStoreInUse.map { ("Token store", TerminalText.sanitized($0.summary)) }
                ?? ("Token file", services.tokenFile.map { TerminalText.sanitized($0) }),
            ("Saved", cache?.description),
            ("Copies", copies?.description),
            ("Last sync", lastSync?.summary(now: Date())),
            ("Not saved", kept.isEmpty ? nil : Self.keptSummary(kept, signedIn: signedIn)),
        ]
        return [headline]
            + facts.compactMap { fact in
                fact.value.map { "  " + TerminalText.padded(fact.label + ":", to: 13) + $0 }
            }
    }

    /// The saved catalogue's place and size, for `status`.
    struct CacheSummary: Encodable, CustomStringConvertible {
        let directory: String
        var lists: Int? = nil
        var bytes: Int? = nil
        var problem: String? = nil

        var description: String {
            guard let lists, let bytes else { return problem ?? "\(directory) (unreadable)" }
            return "\(directory) (\(lists) \(lists == 1 ? "list" : "lists") of episodes, \(bytes) bytes)"
        }
    }

    /// The videos copied to this machine, for `status`: how many, complete or not, and the space they take.
    struct CopiesSummary: Encodable, CustomStringConvertible {
        let directory: String
        var videos: Int? = nil
        var complete: Int? = nil
        var bytes: Int? = nil
        var problem: String? = nil

        var description: String {
            guard let videos, let complete, let bytes else { return problem ?? "\(directory) (unreadable)" }
            let partial = videos - complete
            return "\(videos) \(videos == 1 ? "video" : "videos")" + (partial > 0 ? " (\(partial) not complete)" : "")
                + ", \(ByteSize.text(bytes)) in \(directory)"
        }
    }

    /// What `sync` last did against this server; `nil` when it never ran, or its note cannot be read (said).
    private func lastSync() async -> LastSync? {
        do throws(StoreError) {
            return try await services.syncFiles?.last(of: services.server)
        } catch {
            console.fail("What sync last did cannot be read: \(error)")
            return nil
        }
    }

    /// `nil` when no video is copied (nothing to say).
    private func copiesSummary() async -> CopiesSummary? {
        let directory = TerminalText.sanitized(services.downloader.location.path)
        do throws(DownloadError) {
            let copies = try await services.downloader.copies()
            guard !copies.isEmpty else { return nil }
            return CopiesSummary(
                directory: directory, videos: copies.count, complete: copies.filter(\.isComplete).count,
                bytes: copies.reduce(0) { $0 + $1.bytes })
        } catch {
            return CopiesSummary(directory: directory, problem: TerminalText.sanitized("\(error)"))
        }
    }

    private func cacheSummary() async -> CacheSummary? {
        guard let saved = services.savedCatalogue else { return nil }
        let directory = TerminalText.sanitized(saved.directory)
        do {
            let size = try await saved.size()
            return CacheSummary(directory: directory, lists: size.lists, bytes: size.bytes)
        } catch {
            return CacheSummary(directory: directory, problem: TerminalText.sanitized("\(error)"))
        }
    }

    /// `2 positions kept on this machine: video 632759499 at 3:05 (2 minutes ago), …`; a position
    /// of an account other than `signedIn` (the one signed in, if any) names it, as it is sent
    /// only once that account is signed in again.
    private static func keptSummary(_ kept: [AccountKeptPosition], signedIn: String?) -> String {
        let now = Date()
        let each = kept.map { entry in
            let position = entry.position
            let whose =
                entry.account == signedIn || entry.account.isEmpty
                ? "" : ", for \(TerminalText.sanitized(entry.account))"
            return "video \(TerminalText.sanitized(position.progress.videoID)) at "
                + "\(VideoDuration.format(seconds: position.progress.cursor)) "
                + "(\(RelativeAge.phrase(from: position.recordedAt, to: now))\(whose))"
        }
        return "\(kept.count) \(kept.count == 1 ? "position" : "positions") kept on this machine: "
            + each.joined(separator: ", ")
    }
}
