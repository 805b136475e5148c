/// The numbers of RFC 8216, 4.2, read exactly as defined there: no sign, no exponent, no
/// hexadecimal float, which Swift's own `Int(_:)`, `UInt8(_:radix:)` and `Double(_:)` accept.
enum PlaylistNumbers {
    /// A `decimal-integer`: 1 to 20 digits, from 0 to 2⁶⁴−1.
    static func decimalInteger(_ text: Substring) -> UInt64? {
        guard (1...20).contains(text.utf8.count), text.utf8.allSatisfy(isDigit) else { return nil }
        return UInt64(text)
    }

    /// A `decimal-floating-point`: digits with at most one `.`, at least one digit.
    static func decimalFloatingPoint(_ text: Substring) -> Double? {
        let bytes = text.utf8
        guard bytes.contains(where: isDigit), bytes.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: ".") }),
            bytes.count(where: { $0 == UInt8(ascii: ".") }) <= 1
        else { return nil }
        let value = Double(text.hasPrefix(".") ? "0" + text : String(text))
        return value.flatMap { $0.isFinite ? $0 : nil }
    }

    /// A `hexadecimal-sequence` (`0x` or `0X`, then hexadecimal digits) as the 16 bytes of a
    /// 128-bit big-endian integer; `nil` when it is none or does not fit.
    static func sixteenBytes(_ text: Substring) -> [UInt8]? {
        let bytes = Array(text.utf8)
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "0"), bytes[1] | 0x20 == UInt8(ascii: "x") else { return nil }
        let digits = bytes[2...].map(hexValue)
        guard !digits.contains(nil) else { return nil }
        let significant = Array(digits.compactMap { $0 }.drop { $0 == 0 })
        guard significant.count <= 32 else { return nil }
        let nibbles = [UInt8](repeating: 0, count: 32 - significant.count) + significant
        return stride(from: 0, to: 32, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
