import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The API as `watch` sees it when the video is copied to this machine: the video is the
/// local copy, and a server that cannot be reached for the saved position leaves the one
/// this machine knows (or the start): the copy plays with the network off. Everything else
/// goes to the server as before, so that positions are saved, or kept in the outbox.
struct LocalCopyAPI: APIService {
    let api: any APIService
    let copy: Video
    /// The video's position as this machine knows it, when it knows one: the latest kept and
    /// not yet sent, else the one the server last gave (what `continue` showed). Read only
    /// when the server cannot be reached, so that what cannot be read is said only then.
    let knownCursor: @MainActor @Sendable () async -> Int?

    func requestTokens(email: String, password: String) async throws(APIError) -> TokenPair {
        try await api.requestTokens(email: email, password: password)
    }

    func episodes() async throws(APIError) -> [Episode] { try await api.episodes() }

    func catalogue(policy: CachePolicy) async throws(APIError) -> Catalogue { try await api.catalogue(policy: policy) }

    func video(id: String) async throws(APIError) -> Video { copy }

    func progressForVideo(id: String) async throws(APIError) -> VideoProgress {
        do throws(APIError) {
            return try await api.progressForVideo(id: id)
        } catch  where error.kind == .unreachable {
            return VideoProgress(videoID: id, cursor: await knownCursor() ?? 0)
        }
    }

    func updateProgressForVideo(id: String, cursor: Int) async throws(APIError) -> VideoProgress {
        try await api.updateProgressForVideo(id: id, cursor: cursor)
    }

    func deleteProgressForVideo(id: String) async throws(APIError) {
        try await api.deleteProgressForVideo(id: id)
    }
}
