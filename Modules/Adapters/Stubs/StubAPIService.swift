import Domain
import Ports
import Synchronization

/// The scripted ``/Ports/APIService`` for previews and tests alike: each operation answers with
/// its scripted result — by default the content's — after an optional latency.
///
/// Each call answers with the result scripted *when it was made*. A call whose task is
/// cancelled during the latency throws `.cancelled`, as a real client would. Progress saves
/// can fail for some videos only, and be held until released: where a preview catches a
/// watch saving its last position. (Recording calls and holding any call open are a test's
/// business: `SpyAPIService` in PortContracts wraps this service for that.)
///
/// The ``Script``'s members are the service's own, read and written under its lock
/// (`service.videoResult = .failure(.unreachable)`).
@dynamicMemberLookup
public final class StubAPIService: APIService {
    /// What the service answers, and what it counted.
    public struct Script: Sendable {
        public var signInResult: Result<TokenPair, APIError>
        public var episodesResult: Result<[Episode], APIError>
        public var videoResult: Result<Video, APIError>
        /// Answered with the requested video's id.
        public var progressResult: Result<VideoProgress, APIError>
        /// `nil` (the default): the progress just saved, as the API answers.
        public var updateProgressResult: Result<VideoProgress, APIError>?
        public var deleteProgressResult: Result<Void, APIError> = .success(())
        /// The videos whose progress saves fail, each with its error (the others answer as
        /// ``updateProgressResult`` says).
        public var progressSaveFailures: [String: APIError] = [:]
        /// Each video's position, by video id, which ``StubAPIService/progressForVideo(id:)``
        /// answers (0 for a video not listed) when its result is a success; `nil` answers every
        /// video with the result's cursor.
        public var cursors: [String: Int]?
        /// Videos whose progress fails, by video id, whatever the result.
        public var progressFailures: [String: APIError] = [:]
        /// How many progress requests were made.
        public fileprivate(set) var progressRequests = 0
        fileprivate var progressRequestsInFlight = 0
        /// The most progress requests that were in flight at once.
        public fileprivate(set) var mostProgressRequestsAtOnce = 0
        /// Where ``StubAPIService/catalogue(policy:)`` says its episodes came from; `.network`
        /// by default.
        public var catalogueSource = Catalogue.Source.network
        /// How long every call takes.
        public var latency: Duration
        fileprivate var holdsProgressSaves = false
        fileprivate var heldSaves: [CheckedContinuation<Void, Never>] = []
    }

    private let script: Mutex<Script>

    /// A service answering with `content`, except that each operation in `failures`
    /// fails with its error.
    public init(
        content: PreviewContent, failures: [APIOperation: APIError] = [:], latency: Duration = .zero
    ) {
        func scripted<T>(_ operation: APIOperation, _ value: T) -> Result<T, APIError> {
            failures[operation].map { .failure($0) } ?? .success(value)
        }
        script = Mutex(
            Script(
                signInResult: scripted(.signIn, content.tokens), episodesResult: scripted(.episodes, content.episodes),
                videoResult: scripted(.video, content.video),
                progressResult: scripted(.progressForVideo, content.progress),
                updateProgressResult: failures[.updateProgressForVideo].map { .failure($0) },
                deleteProgressResult: scripted(.deleteProgressForVideo, ()), latency: latency))
    }

    /// A member of the script, written under the lock.
    public subscript<Value: Sendable>(dynamicMember member: WritableKeyPath<Script, Value>) -> Value {
        get { script.withLock { $0[keyPath: member] } }
        set { script.withLock { $0[keyPath: member] = newValue } }
    }

    /// A member of the script that only the service writes.
    public subscript<Value: Sendable>(dynamicMember member: KeyPath<Script, Value>) -> Value {
        script.withLock { $0[keyPath: member] }
    }

    /// Holds every progress save from now on, until ``releaseProgressSaves()``.
    public func holdProgressSaves() {
        script.withLock { $0.holdsProgressSaves = true }
    }

    /// Lets every progress save held, and every later one, go on.
    public func releaseProgressSaves() {
        let held = script.withLock { script in
            script.holdsProgressSaves = false
            defer { script.heldSaves = [] }
            return script.heldSaves
        }
        for save in held { save.resume() }
    }

    public func requestTokens(email: String, password: String) async throws(APIError) -> TokenPair {
        try await answer { $0.signInResult }
    }

    public func episodes() async throws(APIError) -> [Episode] {
        try await answer { $0.episodesResult }
    }

    /// The scripted episodes from ``Script/catalogueSource``, whatever the policy; from the
    /// network (the default), as a service without saved lists answers.
    public func catalogue(policy: CachePolicy) async throws(APIError) -> Catalogue {
        let source = script.withLock { $0.catalogueSource }
        guard source != .network else { return try await catalogueWithoutSavedLists(policy: policy) }
        return Catalogue(episodes: try await episodes(), source: source)
    }

    public func video(id: String) async throws(APIError) -> Video {
        try await answer { $0.videoResult }
    }

    public func progressForVideo(id: String) async throws(APIError) -> VideoProgress {
        script.withLock { script in
            script.progressRequests += 1
            script.progressRequestsInFlight += 1
            script.mostProgressRequestsAtOnce = max(script.mostProgressRequestsAtOnce, script.progressRequestsInFlight)
        }
        defer { script.withLock { $0.progressRequestsInFlight -= 1 } }
        return try await answer { script in
            if let failure = script.progressFailures[id] { return .failure(failure) }
            return script.progressResult.map {
                VideoProgress(videoID: id, cursor: script.cursors.map { $0[id] ?? 0 } ?? $0.cursor)
            }
        }
    }

    public func updateProgressForVideo(id: String, cursor: Int) async throws(APIError) -> VideoProgress {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let holds = script.withLock { script in
                if script.holdsProgressSaves { script.heldSaves.append(continuation) }
                return script.holdsProgressSaves
            }
            if !holds { continuation.resume() }
        }
        return try await answer { script in
            if let failure = script.progressSaveFailures[id] { return .failure(failure) }
            return script.updateProgressResult ?? .success(VideoProgress(videoID: id, cursor: cursor))
        }
    }

    public func deleteProgressForVideo(id: String) async throws(APIError) {
        try await answer { $0.deleteProgressResult }
    }

    private func answer<Value: Sendable>(_ result: (Script) -> Result<Value, APIError>) async throws(APIError) -> Value
    {
        let (answer, latency) = script.withLock { (result($0), $0.latency) }
        if latency > .zero {
            do {
                try await Task.sleep(for: latency)
            } catch {
                throw .cancelled
            }
        }
        if Task.isCancelled { throw .cancelled }
        return try answer.get()
    }
}
