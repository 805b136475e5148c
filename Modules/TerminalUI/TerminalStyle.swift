/// Bold, colour and symbols, or plain text when the output is not a terminal (or
/// `NO_COLOR` is set).
public struct TerminalStyle: Sendable, Equatable {
    /// Whether escape sequences are emitted.
    public let isEnabled: Bool

    /// Plain text.
    public static let plain = TerminalStyle(isEnabled: false)
    /// Bold and colour.
    public static let styled = TerminalStyle(isEnabled: true)

    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    /// Dimmed text.
    public func dim(_ text: String) -> String { wrap(text, "2") }
    /// An error, in red.
    public func failure(_ text: String) -> String { wrap(text, "31") }
    /// A success, in green.
    public func success(_ text: String) -> String { wrap(text, "32") }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
