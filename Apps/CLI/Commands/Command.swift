import TerminalUI

/// A command of `cocoacasts`, declared once: its grammar (``spec``: name, aliases,
/// arguments, options, summary, examples), how it reads its command line, and its run.
///
/// The parser, `help`, the completions and the manual are all made from
/// ``CommandList/all``: adding a command is one file and one line there.
protocol Command: Sendable {
    /// Its name, aliases, arguments, options, summary and examples.
    static var spec: CommandLineParser.CommandSpec { get }
    /// Checks the command line, whose `arguments` are as many as ``spec`` takes.
    init(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError)
    /// How it runs: on its own, or with the services.
    var runnable: Runnable { get }
}

/// A command and what it runs with.
enum Runnable {
    /// Writes what the program holds, and nothing else: it runs before any thread starts.
    case immediate(any ImmediateCommand)
    /// Needs no server, token store nor settings: config.
    case local(any LocalCommand)
    /// Runs with the services the settings choose.
    case withServices(any ServiceCommand)
}

/// A command that writes what the program holds — help, the version, a completion script, the
/// manual — and waits for nothing: `main` runs it before the concurrency runtime starts a thread.
protocol ImmediateCommand: Command {
    @MainActor func run(_ context: LocalContext) -> ExitCode
}

extension ImmediateCommand {
    var runnable: Runnable { .immediate(self) }
}

/// A command answered without a server or token store.
protocol LocalCommand: Command {
    @MainActor func run(_ context: LocalContext) async -> ExitCode
}

extension LocalCommand {
    var runnable: Runnable { .local(self) }
}

/// A command that runs with the services: the API, the token store, the saved catalogue.
protocol ServiceCommand: Command {
    /// The settings whose values it uses, and so checks (the others may even be invalid).
    static var settingsUsed: Set<ConfigKey> { get }
    /// Whether its work is a request to the API, so that the built-in mock's first-run
    /// notice applies. (`status` asks the server too, but says which server answers every
    /// time; `signout` only touches the token store.)
    static var callsTheAPI: Bool { get }
    /// What must hold before anything is said or asked — the built-in mock's notice
    /// included: `nil` when the command may run, else the status it ends with, said.
    @MainActor func prepare(_ context: CommandContext) async -> ExitCode?
    @MainActor func run(_ context: CommandContext) async -> ExitCode
}

extension ServiceCommand {
    var runnable: Runnable { .withServices(self) }
    @MainActor func prepare(_ context: CommandContext) async -> ExitCode? { nil }
}

/// Every command, in the order `help` lists them.
enum CommandList {
    static let all: [any Command.Type] = [
        SignInCommand.self, SignOutCommand.self, StatusCommand.self, EpisodesCommand.self, EpisodeCommand.self,
        VideoCommand.self, ProgressCommand.self, ContinueCommand.self, WatchCommand.self, DownloadCommand.self,
        DownloadsCommand.self, SyncCommand.self,
        ConfigCommand.self, CompletionCommand.self,
        CacheCommand.self,
        VersionCommand.self, ManualCommand.self, HelpCommand.self,
    ]

    /// The command called `name` or by an alias of it.
    static func command(named name: String) -> (any Command.Type)? {
        all.first { $0.spec.name == name || $0.spec.aliases.contains(name) }
    }
}
