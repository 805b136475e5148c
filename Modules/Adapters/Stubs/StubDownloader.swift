import Domain
import Foundation
import Ports
import Synchronization

/// The scripted ``/Ports/VideoDownloader`` for previews and tests: a download reports the
/// script's progress, in order, then ends as the script says — complete, failed, or held until
/// it is cancelled (which then ends it `cancelled`, as the real one ends) — and the copies it
/// made are kept in memory, listed, removed and exported as the real ones are.
public final class StubDownloader: VideoDownloader {
    /// How a download ends.
    public enum Ending: Sendable {
        case complete(DownloadedCopy)
        case failed(DownloadError)
        /// Holds until cancelled, as a download in progress.
        case holds
    }

    private let progress: [DownloadProgress]
    private let ending: @Sendable (DownloadRequest) -> Ending
    private let offered: @Sendable (URL) -> [OfferedQuality]
    private let copiesByVideo = Mutex<[String: LocalCopy]>([:])
    private let downloading = Mutex<Set<String>>([])
    public let location: URL

    /// A downloader whose every download reports `progress` and then ends with `ending`.
    public convenience init(progress: [DownloadProgress] = [], ending: Ending) {
        self.init(progress: progress) { _ in ending }
    }

    /// A downloader whose downloads report `progress` and end as `ending` says for each request,
    /// and whose streams offer what `offered` says for each (none unless it says); what an
    /// export writes goes where it is asked, `location` is only named.
    public init(
        progress: [DownloadProgress] = [], offered: @escaping @Sendable (URL) -> [OfferedQuality] = { _ in [] },
        location: URL = URL(fileURLWithPath: "/nonexistent/stub-copies"),
        ending: @escaping @Sendable (DownloadRequest) -> Ending
    ) {
        self.progress = progress
        self.offered = offered
        self.ending = ending
        self.location = location
    }

    public func qualities(at url: URL) async throws(DownloadError) -> [OfferedQuality] {
        offered(url)
    }

    public func download(_ request: DownloadRequest, progress report: @escaping @Sendable (DownloadProgress) -> Void)
        async throws(DownloadError) -> DownloadedCopy
    {
        guard downloading.withLock({ $0.insert(request.videoID).inserted }) else {
            throw DownloadError(.busy(path: location.appendingPathComponent(request.videoID).path))
        }
        defer { _ = downloading.withLock { $0.remove(request.videoID) } }
        for step in progress { report(step) }
        switch ending(request) {
        case .complete(let copy):
            keep(request, .complete, bytes: copy.bytes, quality: copy.quality, playable: copy.playable)
            return copy
        case .failed(let error):
            if case .parts(let failures) = error.cause {
                let parts = max(progress.last?.parts ?? 0, failures.count)
                let failed = failures.map { PartProblem(part: $0.part, words: $0.words) }
                keep(
                    request, .partial(done: parts - failures.count, parts: parts, failed: failed),
                    bytes: progress.last?.bytes ?? 0, quality: nil, playable: location)
            }
            throw error
        case .holds:
            do {
                while true { try await Task.sleep(for: .seconds(3600)) }
            } catch {
                throw DownloadError(.cancelled)
            }
        }
    }

    private func keep(
        _ request: DownloadRequest, _ state: LocalCopy.State, bytes: Int, quality: String?, playable: URL
    ) {
        let copy = LocalCopy(
            videoID: request.videoID, episode: request.episode, quality: quality, chosen: request.quality ?? .best,
            state: state, bytes: bytes, updated: Date(), playable: playable, duration: request.duration,
            metadata: request.metadata)
        copiesByVideo.withLock { $0[request.videoID] = copy }
    }

    /// Holds `copy` as one made before, as a preview or a test begins.
    public func keep(_ copy: LocalCopy) {
        copiesByVideo.withLock { $0[copy.videoID] = copy }
    }

    public func copies() async throws(DownloadError) -> [LocalCopy] {
        copiesByVideo.withLock { Array($0.values) }.sorted { $0.updated > $1.updated }
    }

    public func copy(of videoID: String, verifying: Bool) async throws(DownloadError) -> LocalCopy? {
        copiesByVideo.withLock { $0[videoID] }
    }

    public func remove(videoID: String) async throws(DownloadError) -> Bool {
        guard !downloading.withLock({ $0.contains(videoID) }) else {
            throw DownloadError(.busy(path: location.appendingPathComponent(videoID).path))
        }
        return copiesByVideo.withLock { $0.removeValue(forKey: videoID) != nil }
    }

    /// Writes as many zero bytes as the copy has, never over a file.
    public func export(videoID: String, to destination: URL) async throws(DownloadError) -> Int {
        guard let copy = copiesByVideo.withLock({ $0[videoID] }), copy.isComplete else {
            throw DownloadError(.notComplete(videoID: videoID))
        }
        guard !FileManager.default.fileExists(atPath: destination.path) else {
            throw DownloadError(.export(.exists(destination.path)))
        }
        do {
            try Data(count: copy.bytes).write(to: destination, options: .withoutOverwriting)
        } catch {
            throw DownloadError(.export(.io(destination.path, "\(error)")))
        }
        return copy.bytes
    }
}
