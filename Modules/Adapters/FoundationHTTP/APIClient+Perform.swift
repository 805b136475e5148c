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
    func perform(_ endpoint: APIEndpoint) async throws(APIError) -> Data {
        try await slots.withPermit { () async throws(APIError) -> Data in
            guard !Task.isCancelled else { throw .cancelled }
            return try await send(endpoint)
        }
    }

    /// Sends the request, refreshing the access token once when a protected request
    /// meets a 401 from the configured origin (a 401 from where a redirect led proves
    /// nothing about the token). The refresh itself takes no slot: the slots may all be
    /// held by requests waiting for it.
    private func send(_ endpoint: APIEndpoint) async throws(APIError) -> Data {
        let token = endpoint.requiresAuthorization ? accessTokenProvider.accessToken : nil
        let request = try endpoint.request(accessToken: token, configuration: configuration)
        let (data, response) = try await exchange(request, idempotent: endpoint.isIdempotent)
        guard response.statusCode == 401, endpoint.requiresAuthorization, let tokenStore, let token,
            response.url.flatMap(Origin.init) == configuration.origin
        else {
            return try Self.body(data, of: response)
        }
        let fresh = try await refreshAccessToken(replacing: token, in: tokenStore)
        let retried = try endpoint.request(accessToken: fresh.accessToken, configuration: configuration)
        let (retriedData, retriedResponse) = try await exchange(retried, idempotent: endpoint.isIdempotent)
        return try Self.body(retriedData, of: retriedResponse)
    }

    /// The body of a 2xx response; otherwise the status's error.
    private static func body(_ data: Data, of response: HTTPURLResponse) throws(APIError) -> Data {
        if let error = FailureMapping.error(forStatus: response.statusCode) { throw error }
        return data
    }

    /// The token store's coordinated refresh, with `POST auth/refresh` as its network half.
    ///
    /// The refresh runs in a task of its own, which the caller's cancellation does not
    /// reach: once the server has rotated the tokens, cutting the answer off would leave
    /// the store with a refresh token the server takes for stolen when it comes back.
    private func refreshAccessToken(replacing stale: String, in store: any TokenStore) async throws(APIError)
        -> SignInResponse
    {
        observer?.observe(.refreshStarted)
        do {
            let fresh = try await store.refreshTokens(replacing: stale) { refreshToken async throws(APIError) in
                let refresh = Task { () async -> Result<SignInResponse, APIError> in
                    do throws(APIError) {
                        let data = try await send(.refresh(refreshToken: refreshToken))
                        guard let tokens = try? JSONDecoder().decode(SignInResponse.self, from: data) else {
                            return .failure(.invalidResponse)
                        }
                        return .success(tokens)
                    } catch {
                        return .failure(error)
                    }
                }
                return try await refresh.value.get()
            }
            observer?.observe(.refreshFinished(error: nil, reason: nil))
            return fresh
        } catch {
            switch error {
            case .api(let failure):
                observer?.observe(.refreshFinished(error: failure, reason: nil))
                throw failure
            case .store(let failure):
                observer?.observe(.refreshFinished(error: .unknown, reason: failure.description))
                throw .unknown
            }
        }
    }
}
