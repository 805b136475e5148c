import Domain
import Foundation
import Ports
import Synchronization

/// An ``APIService`` that records every call, answers with scripted results and can hold
/// calls open until the test releases them.
///
/// ```swift
/// let spy = SpyAPIService()
/// spy.episodesResult = .success(episodes)
/// spy.holdNextCall()
/// let fetch = Task { await viewModel.fetchEpisodes() }
/// try await spy.waitUntilCalled()
/// #expect(viewModel.isFetching)          // observed while the call is open
/// spy.release()
/// await fetch.value
/// ```
///
/// Each call answers with the result scripted *when it was made*, so a test can change
/// the script for a second call while the first is held. A held call whose task is
/// cancelled ends at once with `.cancelled`, as a real client would, unless
/// ``ignoresCancellation`` is set: then it waits for ``release()`` and answers anyway, as a
/// server that already replied would. A call that is not held but runs in a cancelled
/// task throws `.cancelled` too (again unless ``ignoresCancellation``).
public final class SpyAPIService: APIService {
    private struct Script {
        var signIn: Result<TokenPair, APIError> = .success(SampleTokens.first)
        var episodes: Result<[Episode], APIError> = .success([])
        var video: Result<Video, APIError> = .success(SpyAPIService.sampleVideo)
        var progress: Result<VideoProgress, APIError> = .success(SpyAPIService.sampleProgress)
        var updateProgress: Result<VideoProgress, APIError> = .success(SpyAPIService.sampleProgress)
        var deleteProgress: Result<Void, APIError> = .success(())
        var ignoresCancellation = false
    }

    /// The video the spy returns unless scripted otherwise.
    public static let sampleVideo = Video(
        duration: 513, videoURL: URL(string: "https://player.cocoacasts.com/632759499/video.m3u8")!,
        imageURL: URL(string: "https://cdn.cocoacasts.com/632759499/poster.jpg")!)
    /// The progress the spy returns unless scripted otherwise.
    public static let sampleProgress = VideoProgress(videoID: "632759499", cursor: 0)

    private let script = Mutex(Script())
    private let recorder = CallRecorder<Call>()
    /// The gate that holds calls; ``holdNextCall(_:)`` and ``release()`` drive it.
    public let gate: SpyGate

    /// Creates a spy whose waits and held calls fail the test after `timeout`.
    public init(timeout: Duration = .seconds(5)) {
        gate = SpyGate(timeout: timeout)
    }

    /// What `signIn(email:password:)` answers (default: ``SampleTokens/first``).
    public var signInResult: Result<TokenPair, APIError> {
        get { script.withLock { $0.signIn } }
        set { script.withLock { $0.signIn = newValue } }
    }

    /// What `episodes()` answers (default: no episodes).
    public var episodesResult: Result<[Episode], APIError> {
        get { script.withLock { $0.episodes } }
        set { script.withLock { $0.episodes = newValue } }
    }

    /// What `video(id:)` answers (default: ``sampleVideo``).
    public var videoResult: Result<Video, APIError> {
        get { script.withLock { $0.video } }
        set { script.withLock { $0.video = newValue } }
    }

    /// What `progressForVideo(id:)` answers (default: ``sampleProgress``).
    public var progressResult: Result<VideoProgress, APIError> {
        get { script.withLock { $0.progress } }
        set { script.withLock { $0.progress = newValue } }
    }

    /// What `updateProgressForVideo(id:cursor:)` answers (default: ``sampleProgress``).
    public var updateProgressResult: Result<VideoProgress, APIError> {
        get { script.withLock { $0.updateProgress } }
        set { script.withLock { $0.updateProgress = newValue } }
    }

    /// What `deleteProgressForVideo(id:)` answers (default: success).
    public var deleteProgressResult: Result<Void, APIError> {
        get { script.withLock { $0.deleteProgress } }
        set { script.withLock { $0.deleteProgress = newValue } }
    }

    /// Whether calls answer their scripted result even when their task was cancelled.
    public var ignoresCancellation: Bool {
        get { script.withLock { $0.ignoresCancellation } }
        set { script.withLock { $0.ignoresCancellation = newValue } }
    }

    /// Every call so far, oldest first.
    public var calls: [Call] { recorder.calls }

    /// Holds the next `count` calls open until ``release()``.
    public func holdNextCall(_ count: Int = 1) {
        gate.holdNext(count)
    }

    /// Releases every held call.
    public func release() {
        gate.releaseAll()
    }

    /// Waits until at least `times` calls were made; throws after the spy's timeout.
    public func waitUntilCalled(times: Int = 1) async throws {
        guard await gate.waitForArrivals(times) else {
            throw SpyTimeout(what: "\(times) call(s); got \(calls)", after: gate.timeout)
        }
    }

    /// Records the call and answers `signInResult`.
    public func signIn(email: String, password: String) async throws(APIError) -> TokenPair {
        try await answer(.signIn(email: email, password: Password(password)), with: \.signIn)
    }

    /// Records the call and answers `episodesResult`.
    public func episodes() async throws(APIError) -> [Episode] {
        try await answer(.episodes, with: \.episodes)
    }

    /// Records the call and answers `videoResult`.
    public func video(id: String) async throws(APIError) -> Video {
        try await answer(.video(id: id), with: \.video)
    }

    /// Records the call and answers `progressResult`.
    public func progressForVideo(id: String) async throws(APIError) -> VideoProgress {
        try await answer(.progressForVideo(id: id), with: \.progress)
    }

    /// Records the call and answers `updateProgressResult`.
    public func updateProgressForVideo(id: String, cursor: Int) async throws(APIError) -> VideoProgress {
        try await answer(.updateProgressForVideo(id: id, cursor: cursor), with: \.updateProgress)
    }

    /// Records the call and answers `deleteProgressResult`.
    public func deleteProgressForVideo(id: String) async throws(APIError) {
        try await answer(.deleteProgressForVideo(id: id), with: \.deleteProgress)
    }

    private func answer<Value: Sendable>(
        _ call: Call, with result: KeyPath<Script, Result<Value, APIError>>
    ) async throws(APIError) -> Value {
        let (scripted, ignoresCancellation) = script.withLock { ($0[keyPath: result], $0.ignoresCancellation) }
        recorder.record(call)
        await gate.pass(gate.arrive(), ignoresCancellation: ignoresCancellation)
        if !ignoresCancellation, Task.isCancelled { throw .cancelled }
        return try scripted.get()
    }
}

/// A bounded wait of a test double that ran out of time.
public struct SpyTimeout: Error, CustomStringConvertible {
    /// What was awaited.
    public let what: String
    /// How long the wait lasted.
    public let after: Duration

    /// Says what did not happen in time.
    public var description: String { "Waited \(after) for \(what)." }
}
