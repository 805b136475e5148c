import Domain
import Ports
import Presentation
import Stores
import TerminalUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension CommandContext {
    /// The positions this server has not taken yet, of the account signed in (its name as
    /// the token store keeps it; none recorded is the empty name).
    func keptPositionStore() async throws(StoreError) -> any KeptPositionStore {
        services.keptPositionStore(try await services.accountStore.account() ?? "")
    }

    /// Sends the positions kept on this machine for this server and account, before anything
    /// else the command asks of the server, and says what became of each (dimmed, on standard
    /// error). A position the server does not take stays kept for the next command; nothing
    /// kept says nothing. A server that cannot be reached is not said here: the command's own
    /// request says that cause once (a saved list says it too), and one line says how many
    /// positions wait — none when `listsWhatIsKept`, as the command shows them itself.
    func deliverKeptPositions(listsWhatIsKept: Bool = false) async {
        guard let keptPositions = await keptPositionsUnlessTheTokenStoreFails() else { return }
        let deliveries: [KeptPositionDelivery]
        do throws(StoreError) {
            deliveries = try await keptPositions.deliverKept(to: services.api)
        } catch {
            sayTheKeptPositionsFailed(error)
            return
        }
        let now = Date()
        var unreachable = false
        for delivery in deliveries {
            let what =
                "the position \(VideoDuration.format(seconds: delivery.position.progress.cursor)) of video "
                + "\(delivery.position.progress.videoID), kept on this machine since "
                + RelativeAge.phrase(from: delivery.position.recordedAt, to: now)
            switch delivery.outcome {
            case .sent: notice("saved \(what).")
            case .sentButKept(_, let store):
                notice("saved \(what), but it could not be forgotten here: \(store.keptPositionsMessage)")
            case .refused(let error):
                notice("dropped \(what): the server refuses it for good (\(Screens.whyASaveFailed(error)))")
            case .superseded(let server):
                notice(Screens.superseded(delivery.position, by: server, now: now))
            case .failed(let error) where error.kind == .unreachable: unreachable = true
            case .failed(let error) where error.kind == .cancelled: break
            case .failed(let error):
                notice("\(what) is still kept: \(Screens.whyASaveFailed(error))")
            case .notSent: break
            }
        }
        let waiting = deliveries.filter {
            switch $0.outcome {
            case .failed, .notSent: true
            case .sent, .sentButKept, .refused, .superseded: false
            }
        }.count
        if unreachable && !listsWhatIsKept {
            let positions = waiting == 1 ? "position kept on this machine waits" : "positions kept on this machine wait"
            notice("\(waiting) \(positions) for the server; `cocoacasts status` lists \(waiting == 1 ? "it" : "them").")
        }
    }

    /// The positions kept on this machine for this server and account, oldest first; none
    /// when they cannot be read (which is said).
    func keptPositionsOfThisAccount() async -> [KeptPosition] {
        guard let keptPositions = await keptPositionsUnlessTheTokenStoreFails() else { return [] }
        do throws(StoreError) {
            return try await keptPositions.kept()
        } catch {
            sayTheKeptPositionsFailed(error)
            return []
        }
    }

    /// Forgets the position of video `id` kept on this machine; one that cannot be forgotten
    /// is said, as the next command would send it over what was set.
    func forgetTheKeptPosition(of id: String) async {
        guard let keptPositions = await keptPositionsUnlessTheTokenStoreFails() else { return }
        do throws(StoreError) {
            try await keptPositions.forget(videoID: id)
        } catch {
            console.fail(
                "the position of video \(id) kept on this machine could not be forgotten: \(error.keptPositionsMessage)"
            )
        }
    }

    /// `Not yet saved: 3:05, kept on this machine since …`: one kept position, as `progress`
    /// and `status` show it.
    static func notYetSaved(_ pending: KeptPosition, now: Date = Date()) -> String {
        "Not yet saved: \(VideoDuration.format(seconds: pending.progress.cursor)), kept on this machine since "
            + RelativeAge.phrase(from: pending.recordedAt, to: now)
            + "; the next command that reaches the server sends it."
    }

    /// The kept-position store, or `nil` when the token store (which names the account) cannot be read:
    /// the command then reports the store's failure with its own first use of it.
    private func keptPositionsUnlessTheTokenStoreFails() async -> (any KeptPositionStore)? {
        do throws(StoreError) {
            return try await keptPositionStore()
        } catch {
            return nil
        }
    }
}
