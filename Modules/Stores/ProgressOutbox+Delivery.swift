import Domain
import Ports

/// What became of one kept position that ``/Stores/Ports/ProgressOutbox/deliverPending(to:)`` handled.
public struct PendingDelivery: Equatable, Sendable {
    /// What happened to it.
    public enum Outcome: Equatable, Sendable {
        /// The server took it (its answer), and the outbox forgot it.
        case sent(VideoProgress)
        /// The server took it, but the outbox could not forget it: the next send sets the
        /// same position again, unless a newer one replaced it.
        case sentButKept(VideoProgress, StoreError)
        /// The server did not take it, for this reason: it stays kept.
        case failed(APIError)
        /// The server refused it for good (400, 404, 410, 422: a video it does not have, a
        /// position it will never accept): sending it again would fail the same way before
        /// every command, so the outbox forgot it.
        case refused(APIError)
        /// Not sent, because an earlier position's failure holds for every one (the server
        /// unreachable, nobody signed in, the task cancelled): it stays kept.
        case notSent
    }

    /// The position as it was kept.
    public let pending: PendingProgress
    public let outcome: Outcome

    public init(pending: PendingProgress, outcome: Outcome) {
        self.pending = pending
        self.outcome = outcome
    }
}

extension ProgressOutbox {
    /// Sends every kept position through `api`, oldest first; forgets what the server took,
    /// keeps what it did not, and says what happened to each, so that a caller can report it.
    ///
    /// A kept position is always sent, never first compared with the server's. The API's
    /// progress carries no time, so the server's cursor can never be shown to be newer in
    /// time than a kept one; what is known is that this machine recorded the kept position
    /// after the last save of that video it saw succeed (a successful save forgets every
    /// position of the video recorded before it). A kept position equal to the server's
    /// cursor sets the same value again, which is harmless; one smaller than it is where
    /// the viewer was last seen here, and wins. Asking first would cost a request per video
    /// and decide nothing.
    ///
    /// After a failure that holds for every position (``/Domain/APIError/Kind/unreachable``,
    /// ``/Domain/APIError/Kind/unauthorized``, ``/Domain/APIError/Kind/cancelled``) the rest are
    /// not sent: a server that cannot be reached would make each wait for its timeout. A
    /// failure of one video (a 404, a 5xx) does not stop the others. A position the server
    /// refuses for good (``PendingDelivery/Outcome/refused(_:)``) is forgotten.
    ///
    /// - Throws: the outbox's error when its positions cannot be read; nothing was sent.
    public func deliverPending(to api: any APIService) async throws(StoreError) -> [PendingDelivery] {
        var deliveries: [PendingDelivery] = []
        var stopped = false
        for pending in try await pending() {
            guard !stopped else {
                deliveries.append(PendingDelivery(pending: pending, outcome: .notSent))
                continue
            }
            let outcome = await deliver(pending, to: api)
            if case .failed(let error) = outcome, [.unreachable, .unauthorized, .cancelled].contains(error.kind) {
                stopped = true
            }
            deliveries.append(PendingDelivery(pending: pending, outcome: outcome))
        }
        return deliveries
    }

    private func deliver(_ pending: PendingProgress, to api: any APIService) async -> PendingDelivery.Outcome {
        let taken: VideoProgress
        do throws(APIError) {
            taken = try await api.updateProgressForVideo(id: pending.progress.videoID, cursor: pending.progress.cursor)
        } catch {
            guard error.isRefusedForGood else { return .failed(error) }
            do throws(StoreError) {
                try await remove(pending)
                return .refused(error)
            } catch {
                return .failed(.unknown(.store(error)))
            }
        }
        do throws(StoreError) {
            try await remove(pending)
            return .sent(taken)
        } catch {
            return .sentButKept(taken, error)
        }
    }

}
