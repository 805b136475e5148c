import Domain
import Foundation
import Ports

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// Sends an endpoint's request once one of the configured number of slots is free,
    /// and returns the body of its 2xx response.
    ///
    /// The access token is read when the request's turn comes, so requests that waited
    /// while others met a 401 and refreshed send the new token, not the stale one: a
    /// thousand calls meeting an expired token cost one refresh and a handful of 401s.
    ///
    /// Each attempt ends within the configured timeout and the retries stop at three times
    /// it, so an operation ends within five timeouts: its retries, then at most a refresh
    /// and the first attempt of its replay.
    func perform(_ endpoint: APIEndpoint) async throws(APIError) -> Data {
        try await slots.withPermit { () async throws(APIError) -> Data in
            guard !Task.isCancelled else { throw .cancelled }
            return try await send(endpoint)
        }
    }

    /// When an operation starting now must stop retrying.
    private var retryDeadline: ContinuousClock.Instant {
        .now + .seconds(configuration.timeout * 3)
    }

    /// Sends the request, refreshing the access token once when a protected request
    /// meets a 401 from the configured origin (a 401 from where a redirect led proves
    /// nothing about the token). The refresh itself takes no slot: the slots may all be
    /// held by requests waiting for it.
    private func send(_ endpoint: APIEndpoint) async throws(APIError) -> Data {
        let deadline = retryDeadline
        let token = endpoint.requiresAuthorization ? try await storedAccessToken() : nil
        let request = try endpoint.request(accessToken: token, configuration: configuration)
        let (data, response) = try await exchange(request, idempotent: endpoint.isIdempotent, deadline: deadline)
        guard response.statusCode == 401, endpoint.requiresAuthorization, let tokenStore, let token,
            response.url.flatMap(Origin.init) == configuration.origin
        else {
            return try body(data, of: response, for: endpoint, request: request)
        }
        let fresh = try await refreshAccessToken(replacing: token, in: tokenStore)
        let retried = try endpoint.request(accessToken: fresh.accessToken, configuration: configuration)
        let (retriedData, retriedResponse) = try await exchange(
            retried, idempotent: endpoint.isIdempotent, deadline: deadline)
        return try body(retriedData, of: retriedResponse, for: endpoint, request: retried)
    }

    /// The provider's access token; a store that cannot be read fails the request with
    /// the store's own error, never as "signed out", and a stored token a header cannot
    /// carry (a tampered file) is refused before it could add headers of its own.
    private func storedAccessToken() async throws(APIError) -> String? {
        let token: String?
        do {
            token = try await accessTokenProvider.accessToken
        } catch {
            throw .unknown(.store(error))
        }
        if let token, !HeaderValue.isSafeCredential(token) {
            throw .unknown(
                .invalidRequest("the stored access token holds characters a header cannot carry; sign in again"))
        }
        return token
    }

    /// A token pair from the server, refused when a token could not be sent in a header.
    static func checked(_ tokens: SignInResponse) throws(APIError) -> SignInResponse {
        for (field, token) in [("accessToken", tokens.accessToken), ("refreshToken", tokens.refreshToken)]
        where !HeaderValue.isSafeCredential(token) {
            throw .invalidResponse(.undecodable("the field \(field) holds characters a header cannot carry"))
        }
        return tokens
    }

    /// The body of a 2xx response; otherwise the status's error, with the server's reason.
    private func body(_ data: Data, of response: HTTPURLResponse, for endpoint: APIEndpoint, request: URLRequest)
        throws(APIError) -> Data
    {
        let secrets = Redaction.secrets(of: request) + endpoint.secrets
        if let error = FailureMapping.error(forStatus: response.statusCode, body: data, redacting: secrets) {
            throw error
        }
        return data
    }

    /// The token store's coordinated refresh, with `POST auth/refresh` as its network half.
    ///
    /// The refresh runs in a task of its own, which the caller's cancellation does not
    /// reach: once the server has rotated the tokens, cutting the answer off would leave
    /// the store with a refresh token the server takes for stolen when it comes back.
    /// A refresh token the server refuses ends the session (`sessionEnded`); a store that
    /// cannot be used fails with its own error.
    private func refreshAccessToken(replacing stale: String, in store: any TokenStore) async throws(APIError)
        -> SignInResponse
    {
        observer?.observe(.refreshStarted)
        do {
            let fresh = try await store.refreshTokens(replacing: stale) { refreshToken async throws(APIError) in
                // A caller cancelled while it waited for the store's lock sends nothing; once
                // sent, the refresh is out of its hands.
                guard !Task.isCancelled else { throw .cancelled }
                let refresh = Task { () async -> Result<SignInResponse, APIError> in
                    do throws(APIError) {
                        let data = try await send(.refresh(refreshToken: refreshToken))
                        return .success(try Self.checked(ResponseDecoding.decode(SignInResponse.self, from: data)))
                    } catch {
                        return .failure(error)
                    }
                }
                return try await refresh.value.get()
            }
            observer?.observe(.refreshFinished(error: nil))
            return fresh
        } catch {
            let failure: APIError =
                switch error {
                case .api(let failure) where failure.kind == .unauthorized && failure.cause != .notSignedIn:
                    .unauthorized(.sessionEnded)
                case .api(let failure): failure
                case .store(let failure): .unknown(.store(failure))
                }
            observer?.observe(.refreshFinished(error: failure))
            throw failure
        }
    }
}
