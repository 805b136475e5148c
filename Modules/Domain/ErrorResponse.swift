/// The body the API sends with a failure: `{"error": true, "reason": "Unauthorized"}`.
public struct ErrorResponse: Codable, Equatable, Hashable, Sendable {
    /// Always `true`.
    public let error: Bool
    /// A short human-readable reason.
    public let reason: String

    /// Creates a failure body with `reason`.
    public init(reason: String) {
        self.error = true
        self.reason = reason
    }
}
