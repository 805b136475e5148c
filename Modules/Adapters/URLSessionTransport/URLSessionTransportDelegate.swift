import AsyncPrimitives
import Foundation
import Ports
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate behind ``URLSessionTransport``: collects each task's body,
/// enforces the size limit and the request's deadline, refuses redirects, answers
/// authentication challenges with the server's own 401, and resumes the waiting caller
/// exactly once.
///
/// One watchdog serves every task in flight: it wakes a few times per timeout and
/// cancels the tasks that have not finished within their `timeoutInterval` of being sent
/// — a deadline from send to last byte, which a server trickling a byte at a time cannot
/// stretch — so a request costs no timer of its own. A streamed task's deadline runs
/// instead from the last bytes that came, and not at all while its reader has paused it.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, Sendable {
    typealias Continuation = CheckedContinuation<(Data, HTTPURLResponse), any Error>
    typealias HeadContinuation = CheckedContinuation<HTTPURLResponse, any Error>

    private struct Pending {
        let task: URLSessionTask
        /// The caller waiting for the whole answer; `nil` for a streamed task.
        let continuation: Continuation?
        /// The caller of a streamed task, until its head has come.
        var head: HeadContinuation?
        /// The channel a streamed task's reader reads; `nil` for a task answered whole.
        let channel: ByteChannel<TransportError>?
        let limit: Int
        let timeout: Duration
        /// When the task fails as timed out; `nil` while its reader has paused it.
        var deadline: ContinuousClock.Instant?
        var body = Data()
        var received = 0
        var failure: URLError?
        /// The response of an authentication challenge, handed back as the answer.
        var challenged: HTTPURLResponse?
        /// Resumes asked for by a reader before the pause they answer was made.
        var earlyResumes = 0
    }

    private struct State {
        var pending: [Int: Pending] = [:]
        /// Tasks that completed before they were registered: only a cancellation, before
        /// `resume()`, can do that.
        var completedEarly: Set<Int> = []
        var isWatching = false
    }

    private let state = Mutex(State())

    /// Registers `task`: answered whole to `continuation`, or streamed — `head` answered with the
    /// response once it comes, and the body going into `channel`. A task cancelled before it
    /// was registered is answered `cancelled` at once. A timeout that is not a positive number
    /// is 60 s.
    func register(
        _ task: URLSessionTask, limit: Int, timeout: TimeInterval, continuation: Continuation? = nil,
        streamingInto channel: ByteChannel<TransportError>? = nil, head: HeadContinuation? = nil
    ) {
        let timeout = Duration.seconds(timeout.isFinite && timeout > 0 ? timeout : 60)
        var pending = Pending(
            task: task, continuation: continuation, head: head, channel: channel, limit: limit, timeout: timeout)
        let id = task.taskIdentifier
        let (registered, startWatchdog) = state.withLock { state in
            if state.completedEarly.remove(id) != nil { return (false, false) }
            pending.deadline = .now + timeout
            state.pending[id] = pending
            defer { state.isWatching = true }
            return (true, !state.isWatching)
        }
        if startWatchdog { Task { [weak self] in await self?.watch() } }
        if !registered {
            continuation?.resume(throwing: URLError(.cancelled))
            head?.resume(throwing: URLError(.cancelled))
        }
    }

    /// Hands a streamed task's head to its caller; one declared longer than the limit fails
    /// at once. (A task answered whole waits for its first chunk to check.)
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(.allow)
        let id = dataTask.taskIdentifier
        guard let http = response as? HTTPURLResponse else { return }
        let head = state.withLock { state -> HeadContinuation? in
            guard let limit = state.pending[id]?.limit, http.expectedContentLength <= Int64(limit) else { return nil }
            defer { state.pending[id]?.head = nil }
            return state.pending[id]?.head
        }
        if let head {
            head.resume(returning: http)
        } else if state.withLock({ $0.pending[id]?.head != nil }) {
            fail(dataTask, with: URLError(.dataLengthExceedsMaximum))
        }
    }

    private enum Arrival {
        case ignored, kept, overflow
        case forReader(ByteChannel<TransportError>)
    }

    /// Collects a chunk, or hands it to a streamed task's reader; a body longer than the
    /// limit (counted in decoded bytes, as they arrive), or declared longer in its
    /// `Content-Length`, fails at its first chunk over, without being read whole.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let declared = dataTask.response?.expectedContentLength ?? -1
        let id = dataTask.taskIdentifier
        let arrival = state.withLock { state -> Arrival in
            // Only small fields are read: a copy of the entry would share the body's buffer,
            // and the append below would then copy everything received so far.
            guard
                let (received, limit, channel) = state.pending[id].flatMap({
                    $0.failure == nil ? ($0.received, $0.limit, $0.channel) : nil
                })
            else { return .ignored }
            guard received + data.count <= limit, declared <= Int64(limit) else { return .overflow }
            state.pending[id]?.received += data.count
            guard let channel else {
                state.pending[id]?.body.append(data)  // in place: the buffer is referenced once
                return .kept
            }
            if let timeout = state.pending[id]?.timeout { state.pending[id]?.deadline = .now + timeout }
            return .forReader(channel)
        }
        switch arrival {
        case .overflow: fail(dataTask, with: URLError(.dataLengthExceedsMaximum))
        case .forReader(let channel): if !channel.append(data) { pause(dataTask) }
        case .ignored, .kept: break
        }
    }

    /// Suspends a streamed task whose reader has fallen behind; its clock stops meanwhile.
    /// Not with swift-corelibs-foundation: there `suspend` of a task between two states of its
    /// transfer traps (in `_NativeProtocol.stopLoading`, as a loaded run of the contract suite
    /// showed), and its own buffers grow with the body however the task is driven; the reader
    /// there gets the body buffered, and the libcurl transport is Linux's streaming one.
    private func pause(_ task: URLSessionTask) {
        #if !canImport(FoundationNetworking)
            state.withLock { state in
                let id = task.taskIdentifier
                // Gone, or paused already: a task is suspended once for each resume that answers it.
                guard state.pending[id] != nil, state.pending[id]?.deadline != nil else { return }
                if state.pending[id]?.earlyResumes ?? 0 > 0 {
                    state.pending[id]?.earlyResumes -= 1  // the reader caught up already
                } else {
                    state.pending[id]?.deadline = nil
                    task.suspend()
                }
            }
        #endif
    }

    /// Resumes a streamed task paused for its reader, which has caught up.
    func resumeReading(_ task: URLSessionTask) {
        state.withLock { state in
            let id = task.taskIdentifier
            guard let entry = state.pending[id].map({ (paused: $0.deadline == nil, timeout: $0.timeout) }) else {
                return
            }
            guard entry.paused else {
                state.pending[id]?.earlyResumes += 1
                return
            }
            state.pending[id]?.deadline = .now + entry.timeout
            task.resume()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    /// A server's challenge (`WWW-Authenticate: Basic`, Digest, …) ends the request at once
    /// with the server's own 401: the client has no credentials to offer beyond those it
    /// sent, and Linux's URLSession would otherwise wait for an answer that never comes.
    /// Server-trust and client-certificate challenges carry no failure response and get
    /// the system's default handling.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard let response = (challenge.failureResponse ?? task.response) as? HTTPURLResponse,
            [401, 407].contains(response.statusCode)
        else { return completionHandler(.performDefaultHandling, nil) }
        state.withLock { $0.pending[task.taskIdentifier]?.challenged = response }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let id = task.taskIdentifier
        let entry = state.withLock { state in
            guard let entry = state.pending.removeValue(forKey: id) else {
                state.completedEarly.insert(id)
                return Pending?.none
            }
            return entry
        }
        guard let entry else { return }
        let answer: Result<HTTPURLResponse, any Error> =
            if entry.failure == nil, let challenged = entry.challenged {
                .success(challenged)
            } else if let failure = entry.failure
                ?? error.map({ Self.normalized($0, response: task.response, received: entry.received) })
            {
                .failure(failure)
            } else if let response = task.response as? HTTPURLResponse {
                .success(response)
            } else {
                .failure(URLError(.badServerResponse))
            }
        entry.continuation?.resume(with: answer.map { (entry.body, $0) })
        entry.head?.resume(with: answer)
        if case .failure(let failure) = answer {
            entry.channel?.finish(throwing: URLErrorMapping.transportError(for: failure))
        } else {
            entry.channel?.finish()
        }
    }

    /// Cancels, every few tenths of a timeout, the tasks past their deadline; ends when no
    /// task is left.
    private func watch() async {
        while true {
            let (late, pause) = state.withLock { state -> ([URLSessionTask], Duration?) in
                guard !state.pending.isEmpty else {
                    state.isWatching = false
                    return ([], nil)
                }
                let now = ContinuousClock.now
                var late: [URLSessionTask] = []
                for (id, entry) in state.pending where entry.failure == nil && now > entry.deadline ?? .now {
                    state.pending[id]?.failure = URLError(.timedOut)
                    late.append(entry.task)
                }
                let shortest = state.pending.values.map(\.timeout).min() ?? .seconds(1)
                return (late, min(max(shortest / 5, .milliseconds(10)), .milliseconds(250)))
            }
            late.forEach { $0.cancel() }
            guard let pause else { return }
            try? await Task.sleep(for: pause)
        }
    }

    /// On Linux a server that closes the connection without a byte of response is reported
    /// as `badServerResponse` (curl's "empty reply"), and a body cut short before its
    /// declared length as code -1 ("transfer closed with N bytes remaining"); to the client
    /// both are a lost connection, told here by what arrived, not by the words.
    private static func normalized(_ error: any Error, response: URLResponse?, received: Int) -> any Error {
        let code = (error as? URLError)?.code
        if code == .badServerResponse, response == nil { return URLError(.networkConnectionLost) }
        if code == .unknown, let response, response.expectedContentLength > Int64(received) {
            return URLError(.networkConnectionLost)
        }
        return error
    }

    /// Records why the task failed (the first reason wins) and cancels it.
    private func fail(_ task: URLSessionTask, with failure: URLError) {
        state.withLock { state in
            guard state.pending[task.taskIdentifier]?.failure == nil else { return }
            state.pending[task.taskIdentifier]?.failure = failure
        }
        task.cancel()
    }
}
