/// Everything a screen that loads one value can show, derived from its view-model.
public enum LoadState<Value: Equatable & Sendable>: Equatable, Sendable {
    /// Nothing loaded yet.
    case idle
    /// A request is running.
    case loading
    /// The value last loaded.
    case loaded(Value)
    /// The last request failed with a message for the user.
    case failed(message: String)

    /// The cases without their payloads, so that a gallery can check it shows every one.
    public enum Kind: String, CaseIterable, Sendable {
        /// ``LoadState/idle``.
        case idle
        /// ``LoadState/loading``.
        case loading
        /// ``LoadState/loaded(_:)``.
        case loaded
        /// ``LoadState/failed(message:)``.
        case failed
    }

    /// The state's case without its payload.
    public var kind: Kind {
        switch self {
        case .idle: .idle
        case .loading: .loading
        case .loaded: .loaded
        case .failed: .failed
        }
    }
}
