import Domain
import Ports
import Presentation
import TerminalUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `cocoacasts progress EPISODE|VIDEO [--set TIME | --delete]`: how far the user watched.
struct ProgressCommand: ServiceCommand, Equatable {
    static let set = TypedOption(
        option: CommandLineParser.Option(
            name: "--set", valueName: "TIME",
            summary: "save how far you watched: seconds, m:ss or h:mm:ss (up to the video's length)"),
        expected: "whole seconds (90), m:ss (1:30) or h:mm:ss (1:02:03), 0 or more", read: seconds(in:))
    static let delete = CommandLineParser.Option(name: "--delete", valueName: nil, summary: "forget the progress")
    static let done = CommandLineParser.Option(
        name: "--done", valueName: nil,
        summary: "mark it watched to the end (its whole length saved; \(PlaybackViewModel.finishedRule))")
    static let spec = CommandLineParser.CommandSpec(
        name: "progress", arguments: ["<id or words>", "[more-words...]"],
        options: [set.option, delete, done, Grammar.json],
        summary: "Show, save or delete a video's progress (needs sign-in)",
        examples: [
            ("cocoacasts progress 556", "how far you watched episode 556"),
            ("cocoacasts progress 556 --set 2:00", "you watched up to 2:00 (also --set 120)"),
            ("cocoacasts progress 556 --done", "you watched it all, elsewhere"),
            ("cocoacasts progress 556 --delete", "start again"),
        ])

    enum Action: Equatable, Sendable {
        case show
        /// Save `seconds`, which the user typed as `typed` (`90`, `1:30`): messages answer in that form.
        case set(seconds: Int, typed: String)
        /// Save the video's whole length: watched to the end.
        case done
        case delete
    }

    let reference: String
    let action: Action
    let json: Bool

    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError) -> Self {
        Self(reference: arguments.joined(separator: " "), action: try action(parsed), json: parsed.has(Grammar.json))
    }

    private static func action(_ parsed: CommandLineParser.Parsed) throws(UsageError) -> Action {
        if parsed.has(done) {
            if parsed.has(set.option) { throw .conflictingOptions(set.option.name, done.name) }
            if parsed.has(delete) { throw .conflictingOptions(delete.name, done.name) }
            return .done
        }
        switch (try set.value(in: parsed), parsed.has(delete)) {
        case (.some, true): throw .conflictingOptions(set.option.name, delete.name)
        case (nil, true): return .delete
        case (nil, false): return .show
        // Messages answer in the form typed (`1:30` or `90`).
        case (.some(let seconds), false): return .set(seconds: seconds, typed: parsed.value(set.option) ?? "\(seconds)")
        }
    }

    /// The seconds in `text`: `90`, `1:30` or `1:02:03` (as the durations are shown); the
    /// fields after the first are two digits below 60.
    static func seconds(in text: String) -> Int? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count), fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            let first = Int(fields[0]), first >= 0
        else { return nil }
        var seconds = first
        for field in fields.dropFirst() {
            guard field.count == 2, let value = Int(field), (0..<60).contains(value) else { return nil }
            let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 60)
            guard !overflow else { return nil }
            seconds = scaled + value
        }
        return seconds
    }
}

