import CocoacastsAPI
import TerminalUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        // A signal's status wins: a terminal that closed (SIGHUP) fails every write after it.
        guard let failure = console.outputFailure, status != .interrupted else { return status }
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
            console: console, environment: environment, color: invocation.parsed.value(Grammar.color) ?? "auto")
        let (configFile, environment) = (self.configFile, self.environment)
        switch invocation.command.runnable {
        case .local(let command):
            return await command.run(
                LocalContext(
                    console: console, environment: environment, appearance: appearance,
                    findConfigFile: { configFile(environment) }, parsed: invocation.parsed))
        case .withServices(let command):
            return await run(
                command, parsed: invocation.parsed, config: configFile(environment), appearance: appearance)
        }
    }

    /// Reads the config file, resolves the settings the command uses, composes the services
    /// and runs `command` with them.
    private func run(
        _ command: any ServiceCommand, parsed: CommandLineParser.Parsed, config: ConfigFile, appearance: Appearance
    ) async -> ExitCode {
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
                parsed: parsed, environment: environment, config: configured,
                checking: type(of: command).settingsUsed)
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
        let context = CommandContext(
            console: console, services: services, appearance: appearance, environment: environment)
        let status: ExitCode
        if let refused = await command.prepare(context) {
            status = refused
        } else {
            if type(of: command).callsTheAPI { await context.noticeTheBuiltInMock() }
            status = await command.run(context)
        }
        services.shutDown()
        return status
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
}
