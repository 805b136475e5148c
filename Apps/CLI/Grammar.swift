import Ports
import TokenStoreComposition

/// The options `cocoacasts` accepts, and the commands' grammars from ``CommandList``: the
/// table from which the parser, `--help`, the shell completions and the manual page are made.
enum Grammar {
    static let version = "1.0.0"

    static let color = CommandLineParser.Option(
        name: "--color", valueName: "WHEN", summary: "colour and cursor control: auto (default), always or never",
        choices: ["auto", "always", "never"])

    static let globalOptions: [CommandLineParser.Option] = [
        .init(
            name: "--base-url", valueName: "URL",
            summary: "the API, e.g. http://127.0.0.1:8080/api/v1"),
        .init(
            name: "--api-token", valueName: "T",
            summary: "the X-API-TOKEN to send (other users see it in ps)"),
        .init(
            name: "--api-token-stdin", valueName: nil,
            summary: "read the X-API-TOKEN from standard input"),
        .init(name: "--store", valueName: "PATH", summary: "the token file"),
        .init(
            name: "--token-store", valueName: "S",
            summary: "where tokens live: auto (the keyring if one answers), keyring or file",
            choices: TokenStoreChoice.allCases.map(\.rawValue), expected: TokenStoreChoice.expected),
        .init(
            name: "--transport", valueName: "T",
            summary:
                "the HTTP engine: \(TransportChoice.available.map(\.rawValue).joined(separator: " or "))",
            choices: TransportChoice.available.map(\.rawValue), expected: TransportChoice.expected),
        .init(
            name: "--cacert", valueName: "FILE",
            summary: "trust the certificate authorities in FILE for https"),
        .init(
            name: "--timeout", valueName: "S",
            summary: "seconds a request may take, sent to last byte (default 30)"),
        color,
        .init(name: "--verbose", valueName: nil, summary: "log every request and response, secrets redacted"),
        .init(name: "--help", valueName: nil, summary: "show help (also after a command)"),
        .init(name: "--version", valueName: nil, summary: "show the version"),
    ]

    static let json = CommandLineParser.Option(name: "--json", valueName: nil, summary: "print JSON")

    /// How `episodes` and `episode` may use the saved catalogue.
    static let catalogueOptions: [CommandLineParser.Option] = [
        .init(name: "--offline", valueName: nil, summary: "answer from the saved list only; send nothing"),
        .init(name: "--no-cache", valueName: nil, summary: "ask the server and save nothing"),
    ]

    /// Every command's grammar, in the order of ``CommandList/all``.
    static let commands = CommandList.all.map { $0.spec }

    static let parser = CommandLineParser(globalOptions: globalOptions, commands: commands)

    /// How `episodes` and `episode` may use the saved catalogue, from `--offline` and `--no-cache`.
    static func cachePolicy(_ parsed: CommandLineParser.Parsed) throws(UsageError) -> CachePolicy {
        switch (parsed.flag("--offline"), parsed.flag("--no-cache")) {
        case (true, true): throw .conflictingOptions("--offline", "--no-cache")
        case (true, false): .offlineOnly
        case (false, true): .bypass
        case (false, false): .normal
        }
    }
}
