import Domain
import Ports

/// A configurable ``APIService`` for previews and tests: each operation answers with
/// the content, or fails with any ``APIError``, after an optional latency.
public struct StubAPIService: APIService {
    /// The service's operations, to say which one fails.
    public enum Operation: String, CaseIterable, Sendable {
        case signIn
        case episodes
        case video
        case progress
        case updateProgress
        case deleteProgress
    }

    /// What successful operations return.
    public var content: PreviewContent
    /// The failure of each failing operation.
    public var failures: [Operation: APIError]
    /// How long every operation takes.
    public var latency: Duration

    /// Creates a stub answering with `content`.
    public init(content: PreviewContent, failures: [Operation: APIError] = [:], latency: Duration = .zero) {
        self.content = content
        self.failures = failures
        self.latency = latency
    }

    /// The content's tokens, or the configured failure.
    public func signIn(email: String, password: String) async throws(APIError) -> SignInResponse {
        try await perform(.signIn) { content.tokens }
    }

    /// The content's episodes, or the configured failure.
    public func episodes() async throws(APIError) -> [Episode] {
        try await perform(.episodes) { content.episodes }
    }

    /// The content's video, or the configured failure.
    public func video(id: String) async throws(APIError) -> Video {
        try await perform(.video) { content.video }
    }

    /// The content's progress for `id`, or the configured failure.
    public func progressForVideo(id: String) async throws(APIError) -> VideoProgress {
        try await perform(.progress) { VideoProgress(videoID: id, cursor: content.progress.cursor) }
    }

    /// The saved progress, or the configured failure.
    public func updateProgressForVideo(id: String, cursor: Int) async throws(APIError) -> VideoProgress {
        try await perform(.updateProgress) { VideoProgress(videoID: id, cursor: cursor) }
    }

    /// Nothing, or the configured failure.
    public func deleteProgressForVideo(id: String) async throws(APIError) {
        try await perform(.deleteProgress) {}
    }

    private func perform<T>(_ operation: Operation, _ answer: () -> T) async throws(APIError) -> T {
        if latency > .zero {
            do { try await Task.sleep(for: latency) } catch { throw .cancelled }
        }
        if let failure = failures[operation] { throw failure }
        return answer()
    }
}
