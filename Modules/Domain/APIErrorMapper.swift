/// Turns an ``APIError`` into the message for the screen on which it happened.
///
/// The texts are the series'. One deliberate difference: on the sign-in screen a 401
/// means the server refused the e-mail/password pair, so `unauthorized` there reads
/// "The email/password combination is invalid." rather than asking the user, who is
/// signing in, to sign in.
public struct APIErrorMapper: Equatable, Sendable {
    /// The screen or operation that failed.
    public enum Context: String, CaseIterable, Sendable {
        /// Signing in.
        case signIn
        /// Fetching the list of episodes.
        case episodes
        /// Fetching a protected video.
        case video
        /// Fetching, saving or deleting a video's progress.
        case progress
    }

    /// The error to describe.
    public let error: APIError
    /// Where it happened.
    public let context: Context

    /// Creates a mapper for an error in a context.
    public init(error: APIError, context: Context) {
        self.error = error
        self.context = context
    }

    /// The message to show, or `nil` for a cancelled request, which is not a failure.
    public var message: String? {
        switch error {
        case .cancelled:
            return nil
        case .unreachable:
            return "You need to have a network connection."
        case .unauthorized:
            switch context {
            case .signIn: return failureMessage
            case .video: return "You need to be signed in to watch this episode."
            case .episodes, .progress: return "You need to be signed in."
            }
        case .unknown, .failedRequest, .invalidResponse:
            return failureMessage
        }
    }

    private var failureMessage: String {
        switch context {
        case .signIn: "The email/password combination is invalid."
        case .episodes: "The list of episodes could not be fetched."
        case .video: "The video could not be fetched."
        case .progress: "The video progress could not be synced."
        }
    }
}
