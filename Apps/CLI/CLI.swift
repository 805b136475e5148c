import Foundation
import FoundationHTTP
import TerminalUI

/// `cocoacasts`: parses, wires and runs one command; `main` only calls ``run(_:)``.
@MainActor
struct CLI {
    /// Builds the services for the settings; tests replace it.
    typealias Compose = (Settings, (any APIClientObserver)?, @escaping @Sendable (String) -> Void)
        async throws(CompositionError) -> Services

    let console: any Console
    let environment: [String: String]
    var compose: Compose = Composition.make
    /// The config file for an environment; tests replace it.
    var configFile: ([String: String]) -> ConfigFile = Composition.configFile

    /// Runs the command line `arguments` (without the program name) and returns the exit
    /// status. Output that could not be written decides it: a closed pipe ends quietly
    /// (141, as SIGPIPE would), any other failure is reported on standard error (74).
    func run(_ arguments: [String]) async -> ExitCode {
        let status = await execute(arguments)
        guard let failure = console.outputFailure else { return status }
        if failure == EPIPE { return .outputClosed }
        console.fail("the output could not be written: \(String(cString: strerror(failure))).")
        return .localState
    }

    /// Parses the command line once, then reads the config file and resolves the settings
    /// once, checking only those the command uses.
    private func execute(_ arguments: [String]) async -> ExitCode {
        let invocation: Invocation
        do {
            invocation = try Invocation.parse(arguments)
        } catch {
            return usage(error)
        }
        let appearance = Appearance(
            console: console, environment: environment, color: invocation.parsed.options["--color"] ?? "auto")
        let config = configFile(environment)
        if let early = await runWithoutServices(invocation, config: config, appearance: appearance) {
            return early
        }
        let configured: ConfigFile.Values
        do {
            configured = try await config.values()
        } catch {
            console.fail(ConfigFile.message(for: error))
            return .localState
        }
        var settings: Settings
        do {
            settings = try Settings(
                parsed: invocation.parsed, environment: environment, config: configured,
                checking: invocation.command.settingsUsed ?? [])
            if settings.readsAPITokenFromStandardInput { settings.apiToken = try apiTokenFromStandardInput() }
        } catch {
            return usage(error)
        }
        let console = self.console
        let observer =
            settings.verbose
            ? ClosureObserver { event in VerboseLog.lines(for: event).forEach { console.writeError($0 + "\n") } } : nil
        let services: Services
        do {
            services = try await compose(settings, observer) { console.fail($0) }
        } catch {
            console.fail(error.description, keepingNewlines: true)
            return error.status
        }
        let commands = CommandRunner(
            console: console, services: services, appearance: appearance, environment: environment)
        if invocation.command.usesTheAPI { await commands.noticeTheBuiltInMock() }
        return await commands.run(invocation.command)
    }

    private func usage(_ error: UsageError) -> ExitCode {
        console.fail(error.description, keepingNewlines: true)
        return .usage
    }

    /// The API token for `--api-token-stdin`: typed with echo off at a terminal, else the
    /// first line of standard input, so that it never shows in `ps` as `--api-token` does.
    private func apiTokenFromStandardInput() throws(UsageError) -> String {
        guard let token = console.readSecretInput(prompt: "API token: ") else { throw .endOfInput("API token") }
        guard !token.isEmpty else { throw .emptyAPIToken }
        return token
    }

    /// Runs the commands that need no server or token store; `nil` for the others.
    private func runWithoutServices(_ invocation: Invocation, config: ConfigFile, appearance: Appearance) async
        -> ExitCode?
    {
        switch invocation.command {
        case .help(let name):
            console.print(Help.text(for: name, width: appearance.width))
        case .version:
            console.print("cocoacasts \(Grammar.version)")
        case .completion(let shell):
            console.print(Completion.script(for: shell))
        case .manual:
            console.print(Manual.page)
        case .config(let action, let json):
            return await ConfigCommandRunner(
                console: console, file: config, environment: environment, parsed: invocation.parsed, json: json
            ).run(action)
        default:
            return nil
        }
        return .success
    }
}

extension Invocation.Command {
    /// Whether the built-in mock's first-run notice applies: the command's work is a request.
    /// (`status` asks the server too, but says which server answers every time; signout
    /// only touches the token store.)
    var usesTheAPI: Bool {
        switch self {
        case .signIn, .episodes, .episode, .video, .progress: true
        case .signOut, .status, .help, .version, .config, .completion, .manual, .clearCache: false
        }
    }
}
