import Domain
import Ports
import TerminalUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `cocoacasts downloads [EPISODE…] [--verify] [--remove|--remove-all] [--json]`: the copies on
/// this machine, named by their episodes — complete, partial (how far) or damaged (what is
/// missing) — and the space they take; or removes copies. Episodes are named as `download`
/// takes them: ids, or words matched against the copies' titles.
struct DownloadsCommand: ServiceCommand, Equatable {
    static let remove = CommandLineParser.Option(
        name: "--remove", valueName: nil, summary: "remove the copies of the episodes named")
    static let removeAll = CommandLineParser.Option(
        name: "--remove-all", valueName: nil, summary: "remove every copy")
    static let verify = CommandLineParser.Option(
        name: "--verify", valueName: nil,
        summary: "read every part and check its SHA-256 (a part found changed is fetched again by download)")
    static let spec = CommandLineParser.CommandSpec(
        name: "downloads", arguments: ["[id or words...]"], options: [Grammar.json, verify, remove, removeAll],
        summary: "List the episodes copied to this machine, check them, or remove copies",
        examples: [
            ("cocoacasts downloads", "every copy: its episode, quality, size, and whether it is complete"),
            ("cocoacasts downloads --verify", "check every byte of every copy (or name episodes)"),
            ("cocoacasts downloads --json", "the same, for scripts"),
            ("cocoacasts downloads --remove-all", "remove every copy (--remove removes those named)"),
        ])
    static let settingsUsed: Set<ConfigKey> = []
    static let callsTheAPI = false

    enum Action: Equatable {
        case list
        case remove
        case removeAll
    }

