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
public final class StubAPIService: APIService {
    private struct Script {
        var signIn: Result<TokenPair, APIError>
        var episodes: Result<[Episode], APIError>
        var video: Result<Video, APIError>
        /// Answered with the requested video's id.
        var progress: Result<VideoProgress, APIError>
        /// `nil`: the progress just saved, as the API answers.
        var updateProgress: Result<VideoProgress, APIError>?
        var deleteProgress: Result<Void, APIError> = .success(())
        /// Videos whose saves fail, whatever `updateProgress` says.
        var progressSaveFailures: [String: APIError] = [:]
        var cursors: [String: Int]?
        var progressFailures: [String: APIError] = [:]
        var progressRequests = 0
        var progressRequestsInFlight = 0
        var mostProgressRequestsAtOnce = 0
        var catalogueSource = Catalogue.Source.network
        var latency: Duration
        var holdsProgressSaves = false
        var heldSaves: [CheckedContinuation<Void, Never>] = []
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
                signIn: scripted(.signIn, content.tokens), episodes: scripted(.episodes, content.episodes),
                video: scripted(.video, content.video), progress: scripted(.progressForVideo, content.progress),
                updateProgress: failures[.updateProgressForVideo].map { .failure($0) },
                deleteProgress: scripted(.deleteProgressForVideo, ()), latency: latency))
    }

    public var signInResult: Result<TokenPair, APIError> {
        get { script.withLock { $0.signIn } }
        set { script.withLock { $0.signIn = newValue } }
    }

    public var episodesResult: Result<[Episode], APIError> {
        get { script.withLock { $0.episodes } }
        set { script.withLock { $0.episodes = newValue } }
    }

    public var videoResult: Result<Video, APIError> {
        get { script.withLock { $0.video } }
        set { script.withLock { $0.video = newValue } }
    }

    public var progressResult: Result<VideoProgress, APIError> {
        get { script.withLock { $0.progress } }
        set { script.withLock { $0.progress = newValue } }
    }

    /// `nil` (the default): the progress just saved, as the API answers.
    public var updateProgressResult: Result<VideoProgress, APIError>? {
        get { script.withLock { $0.updateProgress } }
        set { script.withLock { $0.updateProgress = newValue } }
    }

    public var deleteProgressResult: Result<Void, APIError> {
        get { script.withLock { $0.deleteProgress } }
        set { script.withLock { $0.deleteProgress = newValue } }
    }

    /// The videos whose progress saves fail, each with its error (the others answer as
    /// ``updateProgressResult`` says).
    public var progressSaveFailures: [String: APIError] {
        get { script.withLock { $0.progressSaveFailures } }
        set { script.withLock { $0.progressSaveFailures = newValue } }
    }

    /// Each video's position, by video id, which ``progressForVideo(id:)`` answers (0 for a
    /// video not listed) when its result is a success; `nil` answers every video with the
    /// result's cursor.
    public var cursors: [String: Int]? {
        get { script.withLock { $0.cursors } }
        set { script.withLock { $0.cursors = newValue } }
    }

    /// Videos whose progress fails, by video id, whatever the result.
    public var progressFailures: [String: APIError] {
        get { script.withLock { $0.progressFailures } }
        set { script.withLock { $0.progressFailures = newValue } }
    }

    /// How many progress requests were made.
    public var progressRequests: Int {
        script.withLock { $0.progressRequests }
    }

    /// The most progress requests that were in flight at once.
    public var mostProgressRequestsAtOnce: Int {
        script.withLock { $0.mostProgressRequestsAtOnce }
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

    /// Where ``catalogue(policy:)`` says its episodes came from; `.network` by default.
    public var catalogueSource: Catalogue.Source {
        get { script.withLock { $0.catalogueSource } }
        set { script.withLock { $0.catalogueSource = newValue } }
    }

    /// How long every call takes.
    public var latency: Duration {
        get { script.withLock { $0.latency } }
        set { script.withLock { $0.latency = newValue } }
    }

    public func requestTokens(email: String, password: String) async throws(APIError) -> TokenPair {
        try await answer { $0.signIn }
    }

    public func episodes() async throws(APIError) -> [Episode] {
        try await answer { $0.episodes }
    }

    /// The scripted episodes from ``catalogueSource``, whatever the policy; from the
    /// network (the default), as a service without saved lists answers.
    public func catalogue(policy: CachePolicy) async throws(APIError) -> Catalogue {
        let source = script.withLock { $0.catalogueSource }
        guard source != .network else { return try await catalogueWithoutSavedLists(policy: policy) }
        return Catalogue(episodes: try await episodes(), source: source)
    }

    public func video(id: String) async throws(APIError) -> Video {
        try await answer { $0.video }
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
            return script.progress.map {
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
            return script.updateProgress ?? .success(VideoProgress(videoID: id, cursor: cursor))
        }
    }

    public func deleteProgressForVideo(id: String) async throws(APIError) {
        try await answer { $0.deleteProgress }
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
