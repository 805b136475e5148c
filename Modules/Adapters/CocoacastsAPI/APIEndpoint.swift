import Domain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every request the API knows: each case computes its path, method, headers and body,
/// so the client only asks an endpoint for its request.
///
/// Passwords and refresh tokens are associated values, so `description` and the
/// reflected children redact them.
public enum APIEndpoint: Equatable, Sendable {
    /// `POST auth` with Basic credentials.
    case auth(email: String, password: String)
    /// `POST auth/refresh` with the refresh token in the body.
    case refresh(refreshToken: String)
    /// `GET episodes`.
    case episodes
    /// `GET videos/{id}`, protected.
    case video(id: String)
    /// `GET videos/{id}/progress`, protected.
    case progressForVideo(id: String)
    /// `POST videos/{id}/progress` with `{"cursor": Int}`, protected.
    case updateProgressForVideo(id: String, cursor: Int)
    /// `DELETE videos/{id}/progress`, protected.
    case deleteProgressForVideo(id: String)

    /// The HTTP methods the API uses.
    public enum Method: String, Sendable {
        case get = "GET"
        /// Sign-in, refresh, saving progress.
        case post = "POST"
        /// Deleting progress.
        case delete = "DELETE"
    }

    /// The path below the base URL, with path parameters percent-encoded as one segment.
    public var path: String {
        switch self {
        case .auth: "auth"
        case .refresh: "auth/refresh"
        case .episodes: "episodes"
        case .video(let id): "videos/\(PathSegment.encode(id))"
        case .progressForVideo(let id), .updateProgressForVideo(let id, _), .deleteProgressForVideo(let id):
            "videos/\(PathSegment.encode(id))/progress"
        }
    }

    /// The HTTP method.
    public var method: Method {
        switch self {
        case .auth, .refresh, .updateProgressForVideo: .post
        case .deleteProgressForVideo: .delete
        case .episodes, .video, .progressForVideo: .get
        }
    }

    /// Whether the request needs `Authorization: Bearer <access token>`: the endpoints of a video.
    public var requiresAuthorization: Bool { videoID != nil }

    /// The video id the endpoint is about; `nil` for sign-in, refresh and the catalogue.
    var videoID: String? {
        switch self {
        case .video(let id), .progressForVideo(let id), .updateProgressForVideo(let id, _),
            .deleteProgressForVideo(let id):
            id
        case .auth, .refresh, .episodes: nil
        }
    }

    /// Whether sending it twice is harmless, so it may be retried (never POST).
    public var isIdempotent: Bool { method != .post }

    /// The JSON body, if the endpoint has one.
    public var body: Data? {
        // Encoding a dictionary of a string or an integer cannot fail.
        switch self {
        case .refresh(let refreshToken): try? JSONEncoder().encode(["refreshToken": refreshToken])
        case .updateProgressForVideo(_, let cursor): try? JSONEncoder().encode(["cursor": cursor])
        case .auth, .episodes, .video, .progressForVideo, .deleteProgressForVideo: nil
        }
    }

    /// The secrets the endpoint itself carries, which no message may repeat.
    var secrets: [String] {
        switch self {
        case .auth(_, let password): [password]
        case .refresh(let refreshToken): [refreshToken]
        case .episodes, .video, .progressForVideo, .updateProgressForVideo, .deleteProgressForVideo: []
        }
    }
}
