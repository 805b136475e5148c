import Foundation
import PortContracts
import Testing

/// `status` asks the server whether it still accepts the saved session, with one small
/// read that changes nothing, bounded by `--timeout`; `--offline` only reads the token file.
@Suite("status asks the server about the saved session")
struct StatusSessionCheckTests {
    @Test func aSessionTheServerAcceptsIsSaidSoWithOneReadAndNoRefresh() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                let status = try await cli.run(["status"])
                #expect(status.status == 0)
                #expect(
                    status.stdout.contains(
                        "✓ Signed in as demo@cocoacasts.com.\n  Session:     accepted by the server\n"))
                #expect(try await server.admin.count(MockAPIRoute.progress) == 1)
                #expect(try await server.admin.count(MockAPIRoute.refresh) == 0, "a refresh rotates the pair")
            }
        }
    }

    /// Another server's catalogue has other videos: the check reads one the server lists, never a
    /// constant id from the fixtures, whose 404 would read as a broken session.
    @Test func theCheckReadsAVideoOfTheServersOwnCatalogue() async throws {
        try await TemporaryDirectory.with { directory in
            let fixtures = directory.file("other-catalogue")
            try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
            var episodes = try #require(
                try JSONSerialization.jsonObject(with: Fixtures.data(named: "episodes-catalog")) as? [[String: Any]])
            let fixtureIDs = Set(episodes.compactMap { $0["videoID"] as? String })
            for index in episodes.indices { episodes[index]["videoID"] = "7\(index)0000001" }
            try JSONSerialization.data(withJSONObject: episodes).write(
                to: fixtures.appendingPathComponent("episodes-catalog.json"))
            try await MockAPIServer.with(arguments: ["--fixtures", fixtures.path]) { server async throws in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                let status = try await cli.run(["status"])
                #expect(status.status == 0, "\(status.stdout)\(status.stderr)")
                #expect(status.stdout.contains("  Session:     accepted by the server\n"))
                let probed = try await server.admin.requests().filter { $0.path.hasSuffix("/progress") }
                #expect(probed.count == 1)
                #expect(probed.allSatisfy { request in !fixtureIDs.contains { request.path.contains("/\($0)/") } })
            }
        }
    }

    @Test func aSessionTheServerDroppedIsRefusedAndRemoved() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                try await server.admin.reset()  // the server forgets every session
                let status = try await cli.run(["status"])
                #expect(status.status == 77)
                #expect(status.stdout.contains("  Session:     refused (the saved session was removed)\n"))
                #expect(!status.stdout.contains("✓"))
                let json = try await cli.run(["status", "--json"])
                #expect(json.status == 77 && json.stdout.contains("\"signedIn\" : false"))
            }
        }
    }

    @Test func aServerThatCannotBeReachedLeavesTheSessionUnchecked() async throws {
        try await TemporaryDirectory.with { directory in
            let server = try await MockAPIServer.start()
            let cli = CLIProcess(in: directory, baseURL: server.baseURL)
            #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
            await server.stop()
            let status = try await cli.run(["status"])
            #expect(status.status == 69)
            #expect(
                status.stdout.contains(
                    "  Session:     could not be checked: Could not connect to 127.0.0.1 port \(server.port)"))
        }
    }

    @Test func theCheckIsBoundedByTheTimeout() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                try await server.admin.inject(.stall(30, route: MockAPIRoute.progress, count: 10))
                let status = try await cli.run(["status", "--timeout", "2"], timeout: .seconds(15))
                #expect(status.status == 69)
                #expect(
                    status.stdout.contains("  Session:     could not be checked: The server did not answer within 2 s.")
                )
            }
        }
    }

    @Test func offlineReadsTheTokenFileOnlyAndSaysSo() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                try await server.admin.reset()
                let status = try await cli.run(["status", "--offline"])
                #expect(status.status == 0)
                #expect(status.stdout.contains("  Session:     not checked (--offline)\n"))
                #expect(try await server.admin.counters().values.reduce(0, +) == 0)
            }
        }
    }

    @Test func theBuiltInMockIsAskedToo() async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory)
            #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
            let status = try await cli.run(["status"])
            #expect(status.status == 0 && status.stdout.contains("  Session:     accepted by the server\n"))
        }
    }
}
