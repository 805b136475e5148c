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
    static let set = CommandLineParser.Option(
        name: "--set", valueName: "TIME",
        summary: "save how far you watched: seconds, m:ss or h:mm:ss (up to the video's length)")
    static let delete = CommandLineParser.Option(name: "--delete", valueName: nil, summary: "forget the progress")
    static let done = CommandLineParser.Option(
        name: "--done", valueName: nil, summary: "mark it watched to the end (its whole length saved)")
    static let spec = CommandLineParser.CommandSpec(
        name: "progress", arguments: ["<id or words>", "[more-words...]"], options: [set, delete, done, Grammar.json],
        summary: "Show, save or delete a video's progress (needs sign-in)",
        examples: [
            ("cocoacasts progress 556", "how far you watched episode 556"),
            ("cocoacasts progress 556 --set 2:00", "you watched up to 2:00 (also --set 120)"),
            ("cocoacasts progress 556 --done", "you watched it all, elsewhere"),
            ("cocoacasts progress 556 --delete", "start again"),
        ])
    static let settingsUsed = Set(ConfigKey.allCases)
    static let callsTheAPI = true

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

    init(reference: String, action: Action, json: Bool) {
        self.reference = reference
        self.action = action
        self.json = json
    }

    init(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError) {
        self.init(
            reference: arguments.joined(separator: " "), action: try Self.action(parsed), json: parsed.has(Grammar.json)
        )
    }

    private static func action(_ parsed: CommandLineParser.Parsed) throws(UsageError) -> Action {
        if parsed.has(done) {
            if parsed.value(set) != nil { throw .conflictingOptions(set.name, done.name) }
            if parsed.has(delete) { throw .conflictingOptions(delete.name, done.name) }
            return .done
        }
        switch (parsed.value(set), parsed.has(delete)) {
        case (.some, true): throw .conflictingOptions(set.name, delete.name)
        case (nil, true): return .delete
        case (nil, false): return .show
        case (.some(let value), false):
            guard let seconds = seconds(in: value) else {
                throw .invalidValue(
                    set.name, value: value, expected: "whole seconds (90), m:ss (1:30) or h:mm:ss (1:02:03), 0 or more")
            }
            return .set(seconds: seconds, typed: value)
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
    @MainActor func run(_ context: CommandContext) async -> ExitCode {
        let (console, services) = (context.console, context.services)
        await context.deliverKeptPositions(listsWhatIsKept: true)
        let videoID: String
        let duration: Int?
        var action = self.action
        let isSet = action != .show && action != .delete
        // A --set that cannot look its episode up saves nothing, and says that rather than what was fetched.
        let sentence = action.typedPosition.map { CommandContext.Sentence.instead("The position \($0) was not saved.") }
        switch await context.resolve(
            reference, context: .progress, needingTheEpisode: isSet, sentence: sentence ?? .screens)
        {
        case .video(let id, let episode):
            videoID = id
            duration = episode?.videoDuration
            if action == .done {
                guard let duration = episode?.videoDuration, duration > 0 else {
                    console.fail(
                        "The length of video \(id) is not in the catalogue, so --done cannot save it: "
                            + "use --set with the time it ends at.")
                    return .usage
                }
                action = .set(seconds: duration, typed: VideoDuration.format(seconds: duration))
            }
            if case .set(let seconds, let typed) = action, let duration = episode?.videoDuration, seconds > duration {
                console.fail(UsageError.beyondTheVideo(typed: typed, duration: duration).description)
                return .usage
            }
        case .ended(let status): return status
        }
        var outbox: (any ProgressOutbox)?
        // The token store names the account whose outbox keeps the position; the save reads
        // the store too, and fails with its error.
        var outboxFailure: StoreError?
        if isSet {
            do throws(StoreError) {
                outbox = try await context.progressOutbox()
            } catch {
                outboxFailure = error
            }
        }
        let model = VideoProgressViewModel(videoID: videoID, apiService: services.api, outbox: outbox)
        let synced = await context.withSpinner("Syncing the progress…") {
            switch action {
            case .show: await model.fetchProgress()
            case .set(let seconds, _): await model.saveProgress(cursor: seconds)
            case .delete: await model.deleteProgress()
            case .done: break  // made a .set above
            }
        }
        guard synced else { return .interrupted }
        // A position the server has not taken yet shows beside what it holds, or alone.
        let pending = action == .show ? await context.pendingPositions().last { $0.progress.videoID == videoID } : nil
        if case .failed(_, let failure, _) = model.state {
            let operation: APIOperation =
                switch action {
                case .show: .progressForVideo
                case .set, .done: .updateProgressForVideo
                case .delete: .deleteProgressForVideo
                }
            let status = context.report(
                failure, context: action == .show ? .progress : .progressUpdate, asking: operation, about: videoID,
                subject: "video \(videoID)", sentence: model.unsaved == nil ? .screens : .none)
            if let pending { console.say(CommandContext.notYetSaved(pending)) }
            if let unsaved = model.unsaved {
                Self.sayWhatBecameOf(
                    unsaved, typed: action.typedPosition ?? "", outboxFailure: outboxFailure, on: console)
            }
            return status
        }
        // Set or deleted by hand: a position kept from an earlier watch must not overwrite it later.
        if action != .show { await context.forgetTheKeptPosition(of: videoID) }
        if json, case .loaded(let progress) = model.state {
            context.printJSON(ProgressOutput(progress: progress, pending: pending))
        } else if action == .delete {
            console.say("Deleted the progress of video \(videoID).")
        } else {
            console.print(Screens.progress(model, duration: duration, style: context.style))
            if let pending { console.say(CommandContext.notYetSaved(pending)) }
        }
        return .success
    }

    /// Says what became of a position `--set` could not save: kept for the next command, or
    /// lost, with the outbox's failure (`outboxFailure` when there was no outbox to try).
    @MainActor private static func sayWhatBecameOf(
        _ unsaved: VideoProgressViewModel.Unsaved, typed: String, outboxFailure: StoreError?, on console: any Console
    ) {
        switch unsaved {
        case .kept(let pending): console.say(CommandContext.notYetSaved(pending))
        case .lost(_, let store):
            console.fail(
                "The position \(typed) was not saved, nor kept on this machine"
                    + ((store ?? outboxFailure).map { ": \($0.outboxMessage)" } ?? "."))
        }
    }
}

extension ProgressCommand.Action {
    /// The position as the user typed it, for `--set`.
    var typedPosition: String? {
        if case .set(_, let typed) = self { typed } else { nil }
    }
}

/// `progress --json`: what the server holds, and a position kept on this machine that it has
/// not taken yet (absent when there is none).
private struct ProgressOutput: Encodable {
    let videoID: String
    let cursor: Int
    let pending: Pending?

    struct Pending: Encodable {
        let cursor: Int
        /// Seconds since 1970.
        let recordedAt: Double
    }

    init(progress: VideoProgress, pending: PendingProgress?) {
        videoID = progress.videoID
        cursor = progress.cursor
        self.pending = pending.map {
            Pending(cursor: $0.progress.cursor, recordedAt: $0.recordedAt.timeIntervalSince1970)
        }
    }
}