extension ProgressCommand {
    @MainActor func run(_ context: CommandContext) async throws(ExitCode) -> ExitCode {
        let (console, services) = (context.console, context.services)
        await context.deliverKeptPositions(listsWhatIsKept: true)
        let (videoID, episode) = try await context.resolve(
            reference, on: .progress, needingTheEpisode: action.notSaved != nil, sentence: action.notSaved ?? .screens)
        let duration = episode?.videoDuration
        // What --set or --done saves, in seconds and as the messages show it.
        let save = try Self.position(action, videoID: videoID, duration: duration, on: console)
        var keptPositions: (any KeptPositionStore)?
        // The token store names the account whose kept-position store keeps the position; the save reads
        // the store too, and fails with its error.
        var keptPositionsFailure: StoreError?
        if save != nil {
            do throws(StoreError) {
                keptPositions = try await context.keptPositionStore()
            } catch {
                keptPositionsFailure = error
            }
        }
        let model = VideoProgressViewModel(videoID: videoID, apiService: services.api, keptPositions: keptPositions)
        let basedOn = save == nil ? nil : await context.serverPosition(of: videoID)
        try await context.withSpinner("Syncing the progress…") {
            if let save {
                await model.saveProgress(cursor: save.seconds, basedOn: basedOn)
            } else if action == .delete {
                await model.deleteProgress()
            } else {
                await model.fetchProgress()
            }
        }
        // A position the server has not taken yet shows beside what it holds, or alone.
        let pending =
            action == .show ? await context.keptPositionsOfThisAccount().last { $0.progress.videoID == videoID } : nil
        if case .failed(_, let failure, _) = model.state {
            let operation: APIOperation =
                save != nil ? .updateProgressForVideo : action == .delete ? .deleteProgressForVideo : .progressForVideo
            let status = context.report(
                failure, on: action == .show ? .progress : .progressUpdate, asking: operation, about: videoID,
                subject: "video \(videoID)", sentence: model.unsaved == nil ? .screens : .none)
            if let pending { console.say(CommandContext.notYetSaved(pending)) }
            // What became of a position --set could not save: kept for the next command, or lost, with
            // the kept-position store's failure (`keptPositionsFailure` when there was no kept-position store to try).
            switch model.unsaved {
            case .kept(let pending)?: console.say(CommandContext.notYetSaved(pending))
            case .lost(_, let store)?:
                console.fail(
                    "The position \(save?.typed ?? "") was not saved, nor kept on this machine"
                        + ((store ?? keptPositionsFailure).map { ": \($0.keptPositionsMessage)" } ?? "."))
            case nil: break
            }
            return status
        }
        // Set or deleted by hand: a position kept from an earlier watch must not overwrite it later.
        if action != .show { await context.forgetTheKeptPosition(of: videoID) }
        if case .loaded(let progress) = model.state {
            await context.rememberServerPosition(progress, savedHere: action != .show)
        }
        if json, case .loaded(let progress) = model.state {
            let kept = pending.map {
                ProgressOutput.Kept(cursor: $0.progress.cursor, recordedAt: $0.recordedAt.timeIntervalSince1970)
            }
            context.printJSON(
                ProgressOutput(videoID: progress.videoID, cursor: progress.cursor, kept: kept, pending: kept))
        } else if action == .delete {
            console.say("Deleted the progress of video \(videoID).")
        } else {
            console.print(Screens.progress(model, duration: duration, style: context.style))
            if let pending { console.say(CommandContext.notYetSaved(pending)) }
        }
        return .success
    }

    /// What `action` saves in video `videoID` of `duration` seconds (when the catalogue
    /// gave it), `nil` when it saves nothing: --done its whole length, --set up to it; what
    /// it cannot save is said on `console`, a usage error (64).
    @MainActor static func position(_ action: Action, videoID: String, duration: Int?, on console: any Console)
        throws(ExitCode) -> (seconds: Int, typed: String)?
    {
        switch action {
        case .show, .delete:
            return nil
        case .done:
            guard let duration, duration > 0 else {
                console.fail(
                    "The length of video \(videoID) is not in the catalogue, so --done cannot save it: "
                        + "use --set with the time it ends at.")
                throw .usage
            }
            return (duration, VideoDuration.format(seconds: duration))
        case .set(let seconds, let typed):
            if let duration, seconds > duration {
                console.fail(UsageError.beyondTheVideo(typed: typed, duration: duration).description)
                throw .usage
            }
            return (seconds, typed)
        }
    }

}

extension ProgressCommand.Action {
    /// What a --set or --done that cannot look its episode up says instead of what was
    /// fetched: that nothing was saved; `nil` for what saves nothing, and so needs no
    /// episode's length.
    var notSaved: CommandContext.Sentence? {
        switch self {
        case .set(_, let typed): .instead("The position \(typed) was not saved.")
        case .done: .instead("It was not marked watched.")
        case .show, .delete: nil
        }
    }
}

/// `progress --json`: what the server holds, and a position kept on this machine that it has
/// not taken yet (absent when there is none).
private struct ProgressOutput: Encodable {
    let videoID: String
    let cursor: Int
    let kept: Kept?
    /// `kept` under its earlier name, still written for the readers of it.
    let pending: Kept?

    struct Kept: Encodable {
        let cursor: Int
        /// Seconds since 1970.
        let recordedAt: Double
    }
}
