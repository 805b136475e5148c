import Presentation

/// What the gallery's pill says about the state a view-model was drawn in: its name in
/// words and its kind, each from an exhaustive `switch` over the view-model's `State` (see
/// ``Drawn/label``), so that a new case does not compile until it is named there.
struct StateLabel: Equatable, Sendable {
    /// How the state went, which sets the pill's colour.
    enum Kind: String, CaseIterable, Sendable {
        /// Loaded, or done: green.
        case success
        /// Waiting for an answer: amber.
        case progress
        /// Nothing asked for yet, or nothing to show: grey.
        case idle
        /// A saved answer shown because the server could not be reached: yellow.
        case stale
        /// Failed: red.
        case failure

        /// The kind in words, which the gallery's filter matches too.
        var words: String {
            switch self {
            case .success: "success"
            case .progress: "in progress"
            case .idle: "idle"
            case .stale: "stale offline"
            case .failure: "failure"
            }
        }
    }

    /// The state's name for people: `Signing in`, `Token store unreadable`.
    let title: String
    let kind: Kind
}
