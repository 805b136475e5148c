import Domain

/// Everything the app asks of the Cocoacasts API.
///
/// View-models receive one by initializer injection and never learn which type they
/// got: the HTTP client, the fixture-backed preview client or a test double. Each
/// operation throws only ``/Domain/APIError`` (typed throws), so callers can switch over failures
/// exhaustively.
public protocol APIService: Sendable {
    /// Asks for a token pair for an e-mail and password, and keeps nothing: the caller stores
    /// the pair (``/Presentation/SignInViewModel`` does; `APIClient.signIn(email:password:)`
    /// asks and stores it in the client's token store).
    func requestTokens(email: String, password: String) async throws(APIError) -> TokenPair
    /// Fetches the list of episodes.
    func episodes() async throws(APIError) -> [Episode]
    /// Fetches the list of episodes under `policy`, saying whether it is a saved list.
    /// Services without a cache ask the server (see the default implementation).
    func catalogue(policy: CachePolicy) async throws(APIError) -> Catalogue
    /// Fetches a protected video. Needs a signed-in user.
    func video(id: String) async throws(APIError) -> Video
    /// Fetches the user's progress for a video (cursor 0 when none is stored).
    func progressForVideo(id: String) async throws(APIError) -> VideoProgress
    /// Stores the user's progress for a video and returns what the server stored.
    func updateProgressForVideo(id: String, cursor: Int) async throws(APIError) -> VideoProgress
    /// Deletes the user's progress for a video.
    func deleteProgressForVideo(id: String) async throws(APIError)
}
