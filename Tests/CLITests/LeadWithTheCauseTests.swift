import Foundation
import PortContracts
import Testing

/// A failure's first line says what happened, as curl's does: never "You need to have a
/// network connection." for a server that refused, a timeout, or `--offline` with nothing
/// saved; and a 404 names what was asked for.
@Suite("A failure leads with its cause")
struct LeadWithTheCauseTests {
    static let network = "You need to have a network connection."

    @Test func aRefusedConnectionOnLoopbackSaysSoFirst() async throws {
        try await TemporaryDirectory.with { directory in
            try await LoopbackPort.with(.closed) { closed in
                let outcome = try await CLIProcess(in: directory, baseURL: closed.baseURL).run(["episodes"])
                #expect(outcome.status == 69, "\(outcome)")
                #expect(outcome.stderr.hasPrefix("cocoacasts: Could not connect to 127.0.0.1 port \(closed.port) ("))
                #expect(!outcome.stderr.contains(Self.network))
            }
        }
    }

    @Test func aTimeoutSaysSoFirst() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                try await server.admin.inject(.latency(8, route: MockAPIRoute.episodes, count: 10))
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                let outcome = try await cli.run(["episodes", "--timeout", "2", "--no-cache"])
                #expect(outcome.status == 69)
                #expect(outcome.stderr.hasPrefix("cocoacasts: The server did not answer within 2 s."))
                #expect(!outcome.stderr.contains(Self.network))
            }
        }
    }

    @Test func offlineWithNothingSavedSaysSoFirst() async throws {
        try await TemporaryDirectory.with { directory in
            let nowhere = URL(string: "http://127.0.0.1:9/api/v1")  // --offline sends nothing anyway
            let outcome = try await CLIProcess(in: directory, baseURL: nowhere).run(["episodes", "--offline"])
            #expect(outcome.status == 69)
            #expect(outcome.stderr.hasPrefix("cocoacasts: No list of episodes is saved for this server"))
            #expect(!outcome.stderr.contains(Self.network))
        }
    }

    @Test func anUnknownVideoIsNamedWithTheURLAskedFor() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                let outcome = try await cli.run(["video", "999"])
                #expect(outcome.status == 1)
                #expect(
                    outcome.stderr.hasPrefix(
                        "cocoacasts: There is no video 999: the server answered 404 Not Found for "
                            + "\(server.baseURL.absoluteString)/videos/999."))
            }
        }
    }

    @Test func aWrongBaseURLsNotFoundNamesTheURL() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let wrong = server.baseURL.deletingLastPathComponent().appendingPathComponent("v2")
                let outcome = try await CLIProcess(in: directory, baseURL: wrong).run(["episodes"])
                #expect(outcome.status == 1)
                #expect(
                    outcome.stderr.hasPrefix(
                        "cocoacasts: The server answered 404 Not Found for \(wrong.absoluteString)/episodes. "
                            + "Check the base URL.\ncocoacasts: The list of episodes could not be fetched."))
            }
        }
    }
}
