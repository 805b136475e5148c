/// The options and commands `cocoacasts` accepts: one table from which the parser,
/// `--help`, the shell completions and the manual page are all made.
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

    static let commands = topics + [help]

    /// Every command but `help`, whose argument is one of them.
    private static let topics: [CommandLineParser.CommandSpec] = [
        .init(
            name: "signin", aliases: ["login"], arguments: [],
            options: [
                .init(
                    name: "--email", valueName: "E",
                    summary: "the e-mail address (asked for, and checked, before the password)"),
                .init(
                    name: "--password-stdin", valueName: nil,
                    summary: "read the password from standard input (echo off at a terminal)"),
            ], summary: "Sign in (the password is never echoed)",
            examples: [
                ("cocoacasts signin --email demo@cocoacasts.com", "sign in, typing the password"),
                (
                    "pass show cocoacasts | cocoacasts login --email demo@cocoacasts.com --password-stdin",
                    "from a script"
                ),
            ]),
        .init(
            name: "signout", aliases: ["logout"], arguments: [], options: [],
            summary: "Sign out: forget this server's tokens",
            examples: [("cocoacasts signout", "forget the tokens of the server in use")]),
        .init(
            name: "status", arguments: [],
            options: [
                .init(name: "--all", valueName: nil, summary: "every server the token store holds a session for"),
                .init(name: "--offline", valueName: nil, summary: "read the token store only; do not ask the server"),
                json,
            ],
            summary: "Who is signed in, to which server, and where the tokens are kept",
            examples: [
                ("cocoacasts status", "exit 0 when the server accepts the session, 77 when not, 69 unchecked"),
                ("cocoacasts status --all --json", "every server you are signed in to"),
            ]),
        .init(
            name: "episodes", arguments: [], options: [json] + catalogueOptions,
            summary: "List the episodes: id, title, duration (saved for offline use)",
            examples: [
                ("cocoacasts episodes", "a table that fits the terminal"),
                ("cocoacasts episodes | cut -f2", "every title: into a pipe, tab-separated fields and no header"),
                ("cocoacasts episodes --offline", "the list saved by an earlier run, without a network"),
                ("cocoacasts episodes --json | jq '.[0].title'", "the first title"),
            ]),
        .init(
            name: "episode", arguments: ["<id>"], options: [json] + catalogueOptions,
            summary: "Show an episode and its excerpt",
            examples: [("cocoacasts episode 556", "the episode with id 556")]),
        .init(
            name: "video", arguments: ["<episode-id or video-id>"], options: [json],
            summary: "Show an episode's video: its URL and duration (needs sign-in)",
            examples: [
                ("cocoacasts video 556", "the video of episode 556"),
                ("cocoacasts video 632759499", "a video by its id (as `episodes --json` lists them)"),
            ]),
        .init(
            name: "progress", arguments: ["<episode-id or video-id>"],
            options: [
                .init(
                    name: "--set", valueName: "TIME",
                    summary: "save how far you watched: seconds, m:ss or h:mm:ss (up to the video's length)"),
                .init(name: "--delete", valueName: nil, summary: "forget the progress"), json,
            ], summary: "Show, save or delete a video's progress (needs sign-in)",
            examples: [
                ("cocoacasts progress 556", "how far you watched episode 556"),
                ("cocoacasts progress 556 --set 2:00", "you watched up to 2:00 (also --set 120)"),
                ("cocoacasts progress 556 --delete", "start again"),
            ]),
        .init(
            name: "config", arguments: ["<get|set|unset|list>", "[key]", "[value]"], options: [json],
            summary: "Keep settings such as base-url and timeout in the config file",
            examples: [
                ("cocoacasts config set base-url http://127.0.0.1:8080/api/v1", "use a local server from now on"),
                ("pass show cocoacasts-api | cocoacasts config set api-token -", "the API token, from standard input"),
                ("cocoacasts config list", "every setting and where its value comes from"),
                ("cocoacasts config unset base-url", "back to the built-in mock API"),
            ], argumentChoices: [["get", "set", "unset", "list"], ConfigKey.allCases.map(\.rawValue)]),
        .init(
            name: "completion", arguments: ["<bash|zsh|fish>"], options: [],
            summary: "Print a shell completion script",
            examples: [
                ("source <(cocoacasts completion bash)", "completions in this bash"),
                ("cocoacasts completion fish > ~/.config/fish/completions/cocoacasts.fish", "for every fish"),
            ], argumentChoices: [Completion.Shell.allCases.map(\.rawValue)]),
        .init(
            name: "cache", arguments: ["<clear>"], options: [],
            summary: "Empty the saved catalogue ($XDG_CACHE_HOME/cocoacasts)",
            examples: [("cocoacasts cache clear", "forget every saved list of episodes")],
            argumentChoices: [["clear"]]),
        .init(
            name: "version", arguments: [], options: [], summary: "Show the version (also --version, -V)",
            examples: [("cocoacasts version", "the version, as --version prints it")]),
        .init(
            name: "manual", arguments: [], options: [], summary: "Print the manual page (roff)",
            examples: [("cocoacasts manual | man -l -", "read it")]),
    ]

    private static let help = CommandLineParser.CommandSpec(
        name: "help", arguments: ["[command]"], options: [], summary: "Show help for cocoacasts or a command",
        examples: [("cocoacasts help progress", "the progress command's options and examples")],
        argumentChoices: [topics.flatMap { [$0.name] + $0.aliases }])

    static let parser = CommandLineParser(globalOptions: globalOptions, commands: commands)

    /// The command called `name` or by an alias of it.
    static func command(named name: String) -> CommandLineParser.CommandSpec? {
        commands.first { $0.name == name || $0.aliases.contains(name) }
    }
}
