import BuiltInMock
import CocoacastsAPI
import Foundation
import Ports
import Stores
import Stubs
import TestSupport
import Testing

@testable import cocoacasts

/// The CLI run in process over the in-process mock API and an in-memory token store:
/// the composition tests call instead of the file store and URLSession.
@MainActor
struct InProcessCLI {
    let tokenStore = KeyValueTokenStore.inMemory()
    let transport: any HTTPTransport
    /// Where positions the server has not taken wait.
    let keptPositionsFile = InMemoryKeyValueStore()
    /// The player `watch` finds; none by default.
    var player: (any MediaPlayer)?
    /// Every run's output is checked for the API token and every token the store has held.
    let audit = SecretAudit(secrets: [APIConfiguration.seriesAPIToken])

    init(
        transport: any HTTPTransport = BuiltInMockTransport(
            apiToken: APIConfiguration.seriesAPIToken, state: InMemoryKeyValueStore())
    ) {
        self.transport = transport
    }

    /// Runs `arguments` with `input` on stdin; returns the status and what was printed.
    func run(_ arguments: [String], input: [String] = [], environment: [String: String] = [:]) async -> (
        status: ExitCode, stdout: String, stderr: String
    ) {
        await run(arguments, on: RecordingConsole(input: input), environment: environment)
    }

    /// Runs `arguments` on `console`; returns the status and what was printed.
    func run(_ arguments: [String], on console: RecordingConsole, environment: [String: String] = [:]) async -> (
        status: ExitCode, stdout: String, stderr: String
    ) {
        let (tokenStore, transport, keptPositionsFile, player) = (tokenStore, transport, keptPositionsFile, player)
        var cli = CLI(console: console, environment: environment)
        cli.compose = { settings, observer, _ throws(CompositionError) in
            let configuration: APIConfiguration
            do throws(ConfigurationError) {
                configuration = try APIConfiguration(
                    baseURL: settings.baseURL ?? BuiltInMockTransport.baseURL,
                    apiToken: settings.apiToken ?? APIConfiguration.seriesAPIToken, timeout: settings.timeout,
                    userAgent: Composition.userAgent)
            } catch {
                throw .configuration(error)
            }
            return Composition.make(
                configuration: configuration, transport: transport, tokenStore: tokenStore, accountStore: tokenStore,
                keptPositionsFile: keptPositionsFile, observer: observer, isBuiltInMock: settings.baseURL == nil,
                player: { _ in player })
        }
        await audit.remember(tokensIn: tokenStore)
        let status = await cli.run(arguments)
        await audit.remember(tokensIn: tokenStore)
        audit.check(console.stdout)
        audit.check(console.stderr)
        return (status, console.stdout, console.stderr)
    }

    /// Signs the demo user in.
    func signIn() async -> ExitCode {
        await run(["signin", "--email", "demo@cocoacasts.com", "--password-stdin"], input: ["cocoacasts"]).status
    }
}
