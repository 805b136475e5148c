/// The directives of a `Cache-Control` response header that a private client cache
/// heeds (RFC 9111 §5.2.2); others are ignored.
public struct CacheControl: Hashable, Sendable, Codable {
    /// `max-age`: seconds the answer stays fresh; `nil` when absent or unreadable.
    public var maxAge: Int?
    /// `no-cache`: the answer may be saved, but must be revalidated before each use.
    public var noCache: Bool
    /// `no-store`: the answer must not be saved at all.
    public var noStore: Bool
    /// `private`: meant for one user; a private cache such as this one may save it.
    public var isPrivate: Bool

    /// The directives given; none by default.
    public init(maxAge: Int? = nil, noCache: Bool = false, noStore: Bool = false, isPrivate: Bool = false) {
        self.maxAge = maxAge
        self.noCache = noCache
        self.noStore = noStore
        self.isPrivate = isPrivate
    }

    /// The directives of a header's value (`max-age=60, private`); `nil` reads as no directive.
    ///
    /// Names are case-insensitive; a quoted `max-age` is accepted; a `max-age` that is no
    /// whole number of seconds is ignored (the answer is then not fresh), and one given
    /// twice counts as none, as RFC 9111 §4.2.1 asks.
    public init(header: String?) {
        self.init()
        var maxAges: [Int?] = []
        for directive in (header ?? "").split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1)
            let name = parts.first.map { $0.trimmingWhitespace().lowercased() } ?? ""
            let argument = parts.count == 2 ? parts[1].trimmingWhitespace() : nil
            switch name {
            case "max-age": maxAges.append(argument.flatMap(Self.seconds))
            case "no-cache": noCache = true
            case "no-store": noStore = true
            case "private": isPrivate = true
            default: continue
            }
        }
        maxAge = maxAges.count == 1 ? maxAges[0] : nil
    }

    /// Seconds of a delta-seconds argument, quoted or not, capped at a 32-bit value.
    private static func seconds(_ argument: Substring) -> Int? {
        let digits =
            argument.hasPrefix("\"") && argument.hasSuffix("\"") && argument.count >= 2
            ? argument.dropFirst().dropLast() : argument
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits.prefix(10)).map { min($0, Int(Int32.max)) }
    }
}
