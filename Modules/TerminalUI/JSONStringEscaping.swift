/// The characters a terminal could act on that JSON leaves as they are — DEL, the C1
/// controls, bidirectional marks and overrides — found and escaped on UTF-8 bytes (see
/// ``TerminalText/jsonEscapingTerminalControls(_:)``).
enum JSONStringEscaping {
    /// Terminal controls only, for JSON text Foundation wrote (whose other escapes are done).
    static func appendTerminalControls(_ utf8: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var index = 0
        var plainStart = 0
        while index < utf8.count {
            let length = utf8[index] < 0x7F ? 0 : terminalControlLength(utf8, at: index)
            if length == 0 {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
            appendUnicodeEscape(scalar(utf8, at: index, length: length), to: &output)
            index += length
            plainStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
    }

    /// Whether `scalar` is one of the terminal controls `terminalControlLength` knows: the one
    /// table for both the terminal's text (`TerminalText.sanitized`) and the JSON escapes.
    static func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x7F else { return false }  // ASCII, but DEL: none, and no encoding
        let utf8 = String(scalar).utf8
        return utf8.withContiguousStorageIfAvailable { terminalControlLength($0, at: 0) > 0 }
            ?? Array(utf8).withUnsafeBufferPointer { terminalControlLength($0, at: 0) > 0 }
    }

    /// The length of the terminal control at `index` — DEL, a C1 control (U+0080–U+009F), or
    /// a bidirectional mark or override (U+061C, U+200E–F, U+202A–E, U+2066–9) — or 0.
    private static func terminalControlLength(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        func byte(_ offset: Int) -> UInt8 { index + offset < utf8.count ? utf8[index + offset] : 0 }
        switch (byte(0), byte(1), byte(2)) {
        case (0x7F, _, _): return 1
        case (0xC2, 0x80...0x9F, _), (0xD8, 0x9C, _): return 2
        case (0xE2, 0x80, 0x8E...0x8F), (0xE2, 0x80, 0xAA...0xAE), (0xE2, 0x81, 0xA6...0xA9): return 3
        default: return 0
        }
    }

    /// The scalar of the `length`-byte UTF-8 sequence at `index`.
    private static func scalar(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> UInt32 {
        switch length {
        case 1: UInt32(utf8[index])
        case 2: UInt32(utf8[index] & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F)
        default: UInt32(utf8[index] & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F)
        }
    }

    /// `\uXXXX`, four lower-case hex digits, as Foundation writes its own escapes.
    private static func appendUnicodeEscape(_ scalar: UInt32, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        output.append(UInt8(ascii: "u"))
        for shift: UInt32 in [12, 8, 4, 0] {
            let digit = UInt8(scalar >> shift & 0xF)
            output.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }
}
