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
        switch (error.kind, context) {
        case (.cancelled, _): nil
        case (.unreachable, _): "You need to have a network connection."
        case (.unauthorized, .signIn): "The email/password combination is invalid."
        case (.unauthorized, .video): "You need to be signed in to watch this episode."
        case (.unauthorized, _): "You need to be signed in."
        case (_, .signIn): "You could not be signed in."
        case (_, .episodes): "The list of episodes could not be fetched."
        case (_, .video): "The video could not be fetched."
        case (_, .progress): "The video progress could not be fetched."
        case (_, .progressUpdate): "The video progress could not be synced."
        }
    }
}
