import Domain
import Ports

/// The API as `watch` sees it when the video is copied to this machine: the video is the
/// local copy, which plays with the network off (where it starts then is the playback's
/// choice: see ``/Presentation/PlaybackViewModel/OfflineStart``). Everything else goes to the
/// server as before, so that positions are saved, or kept in the kept-position store.
struct LocalCopyAPI: APIService {
    let api: any APIService
    let copy: Video

    func requestTokens(email: String, password: String) async throws(APIError) -> TokenPair {
        try await api.requestTokens(email: email, password: password)
    }

    func episodes() async throws(APIError) -> [Episode] { try await api.episodes() }

    func catalogue(policy: CachePolicy) async throws(APIError) -> Catalogue { try await api.catalogue(policy: policy) }

    func video(id: String) async throws(APIError) -> Video { copy }

    func progressForVideo(id: String) async throws(APIError) -> VideoProgress {
        try await api.progressForVideo(id: id)
    }

    func updateProgressForVideo(id: String, cursor: Int) async throws(APIError) -> VideoProgress {
        try await api.updateProgressForVideo(id: id, cursor: cursor)
    }

    func deleteProgressForVideo(id: String) async throws(APIError) {
        try await api.deleteProgressForVideo(id: id)
    }
}
