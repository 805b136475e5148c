/// Bold, colour and the symbols a screen draws with: escape sequences only when the
/// stream is a terminal that wants colour, and ASCII stand-ins for `✓ ✗ · … •` and the
/// spinner when the locale cannot show them.
public struct TerminalStyle: Sendable, Equatable {
    /// Whether escape sequences are emitted.
    public let isEnabled: Bool
    /// Whether symbols outside ASCII may be drawn (the locale's charset is UTF-8).
    public let isUnicode: Bool

    /// Plain text with Unicode symbols.
    public static let plain = TerminalStyle(isEnabled: false)
    /// Bold and colour.
    public static let styled = TerminalStyle(isEnabled: true)

    /// A style; `isUnicode: false` draws with ASCII only.
    public init(isEnabled: Bool, isUnicode: Bool = true) {
        self.isEnabled = isEnabled
        self.isUnicode = isUnicode
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    /// Dimmed text.
    public func dim(_ text: String) -> String { wrap(text, "2") }
    /// An error, in red.
    public func failure(_ text: String) -> String { wrap(text, "31") }
    /// A success, in green.
    public func success(_ text: String) -> String { wrap(text, "32") }

    /// A tick, or `OK`.
    public var check: String { isUnicode ? "✓" : "OK" }
    /// A cross, or `x`.
    public var cross: String { isUnicode ? "✗" : "x" }
    /// A separating dot, or `-`.
    public var separator: String { isUnicode ? "·" : "-" }
    /// An ellipsis, or `...`.
    public var ellipsis: String { isUnicode ? "…" : "..." }
    /// A masked character, or `*`.
    public var bullet: String { isUnicode ? "•" : "*" }
    /// The spinner's frames.
    public var spinnerFrames: [String] {
        isUnicode ? ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] : ["|", "/", "-", "\\"]
    }

    /// `text` with its `…` written as the style draws an ellipsis.
    public func ellipsized(_ text: String) -> String {
        isUnicode ? text : String(text.flatMap { $0 == "…" ? Array("...") : [$0] })
    }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
