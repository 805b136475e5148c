import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate behind ``URLSessionTransport``: collects each task's body,
/// enforces the size limit and the idle timeout, refuses redirects, and resumes the
/// waiting caller exactly once.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, Sendable {
    typealias Continuation = CheckedContinuation<(Data, HTTPURLResponse), any Error>

    private struct Pending {
        let continuation: Continuation
        let limit: Int
        let watchdog: any DispatchSourceTimer
        let idleTimeout: TimeInterval
        var body = Data()
        var failure: URLError?
    }

    private let pending = Mutex<[Int: Pending]>([:])

    func register(_ task: URLSessionTask, limit: Int, idleTimeout: TimeInterval, continuation: Continuation) {
        pending.withLock { pending in
            let watchdog = DispatchSource.makeTimerSource()
            watchdog.setEventHandler { [weak self] in self?.fail(task, with: URLError(.timedOut)) }
            watchdog.schedule(deadline: .now() + idleTimeout)
            watchdog.resume()
            pending[task.taskIdentifier] = Pending(
                continuation: continuation, limit: limit, watchdog: watchdog, idleTimeout: idleTimeout)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLarge = pending.withLock { pending in
            pending[dataTask.taskIdentifier].map { response.expectedContentLength > Int64($0.limit) } ?? false
        }
        if tooLarge { fail(dataTask, with: URLError(.dataLengthExceedsMaximum)) }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow = pending.withLock { pending -> Bool in
            guard var entry = pending[dataTask.taskIdentifier], entry.failure == nil else { return false }
            entry.watchdog.schedule(deadline: .now() + entry.idleTimeout)
            guard entry.body.count + data.count <= entry.limit else { return true }
            entry.body.append(data)
            pending[dataTask.taskIdentifier] = entry
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

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        entry.watchdog.cancel()
        if let failure = entry.failure ?? error.map({ Self.normalized($0, response: task.response) }) {
            entry.continuation.resume(throwing: failure)
        } else if let response = task.response as? HTTPURLResponse {
            entry.continuation.resume(returning: (entry.body, response))
        } else {
            entry.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }

    /// On Linux a server that closes the connection without a byte of response is reported
    /// as `badServerResponse` (curl's "empty reply"); to the client that is a lost connection.
    private static func normalized(_ error: any Error, response: URLResponse?) -> any Error {
        guard (error as? URLError)?.code == .badServerResponse, response == nil else { return error }
        return URLError(.networkConnectionLost)
    }

    /// Records why the task failed (the first reason wins) and cancels it.
    private func fail(_ task: URLSessionTask, with failure: URLError) {
        pending.withLock { pending in
            guard pending[task.taskIdentifier]?.failure == nil else { return }
            pending[task.taskIdentifier]?.failure = failure
        }
        task.cancel()
    }
}
