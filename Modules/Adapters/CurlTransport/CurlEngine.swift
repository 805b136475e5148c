import AsyncPrimitives
import CCurl
import Ports
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One libcurl multi handle and the one thread that drives it.
///
/// The thread sleeps in `curl_multi_poll` — no busy loop — until a socket is ready,
/// curl's next timer is due, or `curl_multi_wakeup` says a transfer was added or
/// cancelled. Body bytes are appended by curl's callbacks on that thread, in place: no
/// hop to another thread per chunk. Connections are kept and reused across transfers
/// (HTTP/2 streams multiplexed on one, as curl offers), at most
/// ``CurlTransport/connectionsPerOrigin`` to an origin.
final class CurlEngine: @unchecked Sendable {
    // Sendable: `multi`, `running` and `sockets` are touched only by the engine's thread (and
    // by init, before it starts); what other threads hand over goes through `inbox`, under
    // its lock, which also guards every transfer's phase; curl_multi_wakeup may be called
    // from any thread, and is, under that lock, only until the thread frees `multi`.
    private struct Inbox {
        var added: [CurlTransfer] = []
        var cancelled: [CurlTransfer] = []
        /// Paused transfers whose reader has made room.
        var resumed: [CurlTransfer] = []
        var isStopping = false
        /// Whether stopping cancels the transfers still running instead of waiting for them.
        var cancelsTheRest = false
        /// Set by the thread, under the lock, just before it frees the multi handle: from then
        /// on nothing may wake it, and a transfer submitted is answered at once.
        var hasEnded = false
    }

    private let curl: LibCurl
    private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex(Inbox())
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    /// The connections' sockets, which the thread tells to acknowledge what they received at once.
    private let sockets: UnsafeMutablePointer<CCurlSockets>
    /// Set once, in init, before anything else can reach the engine.
    private var thread: JoinableThread?

    /// An engine whose thread starts at once.
    init(curl: LibCurl) throws(TransportError) {
        guard let multi = curl.functions.pointee.multi_init() else {
            throw TransportError(.other, "libcurl could not make a multi handle (curl_multi_init)")
        }
        self.curl = curl
        self.multi = multi
        sockets = .allocate(capacity: 1)
        sockets.initialize(to: CCurlSockets())
        // HTTP/2 streams share a connection where the server offers it; otherwise at most
        // `connectionsPerOrigin` connections to one origin, the transfers beyond them waiting
        // in curl's queue for one to come free, and every connection kept for the next.
        let limits: [(option: Int32, value: Int)] = [
            (Int32(CCURLMOPT_PIPELINING), Int(CCURLPIPE_MULTIPLEX)),
            (Int32(CCURLMOPT_MAX_HOST_CONNECTIONS), CurlTransport.connectionsPerOrigin),
            (Int32(CCURLMOPT_MAX_TOTAL_CONNECTIONS), CurlTransport.connectionsInAll),
            (Int32(CCURLMOPT_MAXCONNECTS), CurlTransport.connectionsInAll),
        ]
        for limit in limits { _ = ccurl_multi_setopt_long(curl.functions, multi, limit.option, limit.value) }
        thread = JoinableThread(name: "cocoacasts.curl", stackSize: 8 << 20) { [self] in run() }
    }

    /// Starts `transfer`, or answers it at once when it was cancelled before it got here or
    /// the engine is stopping.
    func submit(_ transfer: CurlTransfer) {
        // The phase and the inbox change together, so a cancellation is never lost between them.
        let wasCancelled = inbox.withLock { inbox in
            guard transfer.phase == .created, !inbox.cancelsTheRest, !inbox.hasEnded else { return true }
            transfer.phase = .submitted
            inbox.added.append(transfer)
            wake(inbox)
            return false
        }
        if wasCancelled { return finish(transfer, with: .failure(TransportError(.cancelled, "cancelled"))) }
    }

    /// Stops `transfer` at once: its handle is removed and its caller answered `cancelled`.
    /// One not submitted yet is answered by ``submit(_:)``; one finished, not at all.
    func cancel(_ transfer: CurlTransfer) {
        inbox.withLock { inbox in
            switch transfer.phase {
            case .created:
                transfer.phase = .cancelled
            case .submitted:
                transfer.phase = .cancelled
                inbox.cancelled.append(transfer)
                wake(inbox)
            case .cancelled, .finished:
                break
            }
        }
    }

    /// Goes on with `transfer`, which paused because its reader fell behind (see
    /// ``/AsyncPrimitives/ByteChannel``).
    func resume(_ transfer: CurlTransfer) {
        // Only a transfer still running (as ``cancel(_:)``): once it ended, the engine may have too.
        inbox.withLock { inbox in
            guard transfer.phase == .submitted else { return }
            inbox.resumed.append(transfer)
            wake(inbox)
        }
    }

