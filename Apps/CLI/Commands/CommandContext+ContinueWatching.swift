import Domain
import Ports
import Presentation
import Stores

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension CommandContext {
    /// The watch history of the account signed in on this server (see ``WatchHistory``).
    func watchHistory() async throws(StoreError) -> any WatchHistory {
        services.watchHistory(try await services.accountStore.account() ?? "")
    }

    /// The server's position of `videoID` as this machine last saw it; `nil` when it saw none, or
    /// the history cannot be read (said).
    func serverPosition(of videoID: String) async -> SeenPosition? {
        do throws(StoreError) {
            return try await watchHistory().serverPosition(of: videoID)?.position
        } catch {
            notice(error.historyMessage)
            return nil
        }
    }

    /// Remembers `progress` as the server's position now (`savedHere` when this machine set it);
    /// a history that cannot be written is said.
    func rememberServerPosition(_ progress: VideoProgress, savedHere: Bool) async {
        do throws(StoreError) {
            try await watchHistory().remember(
                SeenPosition(cursor: progress.cursor, seenAt: Date()), of: progress.videoID, savedHere: savedHere)
        } catch {
            notice(error.historyMessage)
        }
    }

    /// Continue watching, read (the catalogue, the positions, the kept positions and the
    /// history) under the spinner; throws 130 when a signal ended it, 74 when the kept-position store or
    /// token store failed (which is said). A history or kept positions that cannot be read are
    /// said, and the list goes on without them. `latestOnly` finds the one watched last alone
    /// (see ``ContinueWatchingViewModel/loadTheLatest()``).
    private func continueWatching(latestOnly: Bool) async throws(ExitCode) -> ContinueWatchingViewModel {
        let model: ContinueWatchingViewModel
        do throws(StoreError) {
            model = ContinueWatchingViewModel(
                apiService: services.api, keptPositions: try await keptPositionStore(),
                history: try await watchHistory(),
                problem: { say($0, latestOnly: latestOnly) })
        } catch {
            console.fail(error.description)
            throw Task.isCancelled ? .interrupted : .localState
        }
        try await withSpinner("Finding where you left off…") {
            latestOnly ? await model.loadTheLatest() : await model.load()
        }
        return model
    }

    /// Says what a store's `problem` costs the list, or the one watched last (`latestOnly`).
    private func say(_ problem: ContinueWatchingViewModel.Problem, latestOnly: Bool) {
        switch problem {
        case .history(let error):
            let cost =
                latestOnly
                ? "The newest episode started is the one continued." : "The list follows the catalogue's order."
            notice(error.historyMessage + " " + cost)
        case .keptPositions(let error):
            sayTheKeptPositionsFailed(error)
        }
    }

    /// The episodes to continue, the most recent first, with what `continue` and `watch` say
    /// of them: an offline answer's age on standard error; a failure reported, its status the
    /// failure's (a signal: 130; a store that cannot be read: 74). `latestOnly` asks only what
    /// finds the first (the rest may then be left out).
    func episodesToContinue(latestOnly: Bool = false) async throws(ExitCode) -> [ContinueWatchingItem] {
        let model = try await continueWatching(latestOnly: latestOnly)
        switch model.state {
        case .failed(_, let failure):
            throw report(failure, on: .progress)
        case .offline(_, _, let message):
            notice(message)
        case .idle, .loading, .loaded:
            break
        }
        return model.state.items
    }
}
