import Foundation

/// The command line of `cocoacasts-bench`.
struct Options: Sendable {
    enum Mode: Sendable {
        case benchmarks
        case scaleChild(size: Int)
        case instructionsChild(row: String, iterations: Int)
        case bodyChild(admin: URL, size: Int)
        case bodyNullChild(Fetch, url: URL)
        case waitChild(Fetch, url: URL)
        case bombChild(Fetch, url: URL, expectation: String)
        case keyringChild(TokenStoreKind, application: String, directory: URL)
    }

    var mode = Mode.benchmarks
    var baseURL: URL?
    var catalogueURL: URL?
    var largeCatalogueURL: URL?
    /// A mock API serving 500 episodes, a large real catalogue (Scripts/bench starts it), for row 12b.
    var jsonCatalogueURL: URL?
    /// A `--media` mock API (Scripts/bench starts it), for row 14.
    var mediaURL: URL?
    /// Three mock APIs whose videoURLs are nginx's files of 50, 200 and 500 MiB, for row 15.
    var fileMediaURLs: [URL] = []
    /// A `--media hls` mock API of a 10-minute episode behind 40 ms a request, for row 15d.
    var hlsMediaURL: URL?
    /// Two mock APIs whose videoURLs are python's http.server's 10-minute stream behind 40 ms a
    /// request, a connection per request and connections kept, for rows 15c and 15f.
    var plainHLSMediaURLs: [URL] = []
    /// The folder python's http.server serves the stream's files from (`media/632759499/…`).
    var plainHLSFolder: String?
    /// A mock API of 300 episodes whose positions answer after 50 ms (Scripts/bench starts it), for row 16.
    var continueURL: URL?
    var cli: String?
    /// The static Foundation program `--version` is measured against (Scripts/bench builds it).
    var baseline: String?
    /// The private keyring's bus (Scripts/bench starts it), for row 13.
    var keyringBus: String?
    var jsonPath: String?
    var runs = 15
    var only: Set<Int>?
    var check = false
    var recordInstructions = false

    static let usage =
        "usage: cocoacasts-bench [--base-url URL] [--catalogue-url URL] [--large-catalogue-url URL]"
        + " [--json-catalogue-url URL] [--media-url URL] [--file-media-urls URL,URL,URL] [--hls-media-url URL]"
        + " [--plain-hls-media-urls URL,URL --plain-hls-folder PATH]"
        + " [--continue-url URL]"
        + " [--cli PATH] [--baseline PATH]"
        + " [--keyring-bus ADDRESS] [--json PATH] [--runs N] [--only 1,3] [--check] [--record-instructions]"

    /// The options, or `nil` for a command line it does not understand.
    init?(_ arguments: ArraySlice<String>) {
        var arguments = arguments
        while let argument = arguments.popFirst() {
            switch argument {
            case "--base-url": baseURL = arguments.popFirst().flatMap(URL.init(string:))
            case "--catalogue-url": catalogueURL = arguments.popFirst().flatMap(URL.init(string:))
            case "--large-catalogue-url": largeCatalogueURL = arguments.popFirst().flatMap(URL.init(string:))
            case "--json-catalogue-url": jsonCatalogueURL = arguments.popFirst().flatMap(URL.init(string:))
            case "--media-url": mediaURL = arguments.popFirst().flatMap(URL.init(string:))
            case "--file-media-urls":
                fileMediaURLs = (arguments.popFirst() ?? "").split(separator: ",").compactMap {
                    URL(string: String($0))
                }
            case "--hls-media-url": hlsMediaURL = arguments.popFirst().flatMap(URL.init(string:))
            case "--plain-hls-media-urls":
                plainHLSMediaURLs = (arguments.popFirst() ?? "").split(separator: ",").compactMap {
                    URL(string: String($0))
                }
            case "--plain-hls-folder": plainHLSFolder = arguments.popFirst()
            case "--continue-url": continueURL = arguments.popFirst().flatMap(URL.init(string:))
            case "--cli": cli = arguments.popFirst()
            case "--baseline": baseline = arguments.popFirst()
            case "--keyring-bus": keyringBus = arguments.popFirst()
            case "--json": jsonPath = arguments.popFirst()
            case "--runs": runs = arguments.popFirst().flatMap(Int.init) ?? runs
            case "--only": only = Set((arguments.popFirst() ?? "").split(separator: ",").compactMap { Int($0) })
            case "--check": check = true
            case "--record-instructions": recordInstructions = true
            case "--scale-child": mode = .scaleChild(size: arguments.popFirst().flatMap(Int.init) ?? 0)
            case "--body-child":
                guard let admin = arguments.popFirst().flatMap(URL.init(string:)) else { return nil }
                mode = .bodyChild(admin: admin, size: arguments.popFirst().flatMap(Int.init) ?? 0)
            case "--body-null-child":
                guard let fetch = arguments.popFirst().flatMap(Fetch.init(rawValue:)),
                    let url = arguments.popFirst().flatMap(URL.init(string:))
                else { return nil }
                mode = .bodyNullChild(fetch, url: url)
            case "--wait-child":
                guard let fetch = arguments.popFirst().flatMap(Fetch.init(rawValue:)),
                    let url = arguments.popFirst().flatMap(URL.init(string:))
                else { return nil }
                mode = .waitChild(fetch, url: url)
            case "--bomb-child":
                guard let fetch = arguments.popFirst().flatMap(Fetch.init(rawValue:)),
                    let url = arguments.popFirst().flatMap(URL.init(string:)), let expectation = arguments.popFirst()
                else { return nil }
                mode = .bombChild(fetch, url: url, expectation: expectation)
            case "--keyring-child":
                guard let kind = arguments.popFirst().flatMap(TokenStoreKind.init(rawValue:)),
                    let application = arguments.popFirst(), let directory = arguments.popFirst()
                else { return nil }
                mode = .keyringChild(kind, application: application, directory: URL(fileURLWithPath: directory))
            case "--instructions-child":
                let row = arguments.popFirst() ?? ""
                mode = .instructionsChild(row: row, iterations: arguments.popFirst().flatMap(Int.init) ?? 0)
            default: return nil
            }
        }
    }

    /// Whether benchmark `number` was asked for.
    func selected(_ number: Int) -> Bool { only?.contains(number) ?? true }
}
