import Domain
import Ports
import Presentation
import Stores

extension CommandContext {
    /// The watch history of the account signed in on this server (see ``WatchHistory``).
    func watchHistory() async throws(StoreError) -> any WatchHistory {
        services.watchHistory(try await services.accountStore.account() ?? "")
    }

    /// Continue watching, read (the catalogue, the positions, the kept positions and the
    /// history) under the spinner; `nil` when a signal ended it, or the outbox or token
    /// store failed (which is said). A history that cannot be used is said, and the list
    /// follows the catalogue's order.
    private func continueWatching() async -> ContinueWatchingViewModel? {
        let model: ContinueWatchingViewModel
        do throws(StoreError) {
            let (console, style, file) = (console, appearance.error, services.watchHistoryFile)
            model = ContinueWatchingViewModel(
                apiService: services.api, outbox: try await progressOutbox(), history: try await watchHistory(),
                historyProblem: { console.notice(Self.historyProblem($0, file: file), style: style) })
        } catch {
            console.fail(error.description)
            return nil
        }
        guard await withSpinner("Finding where you left off…", { await model.load() }) else { return nil }
        return model
    }

    /// The episodes to continue, the most recent first, with what `continue` and `watch` say
    /// of them: an offline answer's age on standard error; a failure reported, its status the
    /// failure's (a signal: 130; a store that cannot be read: 74).
    func episodesToContinue() async -> Result<[ContinueWatchingItem], Ended> {
        guard let model = await continueWatching() else {
            return .failure(Ended(status: Task.isCancelled ? .interrupted : .localState))
        }
        switch model.state {
        case .failed(_, let failure):
            return .failure(Ended(status: report(failure, context: .progress)))
        case .offline(_, _, let message):
            console.notice(message, style: appearance.error)
        case .idle, .loading, .loaded:
            break
        }
        return .success(model.state.items)
    }

    /// What a history that cannot be used means here: only the order is lost.
    nonisolated static func historyProblem(_ error: StoreError, file: String?) -> String {
        let history = file.map { "the watch history \($0)" } ?? "the watch history"
        return switch error {
        case .corrupt(_, let detail):
            "\(history) is not valid (\(detail)); it is set aside and started anew when next written, and "
                + "meanwhile the list follows the catalogue's order."
        default: "\(history) cannot be used: \(error) The list follows the catalogue's order."
        }
    }
}
