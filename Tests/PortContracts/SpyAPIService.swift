import Domain
import Ports
import Synchronization

/// Wraps an ``APIService``, records every call, and can hold calls open at a ``SpyGate``
/// until the test releases them. The wrapped service's own properties read and write
/// through the spy (`spy.episodesResult = …` scripts a `StubAPIService`).
///
/// Each call asks the wrapped service at once — so it answers what was scripted when
/// the call was made, even when a test changes the script while the call is held — and
/// then passes the gate. A call whose task is cancelled meanwhile throws `.cancelled`, as
/// a real client would, unless ``ignoresCancellation`` is set: then the gate holds it
/// until released and it answers anyway, as a server that already replied would.
@dynamicMemberLookup
public final class SpyAPIService<Service: APIService & AnyObject>: APIService {
    private struct State {
        var calls: [APICall] = []
        var ignoresCancellation = false
    }

    /// The service that answers.
    public let service: Service
    private let gate: SpyGate?
    private let state = Mutex(State())

    /// A spy of `service` whose calls pass `gate`, when one is given.
    public init(_ service: Service, gate: SpyGate? = nil) {
        self.service = service
        self.gate = gate
    }

    /// A property of the wrapped service.
    public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<Service, Value>) -> Value {
        get { service[keyPath: keyPath] }
        set { service[keyPath: keyPath] = newValue }
    }

    /// Every call so far, oldest first.
    public var calls: [APICall] { state.withLock { $0.calls } }

    /// Whether calls answer even when their task was cancelled.
    public var ignoresCancellation: Bool {
        get { state.withLock { $0.ignoresCancellation } }
        set { state.withLock { $0.ignoresCancellation = newValue } }
    }

    public func requestTokens(email: String, password: String) async throws(APIError) -> TokenPair {
        try await record(.requestTokens(email: email, password: APICall.Password(password))) {
            service async throws(APIError) in
            try await service.requestTokens(email: email, password: password)
        }
    }

    public func episodes() async throws(APIError) -> [Episode] {
        try await record(.episodes) { service async throws(APIError) in try await service.episodes() }
    }

    /// The wrapped service's catalogue; recorded as `.episodes`.
    public func catalogue(policy: CachePolicy) async throws(APIError) -> Catalogue {
        try await record(.episodes) { service async throws(APIError) in try await service.catalogue(policy: policy) }
    }

    public func video(id: String) async throws(APIError) -> Video {
        try await record(.video(id: id)) { service async throws(APIError) in try await service.video(id: id) }
    }

    public func progressForVideo(id: String) async throws(APIError) -> VideoProgress {
        try await record(.progressForVideo(id: id)) { service async throws(APIError) in
            try await service.progressForVideo(id: id)
        }
    }

    public func updateProgressForVideo(id: String, cursor: Int) async throws(APIError) -> VideoProgress {
        try await record(.updateProgressForVideo(id: id, cursor: cursor)) { service async throws(APIError) in
            try await service.updateProgressForVideo(id: id, cursor: cursor)
        }
    }

    public func deleteProgressForVideo(id: String) async throws(APIError) {
        try await record(.deleteProgressForVideo(id: id)) { service async throws(APIError) in
            try await service.deleteProgressForVideo(id: id)
        }
    }

    private func record<Value: Sendable>(
        _ call: APICall, _ ask: @escaping @Sendable (Service) async throws(APIError) -> Value
    ) async throws(APIError) -> Value {
        let ignoresCancellation = state.withLock { state in
            state.calls.append(call)
            return state.ignoresCancellation
        }
        let service = self.service
        let asking = { () async -> Result<Value, APIError> in
            do throws(APIError) { return .success(try await ask(service)) } catch { return .failure(error) }
        }
        // A service that ignores cancellation is asked outside the caller's task, which may be cancelled.
        let answer = ignoresCancellation ? await Task(operation: asking).value : await asking()
        if let gate { await gate.pass(gate.arrive(), ignoresCancellation: ignoresCancellation) }
        if !ignoresCancellation, Task.isCancelled { throw .cancelled }
        return try answer.get()
    }
}
