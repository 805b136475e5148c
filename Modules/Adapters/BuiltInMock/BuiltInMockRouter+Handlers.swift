import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension BuiltInMockRouter {
    func signIn(authorization: String?) async throws(StoreError) -> Response {
        guard let (email, password) = Credentials.basic(authorization), email == account.email,
            password == account.password
        else { return .failure(401, "Unauthorized") }
        return .json(200, try await update { issue(into: &$0, session: Self.randomToken(), user: email) })
    }

    func refresh(body: Data) async throws(StoreError) -> Response {
        struct Body: Decodable { let refreshToken: String }
        guard let token = try? JSONDecoder().decode(Body.self, from: body).refreshToken else {
            return .failure(400, "Bad Request")
        }
        return try await update { current in
            let digest = BuiltInMockState.digest(token)
            if let (id, _) = current.sessions.first(where: { $0.value.usedRefreshTokenDigests.contains(digest) }) {
                current.sessions[id] = nil  // reuse: treat as theft and revoke the whole sign-in
                return .failure(401, "Unauthorized")
            }
            guard let (id, session) = current.sessions.first(where: { $0.value.refreshTokenDigest == digest }) else {
                return .failure(401, "Unauthorized")
            }
            current.sessions[id]?.usedRefreshTokenDigests.append(digest)
            return .json(200, issue(into: &current, session: id, user: session.user))
        }
    }

    func progress(_ method: String, user: String, videoID: String, body: Data) async throws(StoreError) -> Response {
        let key = BuiltInMockState.progressKey(user: user, videoID: videoID)
        switch method {
        case "GET":
            let current = BuiltInMockState.decode(from: try await state.values(forKeys: [BuiltInMockState.key]))
            return .json(200, VideoProgress(videoID: videoID, cursor: current.progress[key] ?? 0))
        case "POST":
            guard let cursor = Self.cursor(in: body) else { return .failure(400, "Bad Request") }
            try await update { $0.progress[key] = cursor }
            return .json(200, VideoProgress(videoID: videoID, cursor: cursor))
        default:
            try await update { $0.progress[key] = nil }
            return Response(status: 204, body: Data())
        }
    }

    /// Gives a session a fresh pair; the old access and refresh tokens stop working.
    private func issue(into state: inout BuiltInMockState, session id: String, user: String) -> TokenPair {
        let tokens = TokenPair(accessToken: Self.randomToken(), refreshToken: Self.randomToken())
        var session =
            state.sessions[id]
            ?? .init(
                user: user, accessTokenDigest: "", accessTokenExpiry: .distantPast, refreshTokenDigest: "",
                usedRefreshTokenDigests: [])
        session.accessTokenDigest = BuiltInMockState.digest(tokens.accessToken)
        session.refreshTokenDigest = BuiltInMockState.digest(tokens.refreshToken)
        session.accessTokenExpiry = now().addingTimeInterval(accessTokenLifetime)
        state.sessions[id] = session
        return tokens
    }

    /// Changes the state kept in the store, under its exclusive access.
    private func update<Value: Sendable>(_ change: @Sendable (inout BuiltInMockState) -> Value)
        async throws(StoreError) -> Value
    {
        try await state.withExclusiveAccess { (values: inout [String: String]) throws(StoreError) in
            var current = BuiltInMockState.decode(from: values)
            defer { current.encode(into: &values) }
            return change(&current)
        }
    }

    /// `{"cursor": Int}` with a non-negative integer (`42.0` counts; a fraction, a string or a bool does not).
    private static func cursor(in body: Data) -> Int? {
        struct Body: Decodable { let cursor: Int }
        guard let cursor = try? JSONDecoder().decode(Body.self, from: body).cursor, cursor >= 0 else { return nil }
        return cursor
    }

    private static func randomToken() -> String {
        UUID().uuidString.replacing("-", with: "").lowercased()
    }
}