    let action: Action
    let references: [String]
    let verifies: Bool
    let json: Bool

    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError) -> Self {
        // Ids are copies each; words, all of them together, name one.
        let references =
            arguments.contains(where: CommandContext.isWords) ? [arguments.joined(separator: " ")] : arguments
        let verifies = parsed.has(Self.verify)
        let action: Action
        if parsed.has(Self.removeAll) {
            guard arguments.isEmpty, !parsed.has(Self.remove), !verifies else {
                throw .conflictingOptions(
                    Self.removeAll.name, arguments.first ?? (verifies ? Self.verify.name : Self.remove.name))
            }
            action = .removeAll
        } else if parsed.has(Self.remove) {
            guard !arguments.isEmpty else {
                throw .missingArgument(
                    "the episodes whose copies to remove", usage: Self.spec.usage(of: Grammar.program))
            }
            guard !verifies else { throw .conflictingOptions(Self.remove.name, Self.verify.name) }
            action = .remove
        } else {
            action = .list
        }
        return Self(action: action, references: references, verifies: verifies, json: parsed.has(Grammar.json))
    }

    func run(_ context: CommandContext) async throws(ExitCode) -> ExitCode {
        let copies: [LocalCopy]
        do throws(DownloadError) {
            copies = await Self.named(try await context.services.downloader.copies(), in: context)
        } catch {
            context.console.fail("The copies on this machine cannot be listed: \(error).")
            return .localState
        }
        // --remove-all names none: every copy.
        var chosen = references.isEmpty ? copies : []
        for reference in references {
            chosen.append(try await Self.copy(namedBy: reference, among: copies, in: context))
        }
        if action != .list { return await remove(chosen, in: context) }
        if verifies { chosen = try await verified(chosen, in: context) }
        list(chosen, of: copies, in: context)
        return chosen.allSatisfy(\.isComplete) || !verifies ? .success : .failure
    }

    /// `copies` with the episode of each that does not say it found in the saved catalogue
    /// (an earlier release's copies), asking nothing of the server.
    static func named(_ copies: [LocalCopy], in context: CommandContext) async -> [LocalCopy] {
        guard copies.contains(where: { $0.episode == nil }) else { return copies }
        let episodes: [Episode]
        do throws(APIError) {
            episodes = try await context.services.api.catalogue(policy: .offlineOnly).episodes
        } catch {
            return copies  // no catalogue saved: such a copy is named by its video
        }
        let byVideo = Dictionary(episodes.map { ($0.videoID, $0) }, uniquingKeysWith: { first, _ in first })
        return copies.map { copy in
            var named = copy
            named.episode = named.episode ?? byVideo[copy.videoID].map { EpisodeLabel(id: $0.id, title: $0.title) }
            return named
        }
    }

    /// The copy `reference` names: an episode id, a video id, or words matched against the
    /// copies' titles (several: the picker on a terminal, else listed with 64).
    static func copy(namedBy reference: String, among copies: [LocalCopy], in context: CommandContext)
        async
        throws(ExitCode) -> LocalCopy
    {
        if CommandContext.isWords(reference) {
            let episodes = copies.compactMap { copy in
                copy.episode.map {
                    Episode(
                        id: $0.id, title: $0.title, excerpt: "", imageURL: URL(fileURLWithPath: "/"),
                        videoDuration: copy.duration ?? 0, videoID: copy.videoID)
                }
            }
            let episode = try await context.episode(namedBy: reference, among: episodes, offline: true)
            if let copy = copies.first(where: { $0.videoID == episode.videoID }) { return copy }
        }
        if let copy = copies.first(where: { $0.episode.map { String($0.id) } == reference })
            ?? copies.first(where: { $0.videoID == reference })
        {
            return copy
        }
        context.console.fail(
            "No copy of episode or video \(TerminalText.sanitized(reference)) is on this machine "
                + "(cocoacasts downloads lists them).")
        throw .failure
    }

    /// `copies` with every part's digest read (under the spinner).
    private func verified(_ copies: [LocalCopy], in context: CommandContext) async throws(ExitCode) -> [LocalCopy] {
        var checked: [LocalCopy] = []
        var failure: DownloadError?
        try await context.withSpinner("Checking every byte…") {
            for copy in copies {
                do throws(DownloadError) {
                    var found = try await context.services.downloader.copy(of: copy.videoID, verifying: true) ?? copy
                    found.episode = found.episode ?? copy.episode
                    checked.append(found)
                } catch {
                    failure = error
                    return
                }
            }
        }
        if let failure {
            context.console.fail("The copies could not be checked: \(failure).")
            throw .localState
        }
        return checked
    }

    @MainActor private func list(_ chosen: [LocalCopy], of all: [LocalCopy], in context: CommandContext) {
        let console = context.console
        if json {
            context.printJSON(chosen.map(Entry.init))
        } else if all.isEmpty {
            console.say("No episode is copied to this machine: cocoacasts download EPISODE copies one.")
        } else if console.isOutputTerminal {
            console.print(
                CopiesTable.render(chosen, width: context.appearance.width, now: Date(), style: context.style))
            if references.isEmpty {
                let bytes = ByteSize.text(all.reduce(0) { $0 + $1.bytes })
                console.say(
                    "\(all.count) \(all.count == 1 ? "copy takes" : "copies take") \(bytes) in "
                        + "\(TerminalText.sanitized(context.services.downloader.location.path)).")
            }
            if chosen.contains(where: { !$0.isComplete }) {
                console.say("`cocoacasts download EPISODE` finishes a partial copy and mends a damaged one.")
            }
        } else {
            console.print(CopiesTable.tabSeparated(chosen))
        }
    }

    /// Removes `chosen`, each said (`--remove-all` says how many instead) or why not: a copy a
    /// download is writing is left alone (74).
    private func remove(_ chosen: [LocalCopy], in context: CommandContext) async -> ExitCode {
        var (removed, status) = (0, ExitCode.success)
        for copy in chosen {
            // `episode 553, “Adopting the Model-View-ViewModel Pattern”`, or `video 632759499`.
            let what =
                copy.episode.map { "episode \($0.id), “\(TerminalText.sanitized($0.title))”" }
                ?? "video \(TerminalText.sanitized(copy.videoID))"
            do throws(DownloadError) {
                if try await context.services.downloader.remove(videoID: copy.videoID), action == .remove {
                    context.console.say("Removed the copy of \(what) (\(ByteSize.text(copy.bytes))).")
                }
                removed += 1
            } catch {
                if case .busy = error.cause {
                    context.console.fail(
                        "The copy of \(what) is being downloaded now, and is not removed: stop that download "
                            + "(Ctrl-C), then remove it.")
                } else {
                    context.console.fail("The copy of \(what) could not be removed: \(error).")
                }
                status = .localState
            }
        }
        if action == .removeAll { context.console.say("Removed \(removed) \(removed == 1 ? "copy" : "copies").") }
        return status
    }

    /// One copy in `--json`.
    struct Entry: Encodable {
        let videoID: String
        let episode: Nullable<Int>
        let title: Nullable<String>
        let quality: Nullable<String>
        let state: String
        let partsDone: Nullable<Int>
        let parts: Nullable<Int>
        let problems: [PartProblem]
        /// The segments the stream itself marks missing (EXT-X-GAP), which no download fetches.
        let gaps: Int
        let bytes: Int
        /// When a download last wrote it, ISO 8601.
        let updated: String
        let path: String

        init(_ copy: LocalCopy) {
            videoID = copy.videoID
            episode = Nullable(copy.episode?.id)
            title = Nullable(copy.episode?.title)
            quality = Nullable(copy.quality)
            bytes = copy.bytes
            gaps = copy.gaps
            updated = Date.ISO8601FormatStyle().format(copy.updated)
            path = copy.playable.path
            switch copy.state {
            case .complete:
                (state, partsDone, parts, problems) = ("complete", Nullable(nil), Nullable(nil), [])
            case .partial(let done, let total, let failed):
                (state, partsDone, parts, problems) = ("partial", Nullable(done), Nullable(total), failed)
            case .damaged(let found):
                (state, partsDone, parts, problems) = ("damaged", Nullable(nil), Nullable(nil), found)
            }
        }
    }
}
