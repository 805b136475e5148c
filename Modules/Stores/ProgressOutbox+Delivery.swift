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
        /// Not sent, because another device moved the server's position since this machine last
        /// saw it (the position the kept one follows): the newer one, this, stays on the server,
        /// and the outbox forgot the kept one.
        case superseded(VideoProgress)
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
    /// A position never goes back in time: one kept with the server's position it follows
    /// (``/Ports/PendingProgress/basedOn``) is sent only while the server still holds that one.
    /// When it holds another, another device saved it since — the API's positions carry no time,
    /// so a change is all that tells — and the kept one is forgotten, not sent
    /// (``PendingDelivery/Outcome/superseded(_:)``). That costs a request per kept position, and
    /// positions are kept only when a save failed. One kept with no base (an earlier release's)
    /// is sent as it is.
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
        if let base = pending.basedOn {
            let now: VideoProgress
            do throws(APIError) {
                now = try await api.progressForVideo(id: pending.progress.videoID)
            } catch {
                return await refusedForGood(pending, error) ?? .failed(error)
            }
            // Sent already (by a process that stopped before it could forget it): nothing to do.
            if now.cursor == pending.progress.cursor { return await forget(pending, taken: now) }
            if now.cursor != base.cursor { return await removing(pending, then: .superseded(now)) }
        }
        let taken: VideoProgress
        do throws(APIError) {
            taken = try await api.updateProgressForVideo(id: pending.progress.videoID, cursor: pending.progress.cursor)
        } catch {
            return await refusedForGood(pending, error) ?? .failed(error)
        }
        return await forget(pending, taken: taken)
    }

    /// Forgets `pending`, which the server holds as `taken`.
    private func forget(_ pending: PendingProgress, taken: VideoProgress) async -> PendingDelivery.Outcome {
        await removing(pending, then: .sent(taken)) { .sentButKept(taken, $0) }
    }

    /// When `error` refuses `pending` for good, forgets it and says so; `nil` for any other error.
    private func refusedForGood(_ pending: PendingProgress, _ error: APIError) async -> PendingDelivery.Outcome? {
        error.isRefusedForGood ? await removing(pending, then: .refused(error)) : nil
    }

    /// Removes `pending` from the outbox and answers `outcome`; `failed` says what became of it
    /// when it cannot be removed.
    private func removing(
        _ pending: PendingProgress, then outcome: PendingDelivery.Outcome,
        failed: (StoreError) -> PendingDelivery.Outcome = { .failed(.unknown(.store($0))) }
    ) async -> PendingDelivery.Outcome {
        do throws(StoreError) {
            try await remove(pending)
            return outcome
        } catch {
            return failed(error)
        }
    }
}
