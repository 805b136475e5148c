#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A URI reference — a playlist's URI, a redirect's `Location` — resolved against a base URL by
/// RFC 3986, 5.2, its escapes kept as written: a signed CDN URL names its resource by the exact
/// bytes of its path and query, and `URL(string:relativeTo:)` encodes an existing `%2B` again
/// (`%252B`) when the same reference holds a character that needs encoding.
public enum URIResolution {
    /// `reference` resolved against `base`; `nil` when the result is no URL.
    public static func resolve(_ reference: String, against base: URL) -> URL? {
        let reference = Components(encoded(reference))
        let base = Components(base.absoluteString)
        var target = reference
        target.path = removingDotSegments(reference.path)
        if reference.scheme == nil {
            target.scheme = base.scheme
            if reference.authority == nil {
                target.authority = base.authority
                if reference.path.isEmpty {
                    target.path = base.path  // as it is: the base's dot segments are the base's
                    target.query = reference.query ?? base.query
                } else if !reference.path.hasPrefix("/") {
                    target.path = removingDotSegments(merged(base, reference.path))
                }
            }
        }
        return URL(string: target.text)
    }

    /// `text` with every byte that no part of a URI may hold percent-encoded once: an existing
    /// `%XX` is kept, a `%` that begins none is encoded. (`[`, `]` and a second `#`, which a
    /// path may not hold either, are left to `URL(string:)`, which encodes them.)
    private static func encoded(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            // `allowed` holds no `%`: one is kept only where it begins an escape.
            if allowed.contains(byte)
                || (byte == UInt8(ascii: "%") && index + 2 < bytes.count && isHexDigit(bytes[index + 1])
                    && isHexDigit(bytes[index + 2]))
            {
                result.append(byte)
            } else {
                let digits = Array("0123456789ABCDEF".utf8)
                result += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The unreserved and reserved characters of RFC 3986, 2.2 and 2.3.
    private static let allowed = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=".utf8)

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// RFC 3986, 5.2.3: the reference's path after the base's last `/`.
    private static func merged(_ base: Components, _ path: String) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + path }
        guard let slash = base.path.lastIndex(of: "/") else { return path }
        return String(base.path[...slash]) + path
    }

    /// RFC 3986, 5.2.4: `.` and `..` segments interpreted and removed.
    private static func removingDotSegments(_ path: String) -> String {
        var input = Substring(path)
        var output: [Substring] = []
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                let start = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[start...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }

    /// The five parts of a URI reference (RFC 3986, appendix B).
    private struct Components {
        var scheme: Substring?
        var authority: Substring?
        var path: String
        var query: Substring?
        var fragment: Substring?

        init(_ text: String) {
            var rest = Substring(text)
            if let hash = rest.firstIndex(of: "#") {
                fragment = rest[rest.index(after: hash)...]
                rest = rest[..<hash]
            }
            if let question = rest.firstIndex(of: "?") {
                query = rest[rest.index(after: question)...]
                rest = rest[..<question]
            }
            if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isASCII, first.isLetter,
                rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
                !rest[..<colon].contains("/")
            {
                scheme = rest[..<colon]
                rest = rest[rest.index(after: colon)...]
            }
            if rest.hasPrefix("//") {
                let afterSlashes = rest.dropFirst(2)
                let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
                authority = afterSlashes[..<end]
                rest = afterSlashes[end...]
            }
            path = String(rest)
        }

        /// RFC 3986, 5.3: the parts put back together.
        var text: String {
            var text = ""
            if let scheme { text += scheme + ":" }
            if let authority { text += "//" + authority }
            text += path
            if let query { text += "?" + query }
            if let fragment { text += "#" + fragment }
            return text
        }
    }
}
