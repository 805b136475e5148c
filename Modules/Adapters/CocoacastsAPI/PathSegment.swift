/// Percent-encodes a value as exactly one URL path segment.
///
/// Only letters, digits, `-`, `_` and `~` stay as they are; every other byte of the
/// UTF-8 form is `%XX`. So `/`, `?`, `#` and `%` cannot change the route, and because
/// `.` is encoded too, `.` and `..` can never become dot-segments that a client or
/// server would resolve.
enum PathSegment {
    /// The bytes that stay as they are.
    private static let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_~".utf8)

    static func encode(_ value: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if unreserved.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += (byte < 0x10 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
            }
        }
        return encoded
    }
}
