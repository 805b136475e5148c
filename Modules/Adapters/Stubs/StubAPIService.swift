import Domain
import Ports
import Synchronization

/// The scripted ``/Ports/APIService`` for previews and tests alike: each operation answers with
/// its scripted result — by default the content's — after an optional latency.
///
/// Each call answers with the result scripted *when it was made*. A call whose task is
/// cancelled during the latency throws `.cancelled`, as a real client would. (Recording
/// calls and holding them open are a test's business: `SpyAPIService` in TestSupport
/// wraps this service for that.)
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
        var catalogueSource = Catalogue.Source.network
        var latency: Duration
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

    public func signIn(email: String, password: String) async throws(APIError) -> TokenPair {
        try await answer { $0.signIn }
    }

    public func episodes() async throws(APIError) -> [Episode] {
        try await answer { $0.episodes }
    }

    /// The scripted episodes from ``catalogueSource``, whatever the policy.
    public func catalogue(policy: CachePolicy) async throws(APIError) -> Catalogue {
        let source = script.withLock { $0.catalogueSource }
        return Catalogue(episodes: try await episodes(), source: source)
    }

    public func video(id: String) async throws(APIError) -> Video {
        try await answer { $0.video }
    }

    public func progressForVideo(id: String) async throws(APIError) -> VideoProgress {
        try await answer { script in
            script.progress.map { VideoProgress(videoID: id, cursor: $0.cursor) }
        }
    }

    public func updateProgressForVideo(id: String, cursor: Int) async throws(APIError) -> VideoProgress {
        try await answer { script in
            script.updateProgress ?? .success(VideoProgress(videoID: id, cursor: cursor))
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
