/// Which HTTP engine the CLI talks through.
///
/// Linux has libcurl only: URLSession's FoundationNetworking would link libcurl and some
/// thirty libraries at exec, into every run — the built-in default and `--help` too —
/// while the libcurl transport loads libcurl on the first request (and is the engine
/// URLSession wraps there anyway). Apple platforms have both, URLSession first.
/// `Scripts/bench` compares the two on Linux side by side.
enum TransportChoice: String, CaseIterable, Sendable {
    case curl
    case urlsession

    /// The transport used unless a setting picks another: the first this build has.
    static var platformDefault: TransportChoice { available[0] }

    /// The choices this build has, the default first.
    #if canImport(Darwin)
        static let available: [TransportChoice] = [.urlsession, .curl]
    #else
        static let available: [TransportChoice] = [.curl]
    #endif

    /// A choice this build has, from its name.
    init?(available name: String) {
        guard let choice = TransportChoice(rawValue: name), Self.available.contains(choice) else { return nil }
        self = choice
    }

    /// What a setting may say, for an error message.
    static var expected: String {
        available.map(\.rawValue).joined(separator: " or ")
            + (available.contains(.urlsession)
                ? ""
                : " (URLSession is not built into cocoacasts on Linux, where it would load libcurl at every start)")
    }

    /// How `status` and `--verbose` name it.
    var name: String {
        switch self {
        case .curl: "libcurl (loaded on the first request)"
        case .urlsession: "URLSession"
        }
    }
}
