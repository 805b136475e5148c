#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The mock API's routes, matched on the path below the base path.
enum BuiltInMockRoute: Equatable {
    case signIn
    case refresh
    case episodes
    case video(id: String)
    case progress(id: String, method: String)
    case methodNotAllowed

    /// The route of `method` and `path`, `.methodNotAllowed` for a known path with another
    /// method, `nil` for an unknown path. The id is one segment, percent-decoded once.
    init?(method: String, path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("auth", 1): self = method == "POST" ? .signIn : .methodNotAllowed
        case ("auth", 2) where parts[1] == "refresh": self = method == "POST" ? .refresh : .methodNotAllowed
        case ("episodes", 1): self = method == "GET" ? .episodes : .methodNotAllowed
        case ("videos", 2) where !parts[1].isEmpty:
            self = method == "GET" ? .video(id: Self.decode(parts[1])) : .methodNotAllowed
        case ("videos", 3) where !parts[1].isEmpty && parts[2] == "progress":
            self =
                ["GET", "POST", "DELETE"].contains(method)
                ? .progress(id: Self.decode(parts[1]), method: method) : .methodNotAllowed
        default: return nil
        }
    }

    /// `segment` with its `%XX` escapes decoded; as it is when one is not two hexadecimal
    /// digits or they do not decode to UTF-8 (as Foundation's `removingPercentEncoding`).
    static func decode(_ segment: String) -> String {
        var bytes: [UInt8] = []
        var rest = segment.utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = rest.popFirst().flatMap(hexDigit), let low = rest.popFirst().flatMap(hexDigit) else {
                return segment
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self) ?? segment
    }

    /// The value of one hexadecimal digit, read alone: a sign is none (`UInt8(_:radix:)` takes one before digits).
    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        UInt8(String(Unicode.Scalar(byte)), radix: 16)
    }
}
