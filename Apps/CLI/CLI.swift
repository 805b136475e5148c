import CocoacastsAPI
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `cocoacasts`: parses, wires and runs one command; `main` calls ``start(_:)``, then ``run(_:)``
/// when the command waits for anything.
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

    /// How a command line starts: ended already, or a command to run that waits for something.
    enum Start {
        case ended(ExitCode)
        case waiting(Invocation)
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    func run(_ arguments: [String]) async -> ExitCode {
        switch start(arguments) {
        case .ended(let status): status
        case .waiting(let invocation): await run(invocation)
        }
    }

    /// Parses the command line once, and runs at once what waits for nothing: a usage error,
    /// help, the version, a completion script, the manual — so that no thread starts for them.
    func start(_ arguments: [String]) -> Start {
        let invocation: Invocation
        do {
            invocation = try Invocation.parse(arguments)
        } catch {
            return .ended(finish(console.usage(error)))
        }
        guard case .immediate(let command) = invocation.command.runnable else { return .waiting(invocation) }
        return .ended(finish(command.run(localContext(invocation))))
    }

    /// Runs a command that waits: the config file read and the settings resolved once, checking
    /// only those the command uses.
    func run(_ invocation: Invocation) async -> ExitCode {
        switch invocation.command.runnable {
        case .immediate(let command): return finish(command.run(localContext(invocation)))
        case .local(let command): return finish(await command.run(localContext(invocation)))
        case .withServices(let command): return finish(await run(command, invocation))
        }
    }

    /// `status`, unless output could not be written: a closed pipe ends quietly (141, as
    /// SIGPIPE would), any other failure is reported on standard error (74).
    private func finish(_ status: ExitCode) -> ExitCode {
        // A signal's status wins: a terminal that closed (SIGHUP) fails every write after it.
        guard let failure = console.outputFailure, status != .interrupted else { return status }
        if failure == EPIPE { return .outputClosed }
        console.fail("the output could not be written: \(String(cString: strerror(failure))).")
        return .localState
    }

    private func appearance(_ invocation: Invocation) -> Appearance {
        Appearance(console: console, environment: environment, color: invocation.parsed.value(Grammar.color) ?? "auto")
    }

    private func localContext(_ invocation: Invocation) -> LocalContext {
        let (configFile, environment) = (self.configFile, self.environment)
        return LocalContext(
            console: console, environment: environment, appearance: appearance(invocation),
            findConfigFile: { configFile(environment) }, parsed: invocation.parsed)
    }

    /// Reads the config file, resolves the settings the command uses, composes the services
    /// and runs `command` with them.
    private func run(_ command: any ServiceCommand, _ invocation: Invocation) async -> ExitCode {
        let configured: ConfigFile.Values
        do {
            configured = try await configFile(environment).values()
        } catch {
            console.fail(ConfigFile.message(for: error))
            return .localState
        }
        var settings: Settings
        do throws(UsageError) {
            settings = try Settings(
                parsed: invocation.parsed, environment: environment, config: configured,
                checking: type(of: command).settingsUsed)
            // `--api-token-stdin`: typed with echo off at a terminal, else the first line of standard
            // input, so that it never shows in `ps` as `--api-token` does.
            if settings.readsAPITokenFromStandardInput {
                guard let token = console.readSecretInput(prompt: "API token: ") else { throw .endOfInput("API token") }
                guard !token.isEmpty else { throw .emptyAPIToken }
                settings.apiToken = token
            }
        } catch {
            return console.usage(error)
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
            console: console, services: services, appearance: appearance(invocation), environment: environment)
        let status = await ExitCode.of { () async throws(ExitCode) in
            try await command.prepare(context)
            if type(of: command).callsTheAPI { await context.noticeTheBuiltInMock() }
            return try await command.run(context)
        }
        services.shutDown()
        return status
    }
}
