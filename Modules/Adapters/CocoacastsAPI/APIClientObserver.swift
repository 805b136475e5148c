/// Watches what the client sends and receives: the role of Alamofire's `EventMonitor`
/// and Moya's plugins. The CLI's `--verbose` prints every event.
///
/// Events are built with every secret already replaced by `<redacted>`, so an observer
/// cannot leak one however it logs.
public protocol APIClientObserver: Sendable {
    /// Called for each event, on whatever task the client runs on.
    func observe(_ event: APIClientEvent)
}

/// An observer that hands every event to a closure.
public struct ClosureObserver: APIClientObserver {
    private let handler: @Sendable (APIClientEvent) -> Void

    /// Creates an observer calling `handler`.
    public init(_ handler: @escaping @Sendable (APIClientEvent) -> Void) {
        self.handler = handler
    }

    /// Calls the handler.
    public func observe(_ event: APIClientEvent) {
        handler(event)
    }
}
