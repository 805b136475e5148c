import Domain
import Observation
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How far the user has watched a video: fetches, saves and deletes the progress.
///
/// The three requests share one slot: any new request cancels the one in flight, so an
/// older answer can never overwrite a newer one. Only the newest request writes its
/// result, and a cancelled request never shows an error.
///
/// A position the server cannot take is kept in the kept-position store, as a watch keeps it, and the
/// next command that reaches the server sends it (see ``unsaved``).
@MainActor
@Observable
public final class VideoProgressViewModel {
    /// Everything the progress can show; after a delete, the progress reads cursor 0.
    public typealias State = LoadState<VideoProgress>

    /// The identifier of the video whose progress this is.
    public let videoID: String
    /// What the screen shows.
    public private(set) var state = State.idle
    /// What became of the position the last ``saveProgress(cursor:basedOn:)`` could not save; `nil`
    /// after any other request, a save that went through, or one only cancelled.
    public private(set) var unsaved: Unsaved?

    /// A position the server did not take.
    public enum Unsaved: Equatable, Sendable {
        /// Kept in the kept-position store: the next command that reaches the server sends it.
        case kept(KeptPosition)
        /// Not kept either: the kept-position store could not be written (`StoreError`), or there is none.
        case lost(Int, StoreError?)
    }

    @ObservationIgnored private let apiService: any APIService
    @ObservationIgnored private let keptPositions: (any KeptPositionStore)?
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private let request = LatestRequest()

    /// Nothing is requested until asked.
    ///
    /// - Parameters:
    ///   - keptPositions: keeps a position the server cannot take (this server's and account's); without
    ///     one, such a position is lost, and ``unsaved`` says so.
    ///   - now: when a kept position was recorded.
    public init(
        videoID: String, apiService: any APIService, keptPositions: (any KeptPositionStore)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.videoID = videoID
        self.apiService = apiService
        self.keptPositions = keptPositions
        self.now = now
    }

    /// Fetches the stored progress, cancelling a request in flight; returns when done.
    public func fetchProgress() async {
        await load(context: .progress) { [apiService, videoID] () async throws(APIError) in
            try await apiService.progressForVideo(id: videoID)
        }
    }

    /// Saves `cursor` (seconds) as the progress and keeps what the server returns; when the
    /// server cannot take it, keeps it in the kept-position store instead — unless nobody is signed in
    /// (whose positions no account would send) or the server refused it for good
    /// (``/Domain/APIError/isRefusedForGood``, sent again it would fail the same way). A kept
    /// position follows `basedOn`, the server's position as this machine last saw it, and is
    /// not sent over a newer one (see ``/Ports/KeptPosition/basedOn``).
    public func saveProgress(cursor: Int, basedOn: SeenPosition? = nil) async {
        let error = await load(context: .progressUpdate) { [apiService, videoID] () async throws(APIError) in
            try await apiService.updateProgressForVideo(id: videoID, cursor: cursor)
        }
        guard let error, error.cause != .notSignedIn, !error.isRefusedForGood else { return }
        guard let keptPositions else { return unsaved = .lost(cursor, nil) }
        let pending = KeptPosition(
            progress: VideoProgress(videoID: videoID, cursor: cursor), recordedAt: now(), basedOn: basedOn)
        do throws(StoreError) {
            try await keptPositions.keep(pending)
            unsaved = .kept(pending)
        } catch {
            unsaved = .lost(cursor, error)
        }
    }

    /// Deletes the stored progress; the progress then reads cursor 0.
    public func deleteProgress() async {
        await load(context: .progressUpdate) { [apiService, videoID] () async throws(APIError) in
            try await apiService.deleteProgressForVideo(id: videoID)
            return VideoProgress(videoID: videoID, cursor: 0)
        }
    }

    /// Cancels the request in flight: it writes nothing, and no error is shown.
    public func cancel() {
        request.cancel(\.state, of: self)
    }

    /// Runs `operation` in the slot; its failure reads as on the screen of `context`.
    /// Returns the failure this request wrote, if any (none when it was superseded or cancelled).
    @discardableResult
    private func load(
        context: APIErrorMapper.Context, _ operation: @escaping @Sendable () async throws(APIError) -> VideoProgress
    ) async -> APIError? {
        unsaved = nil
        return await request.load(\.state, of: self, context: context, operation, showing: LoadState.loaded)
    }
}
