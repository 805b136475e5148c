import Domain
import Ports
import Stubs
import Synchronization

/// A ``Ports/APIService`` that answers as `service` does, except that it holds every
/// progress save until ``release()``: where the playback preview catches the view-model
/// saving the last position, so that drawing it never races the answer. The harness's
/// own, as the Stubs an app links have no business holding calls.
final class HeldSaves: APIService {
    private struct State {
        var isReleased = false
        var held: [CheckedContinuation<Void, Never>] = []
    }

    private let service: StubAPIService
    private let state = Mutex(State())

    init(_ service: StubAPIService) {
        self.service = service
    }

    /// Lets every save held, and every later one, go on.
    func release() {
        let held = state.withLock { state in
            state.isReleased = true
            defer { state.held = [] }
            return state.held
        }
        for save in held { save.resume() }
    }

    func updateProgressForVideo(id: String, cursor: Int) async throws(APIError) -> VideoProgress {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let released = state.withLock { state in
                if !state.isReleased { state.held.append(continuation) }
                return state.isReleased
            }
            if released { continuation.resume() }
        }
        return try await service.updateProgressForVideo(id: id, cursor: cursor)
    }

    func signIn(email: String, password: String) async throws(APIError) -> TokenPair {
        try await service.signIn(email: email, password: password)
    }

    func episodes() async throws(APIError) -> [Episode] {
        try await service.episodes()
    }

    func video(id: String) async throws(APIError) -> Video {
        try await service.video(id: id)
    }

    func progressForVideo(id: String) async throws(APIError) -> VideoProgress {
        try await service.progressForVideo(id: id)
    }

    func deleteProgressForVideo(id: String) async throws(APIError) {
        try await service.deleteProgressForVideo(id: id)
    }
}
