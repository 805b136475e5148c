import Foundation
import PortContracts
import Testing

/// The saved catalogue from the command line, against `Scripts/mock-api` over loopback.
@Suite("episodes and episode offline: 304s, fresh answers, the saved list when the server is gone")
struct OfflineCatalogueTests {
    @Test func aSecondRunRevalidatesAFreshOneSendsNothingAndAStoppedServerLeavesTheSavedList() async throws {
        try await TemporaryDirectory.with { directory async throws in
            let server = try await MockAPIServer.start(arguments: ["--cache-control", "max-age=0"])
            var cli = CLIProcess(in: directory, baseURL: server.baseURL)
            cli.environment["XDG_CACHE_HOME"] = directory.file("cache").path
            #expect(try await cli.run(["episodes"]).status == 0)
            let second = try await cli.run(["episodes"])
            #expect(second.status == 0 && second.stdout.contains("556\tAuthenticating the Users\t"))
            #expect(try await server.admin.count("not-modified") == 1, "the second run was answered by a 304")
            let status = try await cli.run(["status"])
            #expect(
                status.stdout.contains("Saved:       \(directory.file("cache").path)/cocoacasts (1 list of episodes"))
            await server.stop()
            let offline = try await cli.run(["episodes"])
            #expect(offline.status == 0 && offline.stdout.contains("556\tAuthenticating the Users\t"))
            #expect(offline.stderr.contains("cocoacasts: Offline: showing the list saved"))
            let episode = try await cli.run(["episode", "556", "--json"])
            #expect(episode.status == 0 && episode.stdout.contains(#""id" : 556"#))
            let mode =
                try FileManager.default.attributesOfItem(atPath: directory.file("cache/cocoacasts").path)[
                    .posixPermissions] as? Int
            #expect(mode == 0o700)
            #expect(try await cli.run(["episodes", "--no-cache"]).status == 69)
            #expect(try await cli.run(["cache", "clear"]).status == 0)
            let nothing = try await cli.run(["episodes", "--offline"])
            #expect(nothing.status == 69 && nothing.stderr.contains("No list of episodes is saved for this server"))
        }
    }

    @Test func withinMaxAgeTheListIsAnsweredWithoutARequest() async throws {
        try await MockAPIServer.with(arguments: ["--cache-control", "max-age=60"]) { server async throws in
            try await TemporaryDirectory.with { directory async throws in
                var cli = CLIProcess(in: directory, baseURL: server.baseURL)
                cli.environment["XDG_CACHE_HOME"] = directory.file("cache").path
                #expect(try await cli.run(["episodes"]).status == 0)
                #expect(try await cli.run(["episodes"]).status == 0)
                #expect(try await cli.run(["episode", "553"]).status == 0)
                #expect(try await server.admin.count(MockAPIRoute.episodes) == 1)
                #expect(try await cli.run(["episodes", "--no-cache"]).status == 0)
                #expect(try await server.admin.count(MockAPIRoute.episodes) == 2)
            }
        }
    }

    @Test func noStoreLeavesNothingOnDisk() async throws {
        try await MockAPIServer.with(arguments: ["--cache-control", "no-store"]) { server async throws in
            try await TemporaryDirectory.with { directory async throws in
                var cli = CLIProcess(in: directory, baseURL: server.baseURL)
                cli.environment["XDG_CACHE_HOME"] = directory.file("cache").path
                #expect(try await cli.run(["episodes"]).status == 0)
                let saved =
                    (try? FileManager.default.contentsOfDirectory(atPath: directory.file("cache/cocoacasts").path))
                    ?? []
                #expect(saved.filter { !$0.hasPrefix(".") }.isEmpty, "\(saved)")
            }
        }
    }
}