    /// Ends the thread once no transfer runs (the transport is going away, so none will).
    ///
    /// `cancellingTheRest` cancels the transfers still running instead, and waits until the
    /// thread has ended: every connection closed and libcurl's state freed. Later transfers
    /// are answered `cancelled` at once.
    func stop(cancellingTheRest: Bool = false) {
        inbox.withLock { inbox in
            inbox.isStopping = true
            if cancellingTheRest { inbox.cancelsTheRest = true }
            wake(inbox)
        }
        if cancellingTheRest { thread?.join() }
    }

    /// Ends the thread's `curl_multi_poll`, unless the thread has freed the multi handle: called
    /// under the inbox's lock, so that it never touches the handle after (a wakeup after the
    /// unlock once raced the thread's last `curl_multi_cleanup` and wrote to a freed handle).
    private func wake(_ inbox: borrowing Inbox) {
        if !inbox.hasEnded { _ = curl.functions.pointee.multi_wakeup(multi) }
    }

    private func run() {
        let f = curl.functions.pointee
        while true {
            let taken = inbox.withLock { inbox in
                defer { (inbox.added, inbox.cancelled, inbox.resumed) = ([], [], []) }
                return inbox
            }
            let cancelledNow = Set(taken.cancelled.map(ObjectIdentifier.init))
            for transfer in taken.added {
                if cancelledNow.contains(ObjectIdentifier(transfer)) {
                    finish(transfer, with: .failure(TransportError(.cancelled, "cancelled")))
                } else if ccurl_easy_track_sockets(curl.functions, transfer.easy, sockets) == CurlCode.ok,
                    f.multi_add_handle(multi, transfer.easy) == 0
                {
                    running[transfer.easy] = transfer
                } else {
                    finish(transfer, with: .failure(TransportError(.other, "libcurl refused the transfer")))
                }
            }
            // Identity, not the handle's address alone: a finished transfer's address may be a new one's.
            for transfer in taken.cancelled where running[transfer.easy] === transfer {
                running[transfer.easy] = nil
                _ = f.multi_remove_handle(multi, transfer.easy)
                finish(transfer, with: .failure(TransportError(.cancelled, "cancelled")))
            }
            // curl hands the paused bytes over again at once, from inside curl_easy_pause.
            for transfer in taken.resumed where running[transfer.easy] === transfer {
                _ = f.easy_pause(transfer.easy, Int32(CCURLPAUSE_CONT))
            }
            if taken.cancelsTheRest {
                for transfer in running.values {
                    _ = f.multi_remove_handle(multi, transfer.easy)
                    finish(
                        transfer, with: .failure(TransportError(.cancelled, "cancelled: the transport was shut down")))
                }
                running = [:]
            }
            // Decided under the lock: a transfer submitted meanwhile is seen here and kept going.
            let ends = inbox.withLock { inbox in
                inbox.hasEnded = taken.isStopping && running.isEmpty && inbox.added.isEmpty
                return inbox.hasEnded
            }
            if ends { break }
            var active: Int32 = 0
            _ = f.multi_perform(multi, &active)
            // A server that holds the end of an answer until what it sent is acknowledged (Nagle's
            // algorithm, as python's http.server writes a head and a body) would otherwise wait
            // for the kernel's delayed acknowledgement: up to 40 ms a request over a kept connection.
            ccurl_acknowledge_now(sockets)
            var remaining: Int32 = 0
            while let message = f.multi_info_read(multi, &remaining) {
                guard message.pointee.message == Int32(CCURLMSG_DONE),
                    let transfer = running.removeValue(forKey: message.pointee.easy)
                else { continue }
                let code = message.pointee.data.result
                _ = f.multi_remove_handle(multi, transfer.easy)
                finish(transfer, with: transfer.outcome(of: code))
            }
            // Sleeps until a socket or a timer of curl's needs it, or a wakeup; curl shortens
            // the wait to its own next timeout.
            _ = f.multi_poll(multi, nil, 0, 1000, nil)
        }
        _ = f.multi_cleanup(multi)
        sockets.deallocate()
    }

    /// Answers `transfer`'s caller once, and frees its handle.
    private func finish(_ transfer: CurlTransfer, with outcome: Result<HTTPResponse, TransportError>) {
        let isFirst = inbox.withLock { _ in
            defer { transfer.phase = .finished }
            return transfer.phase != .finished
        }
        guard isFirst else { return }
        transfer.release()
        transfer.answer(outcome)
    }
}
