import Domain
import Observation

/// What a view-model that loads one value keeps, and how it loads it: the value (kept
/// when a later load fails or is cancelled), whether a load runs, and the last failure.
///
/// A new load cancels the one in flight; only the newest writes its result, and a
/// cancelled load never shows an error (see ``LatestRequest``). The view-models read
/// these properties, so Observation sees every change through them.
@MainActor
@Observable
final class Loader<Value: Sendable> {
    /// The last value loaded.
    private(set) var value: Value?
    /// Whether a load is running.
    private(set) var isLoading = false
    /// Why the last load failed; `nil` when it did not, or was only cancelled.
    private(set) var failure: Failure?

    @ObservationIgnored private let request = LatestRequest()

    /// Runs `operation`, cancelling a load in flight, and keeps its outcome when it is the newest.
    func load(_ operation: @escaping @Sendable () async throws(APIError) -> Value) async {
        isLoading = true
        failure = nil
        guard let outcome = await request.run(operation) else { return }
        isLoading = false
        switch outcome {
        case .success(let loaded): value = loaded
        case .failure(let error): failure = Failure(error)
        }
    }

    /// Cancels the load in flight: it writes nothing, and no error is shown.
    func cancel() {
        request.cancel()
        isLoading = false
    }
}

extension Loader where Value: Equatable {
    /// What a screen showing the value shows now, with the failure's message for `context`.
    func state(context: APIErrorMapper.Context) -> LoadState<Value> {
        if isLoading { return .loading }
        if let failure { return .failed(message: failure.message(for: context)) }
        return value.map(LoadState.loaded) ?? .idle
    }
}
