/// Turns an ``APIError`` into the message for the screen on which it happened.
///
/// The texts are the Cocoacasts series', with one rule the Cocoacasts series broke: "The email/password
/// combination is invalid." is said only when the sign-in route answered 401, the one
/// answer that means the pair was refused. Any other failed sign-in (a server fault, an
/// unreadable answer, a refused API token) reads "You could not be signed in.", and
/// the error's cause says what happened.
///
/// The message is the screen's headline; the cause (``APIError/cause``) is the detail
/// an app shows beside it.
public struct APIErrorMapper: Equatable, Sendable {
    /// The screen or operation that failed.
    public enum Context: String, CaseIterable, Sendable {
        /// Signing in.
        case signIn
        /// Fetching the list of episodes.
        case episodes
        /// Fetching a protected video.
        case video
        /// Fetching a video's progress.
        case progress
        /// Saving or deleting a video's progress.
        case progressUpdate
    }

    /// The error to describe.
    public let error: APIError
    /// Where it happened.
    public let context: Context

    public init(error: APIError, context: Context) {
        self.error = error
        self.context = context
    }

    /// The message to show, or `nil` for a cancelled request, which is not a failure.
    public var message: String? {
        switch error.kind {
        case .cancelled:
            return nil
        case .unreachable:
            return "You need to have a network connection."
        case .unauthorized:
            switch context {
            case .signIn: return "The email/password combination is invalid."
            case .video: return "You need to be signed in to watch this episode."
            case .episodes, .progress, .progressUpdate: return "You need to be signed in."
            }
        case .unknown, .failedRequest, .invalidResponse:
            return failureMessage
        }
    }

    private var failureMessage: String {
        switch context {
        case .signIn: "You could not be signed in."
        case .episodes: "The list of episodes could not be fetched."
        case .video: "The video could not be fetched."
        case .progress: "The video progress could not be fetched."
        case .progressUpdate: "The video progress could not be synced."
        }
    }
}
