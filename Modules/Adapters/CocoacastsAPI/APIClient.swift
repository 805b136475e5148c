import AsyncPrimitives
import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The production ``/Ports/APIService``: endpoints over an ``/Ports/HTTPTransport``, with fail-early
/// authorization, a coordinated refresh on 401, retries, safe redirects and the
/// series' error mapping.
///
/// Everything comes in through the initializer: the configuration (base URL, API token,
/// limits), an ``/Ports/AccessTokenProvider`` for plain use — the client cannot read the refresh
/// token or reset anything through it — and, optionally, the ``/Ports/TokenStore`` that may
/// refresh. A value whose copies share what was injected and the slots that bound the
/// requests in flight.
public struct APIClient: APIService {
    let configuration: APIConfiguration
    let accessTokenProvider: any AccessTokenProvider
    let tokenStore: (any TokenStore)?
    let transport: any HTTPTransport
    let observer: (any APIClientObserver)?
    let sleep: @Sendable (Duration) async throws -> Void
    let slots: AsyncSemaphore
    let cache: (any ResponseCache)?
    let now: @Sendable () -> Date

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - accessTokenProvider: supplies the access token for protected requests.
    ///   - tokenStore: when given, a 401 on a protected request runs its coordinated
    ///     refresh and the request is sent once more; without it, a 401 is `.unauthorized`.
    ///   - transport: sends the requests: libcurl's or URLSession's adapter, the in-process
    ///     mock API, or a test double.
    ///   - observer: sees every request, response, retry, redirect and refresh, redacted.
    ///   - sleep: waits between retries; tests pass one that records instead.
    ///   - cache: saves the catalogue for ``catalogue(policy:)``; without one, every call asks
    ///     the server, exactly as ``episodes()`` does.
    ///   - now: the clock that dates saved answers and judges their freshness.
    public init(
        configuration: APIConfiguration,
        accessTokenProvider: any AccessTokenProvider,
        tokenStore: (any TokenStore)? = nil,
        transport: any HTTPTransport,
        observer: (any APIClientObserver)? = nil,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        cache: (any ResponseCache)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.accessTokenProvider = accessTokenProvider
        self.tokenStore = tokenStore
        self.transport = transport
        self.observer = observer
        self.sleep = sleep
        self.slots = AsyncSemaphore(permits: configuration.maximumConcurrentRequests)
        self.cache = cache
        self.now = now
    }

    /// Creates a client whose token store both provides the access token and refreshes it.
    public init(
        configuration: APIConfiguration, tokenStore: any TokenStore,
        transport: any HTTPTransport, observer: (any APIClientObserver)? = nil,
        cache: (any ResponseCache)? = nil
    ) {
        self.init(
            configuration: configuration, accessTokenProvider: tokenStore, tokenStore: tokenStore,
            transport: transport, observer: observer, cache: cache)
    }

    /// `POST auth` with Basic credentials; tokens a header cannot carry are an invalid
    /// response. Nothing is stored: ``signIn(email:password:)`` keeps the session.
    public func requestTokens(email: String, password: String) async throws(APIError) -> TokenPair {
        try await send(.auth(email: email, password: password))
    }

    /// Signs in and keeps the session: asks for a token pair and stores it in the client's
    /// token store (unless the task was cancelled meanwhile), so the next call is signed in.
    /// A store that cannot keep the pair is `.unknown` with the ``/Domain/StoreError`` as its
    /// cause. A client made without a token store returns the pair for the caller to keep.
    @discardableResult
    public func signIn(email: String, password: String) async throws(APIError) -> TokenPair {
        let tokens = try await requestTokens(email: email, password: password)
        // A sign-in cancelled once the answer came keeps nothing, as one cancelled before it.
        if Task.isCancelled { throw .cancelled }
        do throws(StoreError) {
            try await tokenStore?.setTokens(tokens)
        } catch {
            throw .unknown(.store(error))
        }
        return tokens
    }

    /// `GET episodes`, always from the server: the saved list, if any, is neither read nor
    /// written (``catalogue(policy:)`` uses it).
    public func episodes() async throws(APIError) -> [Episode] {
        try await send(.episodes)
    }

    /// `GET videos/{id}`.
    public func video(id: String) async throws(APIError) -> Video {
        try await send(.video(id: id))
    }

    /// `GET videos/{id}/progress`.
    public func progressForVideo(id: String) async throws(APIError) -> VideoProgress {
        try await send(.progressForVideo(id: id))
    }

    /// `POST videos/{id}/progress`.
    public func updateProgressForVideo(id: String, cursor: Int) async throws(APIError) -> VideoProgress {
        try await send(.updateProgressForVideo(id: id, cursor: cursor))
    }

    /// `DELETE videos/{id}/progress`.
    public func deleteProgressForVideo(id: String) async throws(APIError) {
        try await send(.deleteProgressForVideo(id: id))
    }
}
