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
    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError) -> Self
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
    /// The settings whose values it uses, and so checks (the others may even be invalid):
    /// all of them unless it says.
    static var settingsUsed: Set<ConfigKey> { get }
    /// Whether its work is a request to the API, so that the built-in mock's first-run
    /// notice applies (unless it says not). (`status` asks the server too, but says which
    /// server answers every time; `signout` only touches the token store.)
    static var callsTheAPI: Bool { get }
    /// What must hold before anything is said or asked — the built-in mock's notice
    /// included: throws the status it ends with, said, when the command may not run.
    @MainActor func prepare(_ context: CommandContext) async throws(ExitCode)
    /// Runs; a status thrown is one whose cause was said already (see ``CommandContext``).
    @MainActor func run(_ context: CommandContext) async throws(ExitCode) -> ExitCode
}

extension ServiceCommand {
    var runnable: Runnable { .withServices(self) }
    static var settingsUsed: Set<ConfigKey> { Set(ConfigKey.allCases) }
    static var callsTheAPI: Bool { true }
    @MainActor func prepare(_ context: CommandContext) async throws(ExitCode) {}
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
