import Domain
import Ports

/// What became of one kept position that ``/Stores/Ports/KeptPositionStore/deliverKept(to:)`` handled.
public struct KeptPositionDelivery: Equatable, Sendable {
    /// What happened to it.
    public enum Outcome: Equatable, Sendable {
        /// The server took it (its answer), and the kept-position store forgot it.
        case sent(VideoProgress)
        /// The server took it, but the kept-position store could not forget it: the next send sets the
        /// same position again, unless a newer one replaced it.
        case sentButKept(VideoProgress, StoreError)
        /// The server did not take it, for this reason: it stays kept.
        case failed(APIError)
        /// The server refused it for good (400, 404, 410, 422: a video it does not have, a
        /// position it will never accept): sending it again would fail the same way before
        /// every command, so the kept-position store forgot it.
        case refused(APIError)
        /// Not sent, because another device moved the server's position since this machine last
        /// saw it (the position the kept one follows): the newer one, this, stays on the server,
        /// and the kept-position store forgot the kept one.
        case superseded(VideoProgress)
        /// Not sent, because an earlier position's failure holds for every one (the server
        /// unreachable, nobody signed in, the task cancelled): it stays kept.
        case notSent
    }

    /// The position as it was kept.
    public let position: KeptPosition
    public let outcome: Outcome

    public init(position: KeptPosition, outcome: Outcome) {
        self.position = position
        self.outcome = outcome
    }
}

extension KeptPositionStore {
    /// Sends every kept position through `api`, oldest first; forgets what the server took,
    /// keeps what it did not, and says what happened to each, so that a caller can report it.
    ///
    /// A position never goes back in time: one kept with the server's position it follows
    /// (``/Ports/KeptPosition/basedOn``) is sent only while the server still holds that one.
    /// When it holds another, another device saved it since — the API's positions carry no time,
    /// so a change is all that tells — and the kept one is forgotten, not sent
    /// (``KeptPositionDelivery/Outcome/superseded(_:)``). That costs a request per kept position, and
    /// positions are kept only when a save failed. One kept with no base (an earlier release's)
    /// is sent as it is.
    ///
    /// After a failure that holds for every position (``/Domain/APIError/Kind/unreachable``,
    /// ``/Domain/APIError/Kind/unauthorized``, ``/Domain/APIError/Kind/cancelled``) the rest are
    /// not sent: a server that cannot be reached would make each wait for its timeout. A
    /// failure of one video (a 404, a 5xx) does not stop the others. A position the server
    /// refuses for good (``KeptPositionDelivery/Outcome/refused(_:)``) is forgotten.
    ///
    /// - Throws: the kept-position store's error when its positions cannot be read; nothing was sent.
    public func deliverKept(to api: any APIService) async throws(StoreError) -> [KeptPositionDelivery] {
        var deliveries: [KeptPositionDelivery] = []
        var stopped = false
        for position in try await kept() {
            guard !stopped else {
                deliveries.append(KeptPositionDelivery(position: position, outcome: .notSent))
                continue
            }
            let outcome = await deliver(position, to: api)
            if case .failed(let error) = outcome, [.unreachable, .unauthorized, .cancelled].contains(error.kind) {
                stopped = true
            }
            deliveries.append(KeptPositionDelivery(position: position, outcome: outcome))
        }
        return deliveries
    }

    private func deliver(_ position: KeptPosition, to api: any APIService) async -> KeptPositionDelivery.Outcome {
        if let base = position.basedOn {
            let now: VideoProgress
            do throws(APIError) {
                now = try await api.progressForVideo(id: position.progress.videoID)
            } catch {
                return await refusedForGood(position, error) ?? .failed(error)
            }
            // Sent already (by a process that stopped before it could forget it): nothing to do.
            if now.cursor == position.progress.cursor { return await forget(position, taken: now) }
            if now.cursor != base.cursor { return await removing(position, then: .superseded(now)) }
        }
        let taken: VideoProgress
        do throws(APIError) {
            taken = try await api.updateProgressForVideo(
                id: position.progress.videoID, cursor: position.progress.cursor)
        } catch {
            return await refusedForGood(position, error) ?? .failed(error)
        }
        return await forget(position, taken: taken)
    }

    /// Forgets `position`, which the server holds as `taken`.
    private func forget(_ position: KeptPosition, taken: VideoProgress) async -> KeptPositionDelivery.Outcome {
        await removing(position, then: .sent(taken)) { .sentButKept(taken, $0) }
    }

    /// When `error` refuses `position` for good, forgets it and says so; `nil` for any other error.
    private func refusedForGood(_ position: KeptPosition, _ error: APIError) async -> KeptPositionDelivery.Outcome? {
        error.isRefusedForGood ? await removing(position, then: .refused(error)) : nil
    }

    /// Removes `position` from the kept-position store and answers `outcome`; `failed` says what became of it
    /// when it cannot be removed.
    private func removing(
        _ position: KeptPosition, then outcome: KeptPositionDelivery.Outcome,
        failed: (StoreError) -> KeptPositionDelivery.Outcome = { .failed(.unknown(.store($0))) }
    ) async -> KeptPositionDelivery.Outcome {
        do throws(StoreError) {
            try await remove(position)
            return outcome
        } catch {
            return failed(error)
        }
    }
}
