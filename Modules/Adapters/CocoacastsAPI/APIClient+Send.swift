import AsyncPrimitives
import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension APIClient {
    /// What the server finally answered a call, whatever its status, with the request
    /// last sent (whose secrets a message must not show).
    struct Answer {
        let request: HTTPRequest
        let response: HTTPResponse

        /// The body of a 2xx answer; any other status is its error, with the secrets of the
        /// request and of `endpoint` redacted from whatever the server said.
        func successBody(of endpoint: APIEndpoint) throws(APIError) -> Data {
            let secrets = { [request] in Redaction.secrets(of: request) + endpoint.secrets }
            if let error = ErrorTranslation.error(forStatus: response.status, body: response.body, redacting: secrets) {
                throw error
            }
            return response.body
        }
    }

    /// The request path, top to bottom: every call comes through here once, the
    /// catalogue's with its validators as `headers`.
    ///
    /// 1. Wait for one of the configured number of slots (the refresh's own request takes
    ///    none: the slots may all be held by requests waiting for it).
    /// 2. Build the request; a protected one reads the access token when its turn comes, so
    ///    requests that waited while others refreshed send the new token, not the stale one.
    /// 3. Send it, retrying and following redirects (``exchange(_:idempotent:deadline:)``).
    /// 4. A 401 from the configured origin to a protected request runs the token store's
    ///    coordinated refresh and sends the request once more (a 401 from where a redirect
    ///    led proves nothing about the token).
    ///
    /// Each attempt ends within the configured timeout, and the call's deadline
    /// (``APIConfiguration/callDeadline``) bounds every retry and redirect, the refresh's
    /// and the replay's included (a first attempt always goes), so a call ends within five
    /// timeouts: its retries and redirects, a refresh and the first attempt of its replay
    /// — plus any wait for another process's lock on the token store.
    func perform(_ endpoint: APIEndpoint, headers: [String: String] = [:]) async throws(APIError) -> Answer {
        await slots.acquire()
        defer { slots.release() }
        guard !Task.isCancelled else { throw .cancelled }
        return try await answer(to: endpoint, headers: headers, deadline: .now + .seconds(configuration.callDeadline))
    }

    /// A call whose 2xx body decodes into `Value`.
    func send<Value: Decodable>(_ endpoint: APIEndpoint) async throws(APIError) -> Value {
        try decoded(try await perform(endpoint).successBody(of: endpoint))
    }

    /// A call whose 2xx answer has no body to decode (`DELETE`).
    func send(_ endpoint: APIEndpoint) async throws(APIError) {
        _ = try await perform(endpoint).successBody(of: endpoint)
    }

    /// The layer's own `User-Agent`, for an app that gives none: ``APIConfiguration/libraryProduct``
    /// and the transport's engine, read as a request is made (libcurl's version loads libcurl).
    var defaultUserAgent: String {
        "\(APIConfiguration.libraryProduct) (\(transport.engine))"
    }

    /// Steps 2 to 4.
    private func answer(to endpoint: APIEndpoint, headers: [String: String], deadline: ContinuousClock.Instant)
        async throws(APIError) -> Answer
    {
        func request(_ token: String?) throws(APIError) -> HTTPRequest {
            var request = try endpoint.request(accessToken: token, configuration: configuration)
            request.headers["User-Agent"] = configuration.userAgent ?? defaultUserAgent
            for (field, value) in headers { request.headers[field] = value }
            return request
        }
        let token = endpoint.requiresAuthorization ? try await storedAccessToken() : nil
        var (sent, response) = try await exchange(
            request(token), idempotent: endpoint.isIdempotent, deadline: deadline)
        if response.status == 401, endpoint.requiresAuthorization, let tokenStore, let token,
            Origin(sent.url) == configuration.origin
        {
            let fresh = try await refreshAccessToken(replacing: token, in: tokenStore, deadline: deadline)
            (sent, response) = try await exchange(
                request(fresh.accessToken), idempotent: endpoint.isIdempotent, deadline: deadline)
        }
        return Answer(request: sent, response: response)
    }

    /// A 2xx body as the endpoint's model. Tokens a server issues are refused when a
    /// header could not carry them: a line break would add headers of their own to every
    /// later request.
    private func decoded<Value: Decodable>(_ data: Data) throws(APIError) -> Value {
        let value = try ResponseDecoding.decode(Value.self, from: data)
        if Value.self == TokenPair.self, let tokens = value as? TokenPair {  // a cast only where it can succeed
            for (field, token) in [("accessToken", tokens.accessToken), ("refreshToken", tokens.refreshToken)]
            where !HeaderValue.isSafeCredential(token) {
                throw .invalidResponse(.undecodable("the field \(field) holds characters a header cannot carry"))
            }
        }
        return value
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

    /// The token store's coordinated refresh, with `POST auth/refresh` as its network half.
    ///
    /// The refresh runs in a task of its own, which the caller's cancellation does not
    /// reach: once the server has rotated the tokens, cutting the answer off would leave
    /// the store with a refresh token the server takes for stolen when it comes back.
    /// A refresh token the server refuses ends the session (`sessionEnded`); a store that
    /// cannot be used fails with its own error.
    private func refreshAccessToken(
        replacing stale: String, in store: any TokenStore, deadline: ContinuousClock.Instant
    ) async throws(APIError) -> TokenPair {
        observer?.observe(.refreshStarted)
        do {
            let fresh = try await store.refreshTokens(replacing: stale) { refreshToken async throws(APIError) in
                // A caller cancelled while it waited for the store's lock sends nothing; once
                // sent, the refresh is out of its hands.
                guard !Task.isCancelled else { throw .cancelled }
                let refresh = Task { () async -> Result<TokenPair, APIError> in
                    do throws(APIError) {
                        let endpoint = APIEndpoint.refresh(refreshToken: refreshToken)
                        let answer = try await answer(to: endpoint, headers: [:], deadline: deadline)
                        return .success(try decoded(answer.successBody(of: endpoint)))
                    } catch {
                        return .failure(error)
                    }
                }
                return try await refresh.value.get()
            }
            observer?.observe(.refreshFinished(error: nil))
            return fresh
        } catch {
            let refreshError: APIError =
                switch error {
                case .api(let apiError) where apiError.kind == .unauthorized && apiError.cause != .notSignedIn:
                    .unauthorized(.sessionEnded)
                case .api(let apiError): apiError
                case .store(let storeError): .unknown(.store(storeError))
                }
            observer?.observe(.refreshFinished(error: refreshError))
            throw refreshError
        }
    }
}
