import Foundation
import FoundationHTTP
import TerminalUI

/// `cocoacasts`: parses, wires and runs one command; `main` only calls ``run(_:)``.
@MainActor
struct CLI {
    /// Builds the services for the settings; tests replace it.
    typealias Compose = (Settings, (any APIClientObserver)?, @escaping @Sendable (String) -> Void)
        throws(ConfigurationError) -> Services

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

    private func execute(_ arguments: [String]) async -> ExitCode {
        var invocation: Invocation
        do {
            invocation = try Invocation.parse(arguments, environment: environment)
        } catch {
            console.fail(error.description, keepingNewlines: true)
            return .usage
        }
        let appearance = Appearance(console: console, environment: environment, color: invocation.settings.color)
        let config = configFile(environment)
        if let early = await runWithoutServices(invocation.command, config: config, appearance: appearance) {
            return early
        }
        let configured: ConfigFile.Values
        do {
            configured = try await config.values()
        } catch {
            console.fail(ConfigFile.message(for: error))
            return .localState
        }
        do {
            let token = invocation.settings.readsAPITokenFromStandardInput ? try apiTokenFromStandardInput() : nil
            invocation = try Invocation.parse(
                arguments, environment: environment, config: configured, apiTokenFromStandardInput: token)
        } catch {
            console.fail(error.description, keepingNewlines: true)
            return .usage
        }
        let console = self.console
        let observer =
            invocation.settings.verbose
            ? ClosureObserver { console.fail($0.description) } : nil
        let services: Services
        do {
            services = try compose(invocation.settings, observer) { console.fail($0) }
        } catch {
            console.fail(error.description, keepingNewlines: true)
            return .usage
        }
        let commands = CommandRunner(
            console: console, services: services, appearance: appearance, environment: environment)
        if invocation.command.usesTheAPI { await commands.noticeTheBuiltInMock() }
        return await commands.run(invocation.command)
    }

    /// The API token for `--api-token-stdin`: typed with echo off at a terminal, else the
    /// first line of standard input, so that it never shows in `ps` as `--api-token` does.
    private func apiTokenFromStandardInput() throws(UsageError) -> String {
        guard let token = console.readSecretInput(prompt: "API token: ") else { throw .endOfInput("API token") }
        guard !token.isEmpty else { throw .emptyAPIToken }
        return token
    }

    /// Runs the commands that need no server or token store; `nil` for the others.
    private func runWithoutServices(_ command: Invocation.Command, config: ConfigFile, appearance: Appearance) async
        -> ExitCode?
    {
        switch command {
        case .help(let name):
            console.print(Help.text(for: name, width: appearance.width))
        case .version:
            console.print("cocoacasts \(Grammar.version)")
        case .completion(let shell):
            console.print(Completion.script(for: shell))
        case .manual:
            console.print(Manual.page)
        case .config(let action, let json):
            return await ConfigCommandRunner(console: console, file: config, environment: environment, json: json)
                .run(action)
        default:
            return nil
        }
        return .success
    }
}

extension Invocation.Command {
    /// Whether the command sends requests (status and signout only read the token file).
    var usesTheAPI: Bool {
        switch self {
        case .signIn, .episodes, .episode, .video, .progress: true
        case .signOut, .status, .help, .version, .config, .completion, .manual, .clearCache: false
        }
    }
}
