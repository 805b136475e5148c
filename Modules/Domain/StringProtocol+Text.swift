/// Text helpers that Foundation's `NSString` bridge would otherwise provide. On Linux that
/// bridge runs through CoreFoundation, and naming any of it links ICU's tables (some 36 MB)
/// into the binary: these use the standard library alone.
extension StringProtocol {
    /// The text without the whitespace (spaces, tabs, line breaks, Unicode's other spaces)
    /// it starts or ends with — what `trimmingCharacters(in: .whitespacesAndNewlines)` gives.
    public func trimmingWhitespace() -> Substring {
        trimming(while: \.isWhitespace)
    }

    /// The text without the characters it starts or ends with that satisfy `isTrimmed`.
    public func trimming(while isTrimmed: (Character) -> Bool) -> Substring {
        let text = self[...]
        guard let first = text.firstIndex(where: { !isTrimmed($0) }),
            let last = text.lastIndex(where: { !isTrimmed($0) })
        else { return Substring() }
        return Substring(text[first...last])
    }

    /// Whether the text holds `word`, ignoring the case of ASCII letters only: for text
    /// meant for programs (keywords, library messages), where a locale's case rules —
    /// Turkish dotted and dotless i, German ß — must not apply.
    public func containsIgnoringASCIICase(_ word: some StringProtocol) -> Bool {
        utf8.map(Self.asciiLowercased).firstRange(of: word.utf8.map(Self.asciiLowercased)) != nil
    }

    /// `byte` with `A`–`Z` turned into `a`–`z`; every other byte, UTF-8's included, as it is.
    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
