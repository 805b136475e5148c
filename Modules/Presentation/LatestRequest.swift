import Domain

/// Runs a view-model's requests so that only the newest one counts.
///
/// Starting a request cancels the one in flight. The caller awaits the outcome; the
/// outcome is `nil` when the request was superseded by a newer one or dropped by
/// ``cancel()``, in which case the caller must write nothing, because the newer call (or
/// whoever cancelled) owns the view-model's state. A request that is still the newest but
/// whose awaiting caller was cancelled ends as `.failure(.cancelled)`, even when the
/// service answered anyway, so its answer never shows.
@MainActor
final class LatestRequest {
    /// Cancels the task in flight; `nil` when nothing runs.
    private var cancelInFlight: (@Sendable () -> Void)?
    /// Bumped by every start and every cancel, so that only the newest call may write.
    private var generation = 0

    isolated deinit {
        cancelInFlight?()
    }

    /// Cancels the request in flight, then runs `operation` and returns its outcome, or
    /// `nil` when this request was superseded or cancelled with ``cancel()``.
    ///
    /// Cancelling the task that awaits this method cancels the request; it then ends
    /// as `.failure(.cancelled)`.
    func run<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws(APIError) -> Value
    ) async -> Result<Value, APIError>? {
        cancel()
        let current = generation
        let task = Task { await Result(catching: operation) }
        cancelInFlight = { task.cancel() }
        let outcome = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        guard current == generation else { return nil }
        cancelInFlight = nil
        return task.isCancelled ? .failure(.cancelled) : outcome
    }

    /// Cancels the request in flight, if any; its caller gets `nil` and writes nothing.
    /// Returns whether one was in flight.
    @discardableResult
    func cancel() -> Bool {
        let wasRunning = cancelInFlight != nil
        cancelInFlight?()
        cancelInFlight = nil
        generation &+= 1
        return wasRunning
    }
}

extension Result {
    /// The value `body` returns, or the error it throws; `body` runs where the caller does.
    nonisolated(nonsending) init(catching body: () async throws(Failure) -> Success) async {
        do throws(Failure) { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
