import Ports

/// One call a ``SpyAPIService`` recorded, with its arguments. The password is kept only
/// as a ``Password``, which compares but never describes itself.
public enum APICall: Equatable, Sendable, CustomStringConvertible {
    case requestTokens(email: String, password: Password)
    case episodes
    case video(id: String)
    case progressForVideo(id: String)
    case updateProgressForVideo(id: String, cursor: Int)
    case deleteProgressForVideo(id: String)

    /// The operation called.
    public var operation: APIOperation {
        switch self {
        case .requestTokens: .signIn
        case .episodes: .episodes
        case .video: .video
        case .progressForVideo: .progressForVideo
        case .updateProgressForVideo: .updateProgressForVideo
        case .deleteProgressForVideo: .deleteProgressForVideo
        }
    }

    /// The call as code, with the password redacted.
    public var description: String {
        switch self {
        case .requestTokens(let email, let password): "requestTokens(email: \(email), password: \(password))"
        case .episodes: "episodes()"
        case .video(let id): "video(id: \(id))"
        case .progressForVideo(let id): "progressForVideo(id: \(id))"
        case .updateProgressForVideo(let id, let cursor): "updateProgressForVideo(id: \(id), cursor: \(cursor))"
        case .deleteProgressForVideo(let id): "deleteProgressForVideo(id: \(id))"
        }
    }

    /// A password as a call received it: tests can compare it with the one they expect,
    /// but its description, debug description and reflection never show it.
    public struct Password: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
        CustomReflectable
    {
        private let value: String

        public init(_ value: String) {
            self.value = value
        }

        /// Always `<redacted>`.
        public var description: String { "<redacted>" }

        /// Always `<redacted>`.
        public var debugDescription: String { description }

        /// A mirror without children.
        public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
    }
}
