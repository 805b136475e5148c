import Foundation
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
/// stretch — so a request costs no timer of its own. Each delegate call is a trip
/// through the session's serial delegate queue, so there are as few as the job allows:
/// no response callback (the size check waits for the first chunk).
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, Sendable {
    typealias Continuation = CheckedContinuation<(Data, HTTPURLResponse), any Error>

    private struct Pending {
        let task: URLSessionTask
        let continuation: Continuation
        let limit: Int
        let timeout: Duration
        let deadline: ContinuousClock.Instant
        var body = Data()
        var failure: URLError?
        /// The response of an authentication challenge, handed back as the answer.
        var challenged: HTTPURLResponse?
    }

    private struct State {
        var pending: [Int: Pending] = [:]
        /// Tasks that completed before they were registered: only a cancellation, before
        /// `resume()`, can do that.
        var completedEarly: Set<Int> = []
        var isWatching = false
    }

    private let state = Mutex(State())

    func register(_ task: URLSessionTask, limit: Int, timeout: TimeInterval, continuation: Continuation) {
        let timeout: Duration = .seconds(timeout.isFinite && timeout > 0 ? timeout : 60)
        let (cancelledAlready, startWatchdog) = state.withLock { state in
            if state.completedEarly.remove(task.taskIdentifier) != nil { return (true, false) }
            state.pending[task.taskIdentifier] = Pending(
                task: task, continuation: continuation, limit: limit,
                timeout: timeout, deadline: .now + timeout)
            defer { state.isWatching = true }
            return (false, !state.isWatching)
        }
        if cancelledAlready { return continuation.resume(throwing: URLError(.cancelled)) }
        if startWatchdog { Task { [weak self] in await self?.watch() } }
    }

    /// Collects a chunk; a body longer than the limit (counted in decoded bytes, as they
    /// arrive), or declared longer in its `Content-Length`, fails at its first chunk over,
    /// without being read whole.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let declared = dataTask.response?.expectedContentLength ?? -1
        let id = dataTask.taskIdentifier
        let overflow = state.withLock { state -> Bool in
            // Only the count and the limit are read: a copy of the entry would share the
            // body's buffer, and the append below would then copy everything received so far.
            guard
                let (count, limit) = state.pending[id].flatMap({ $0.failure == nil ? ($0.body.count, $0.limit) : nil })
            else { return false }
            guard count + data.count <= limit, declared <= Int64(limit) else { return true }
            state.pending[id]?.body.append(data)  // in place: the buffer is referenced once
            return false
        }
        if overflow { fail(dataTask, with: URLError(.dataLengthExceedsMaximum)) }
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
        let entry = state.withLock { state in
            guard let entry = state.pending.removeValue(forKey: task.taskIdentifier) else {
                state.completedEarly.insert(task.taskIdentifier)
                return Pending?.none
            }
            return entry
        }
        guard let entry else { return }
        if entry.failure == nil, let challenged = entry.challenged {
            entry.continuation.resume(returning: (entry.body, challenged))
        } else if let failure = entry.failure
            ?? error.map({ Self.normalized($0, response: task.response, received: entry.body.count) })
        {
            entry.continuation.resume(throwing: failure)
        } else if let response = task.response as? HTTPURLResponse {
            entry.continuation.resume(returning: (entry.body, response))
        } else {
            entry.continuation.resume(throwing: URLError(.badServerResponse))
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
                for (id, entry) in state.pending where entry.failure == nil && now > entry.deadline {
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
