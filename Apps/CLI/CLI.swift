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

    /// Runs the command line `arguments` (without the program name) and returns the exit
    /// status. Output that could not be written decides it: a closed pipe ends quietly
    /// (141, as SIGPIPE would), any other failure is reported on standard error (74).
    func run(_ arguments: [String]) async -> ExitCode {
        let status = await execute(arguments)
        guard let failure = console.outputFailure else { return status }
        if failure == EPIPE { return .outputClosed }
        console.printError("cocoacasts: the output could not be written: \(String(cString: strerror(failure))).")
        return .localState
    }

    private func execute(_ arguments: [String]) async -> ExitCode {
        let invocation: Invocation
        do {
            invocation = try Invocation.parse(arguments, environment: environment)
        } catch {
            console.printError("cocoacasts: \(error)")
            return .usage
        }
        switch invocation.command {
        case .help(let name):
            console.print(Grammar.commands.first { $0.name == name }.map(Help.command) ?? Help.general)
            return .success
        case .version:
            console.print("cocoacasts \(Grammar.version)")
            return .success
        default:
            break
        }
        let console = self.console
        let observer =
            invocation.settings.verbose
            ? ClosureObserver { console.printError("cocoacasts: " + TerminalText.sanitized($0.description)) } : nil
        let services: Services
        do {
            services = try compose(invocation.settings, observer) { console.printError("cocoacasts: \($0)") }
        } catch {
            console.printError("cocoacasts: \(error)")
            return .usage
        }
        if services.isEmbedded && invocation.command.usesTheAPI {
            console.printError("cocoacasts: using the built-in mock API (no --base-url or COCOACASTS_BASE_URL given).")
        }
        let commands = Commands(
            console: console, services: services,
            style: TerminalStyle(isEnabled: console.isInteractive && environment["NO_COLOR"] == nil),
            environment: environment)
        return await commands.run(invocation.command)
    }
}

extension Invocation.Command {
    /// Whether the command sends requests (status and signout only read the token file).
    var usesTheAPI: Bool {
        switch self {
        case .signIn, .episodes, .episode, .video, .progress: true
        case .signOut, .status, .help, .version: false
        }
    }
}
