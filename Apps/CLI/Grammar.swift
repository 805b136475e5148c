import Ports
import TerminalUI

/// The options `cocoacasts` accepts, each declared once here or on its command (and every
/// setting's on its ``ConfigKey``), and the commands' grammars from ``CommandList``: the
/// table from which the parser, `--help`, the shell completions and the manual page are
/// made, and by whose values a command reads its line.
enum Grammar {
    static let program = "cocoacasts"
    static let version = "1.0.0"

    static let apiTokenStdin = CommandLineParser.Option(
        name: "--api-token-stdin", valueName: nil, summary: "read the X-API-TOKEN from standard input")
    static let store = CommandLineParser.Option(name: "--store", valueName: "PATH", summary: "the token file")
    /// The token file's variable, which `--store` wins over.
    static let storeVariable = "COCOACASTS_STORE"
    static let color = CommandLineParser.Option(
        name: "--color", valueName: "WHEN", summary: "colour and cursor control: auto (default), always or never",
        choices: ["auto", "always", "never"])
    static let verbose = CommandLineParser.Option(
        name: "--verbose", valueName: nil, summary: "log every request and response, secrets redacted")
    static let help = CommandLineParser.Option(
        name: "--help", valueName: nil, summary: "show help (also after a command)", short: "-h")
    static let showVersion = CommandLineParser.Option(
        name: "--version", valueName: nil, summary: "show the version", short: "-V")

    static let globalOptions: [CommandLineParser.Option] = [
        ConfigKey.baseURL.option, ConfigKey.apiToken.option, apiTokenStdin, store, ConfigKey.tokenStore.option,
        ConfigKey.transport.option, ConfigKey.cacert.option, ConfigKey.timeout.option, color, verbose, help,
        showVersion,
    ]

    static let json = CommandLineParser.Option(name: "--json", valueName: nil, summary: "print JSON")

    /// How `episodes` and `episode` may use the saved catalogue.
    static let offline = CommandLineParser.Option(
        name: "--offline", valueName: nil, summary: "answer from the saved list only; send nothing")
    static let noCache = CommandLineParser.Option(
        name: "--no-cache", valueName: nil, summary: "ask the server and save nothing")
    static let catalogueOptions = [offline, noCache]

    /// Every command's grammar, in the order of ``CommandList/all``.
    static let commands = CommandList.all.map { $0.spec }

    static let parser = CommandLineParser(globalOptions: globalOptions, commands: commands)

    /// The count a `--limit N` option gives, if given: a whole number, 1 or more.
    static func limit(_ option: CommandLineParser.Option, in parsed: CommandLineParser.Parsed) throws(UsageError)
        -> Int?
    {
        try TypedOption(option: option, expected: "a whole number, 1 or more") { Int($0).flatMap { $0 > 0 ? $0 : nil } }
            .value(in: parsed)
    }

    /// How `episodes` and `episode` may use the saved catalogue, from `--offline` and `--no-cache`.
    static func cachePolicy(_ parsed: CommandLineParser.Parsed) throws(UsageError) -> CachePolicy {
        switch (parsed.has(offline), parsed.has(noCache)) {
        case (true, true): throw .conflictingOptions(offline.name, noCache.name)
        case (true, false): .offlineOnly
        case (false, true): .bypass
        case (false, false): .normal
        }
    }
}

extension CommandLineParser.CommandSpec {
    /// The command's usage line: `cocoacasts progress <id or words> [more-words...] [options]`.
    var usage: String { usage(of: Grammar.program) }
}

/// An option declared once with the type of its value: what a value must be, said to whoever
/// gives another, and how its text becomes one; a command reads the typed value.
struct TypedOption<Value>: Sendable {
    let option: CommandLineParser.Option
    let expected: String
    let read: @Sendable (String) -> Value?

    /// The value given, `nil` when none was; one that is no `Value` is a usage error saying what is expected.
    func value(in parsed: CommandLineParser.Parsed) throws(UsageError) -> Value? {
        guard let given = parsed.value(option) else { return nil }
        guard let typed = read(given) else { throw .invalidValue(option.name, value: given, expected: expected) }
        return typed
    }
}
