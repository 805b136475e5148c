/// The escapes of a JSON string's contents, on UTF-8 bytes: Foundation's `JSONEncoder`'s
/// (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u00XX` for the other controls; `/` as it is),
/// then a terminal's controls (see ``TerminalText/jsonEscapingTerminalControls(_:)``).
enum JSONStringEscaping {
    /// Appends `utf8`, valid UTF-8, escaped to `output`.
    static func append(_ utf8: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var index = 0
        var plainStart = 0
        while index < utf8.count {
            let byte = utf8[index]
            let length = escapedLength(utf8, at: index)
            if length == 0 {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
            appendEscape(of: utf8, at: index, length: length, byte: byte, to: &output)
            index += length
            plainStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
    }

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

    /// How many bytes at `index` are escaped as one (a scalar's), or 0 for a byte kept as it is.
    private static func escapedLength(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        switch utf8[index] {
        case 0x00...0x1F, UInt8(ascii: "\""), UInt8(ascii: "\\"): 1
        case 0x20..<0x7F: 0
        default: terminalControlLength(utf8, at: index)
        }
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

    private static func appendEscape(
        of utf8: UnsafeBufferPointer<UInt8>, at index: Int, length: Int, byte: UInt8, to output: inout [UInt8]
    ) {
        let short: UInt8? =
            switch byte {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case 0x08: UInt8(ascii: "b")
            case 0x0C: UInt8(ascii: "f")
            case 0x0A: UInt8(ascii: "n")
            case 0x0D: UInt8(ascii: "r")
            case 0x09: UInt8(ascii: "t")
            default: nil
            }
        if let short {
            output.append(UInt8(ascii: "\\"))
            output.append(short)
        } else {
            appendUnicodeEscape(length == 1 ? UInt32(byte) : scalar(utf8, at: index, length: length), to: &output)
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

    /// `\uXXXX`, four lower-case hex digits, as both Foundation and the terminal escaping write it.
    private static func appendUnicodeEscape(_ scalar: UInt32, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        output.append(UInt8(ascii: "u"))
        for shift: UInt32 in [12, 8, 4, 0] {
            let digit = UInt8(scalar >> shift & 0xF)
            output.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }
}
