/// What a screen that loads one value can show.
public enum LoadState<Value: Equatable & Sendable>: Equatable, Sendable {
    /// Nothing loaded yet.
    case idle
    /// A request is running; `previous` is the value loaded before, shown again if it is cancelled.
    case loading(previous: Value?)
    /// The value last loaded.
    case loaded(Value)
    /// The last request failed; `previous` is the value loaded before it, kept.
    case failed(message: String, ScreenFailure, previous: Value?)
}

extension LoadState: LatestRequestState {
    init(showing value: Value?) {
        self = value.map(Self.loaded) ?? .idle
    }

    var value: Value? {
        switch self {
        case .idle: nil
        case .loaded(let value): value
        case .loading(let previous), .failed(_, _, let previous): previous
        }
    }
}
