import Foundation
import PortContracts
import TestSupport
import Testing

/// `continue`, `watch` with no argument and the next episode, end to end against the mock
/// API: positions another client sets, an episode finished, the history's order, offline.
@Suite("Continue watching and the next episode, end to end")
struct ContinueWatchingTests {
    /// Another client of the same account: a CLI with a token file of its own.
    static func otherClient(of server: MockAPIServer, _ body: (CLIProcess) async throws -> Void) async throws {
        try await TemporaryDirectory.with { directory in
            let other = CLIProcess(
                in: directory, baseURL: server.baseURL,
                environment: ["COCOACASTS_API_TOKEN": CLIEndToEndTests.apiToken])
            #expect(try await other.signIn(password: CLIEndToEndTests.password).status == 0)
            try await body(other)
            other.auditOutputs(for: [CLIEndToEndTests.password, CLIEndToEndTests.apiToken] + other.storedTokens())
        }
    }

    @Test func positionsSetElsewhereAppearAndAFinishedEpisodeLeaves() async throws {
        try await CLIEndToEndTests.signedIn { server, cli in
            let empty = try await cli.run(["continue"])
            #expect(empty.status == 0 && empty.stdout.isEmpty, "\(empty)")
            #expect(empty.stderr.contains("nothing to continue: no episode is started and unfinished."))
            #expect(try await cli.run(["continue", "--json"]).stdout == "[]\n")
            try await Self.otherClient(of: server) { other async throws in
                #expect(try await other.run(["progress", "556", "--set", "250"]).status == 0)
                #expect(try await other.run(["progress", "553", "--set", "100"]).status == 0)
            }
            let listed = try await cli.run(["continue"])
            #expect(
                listed.stdout == "556\tAuthenticating the Users\t4:10\t48%\t4:23\n"
                    + "553\tAdopting the Model-View-ViewModel Pattern\t1:40\t25%\t4:52\n", "\(listed)")
            let json = try await cli.run(["continue", "--json", "--limit", "1"])
            let entries = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
            #expect(entries?.count == 1 && entries?.first?["id"] as? Int == 556, "\(json)")
            #expect(entries?.first?["keptOnThisMachine"] as? Bool == false)
            #expect(entries?.first?["watchedAt"] is NSNull, "never played here: null, not left out")
            try await Self.otherClient(of: server) { other async throws in
                #expect(try await other.run(["progress", "556", "--done"]).status == 0)
            }
            let asked = try await server.admin.count(MockAPIRoute.progress)
            #expect(
                try await cli.run(["continue"]).stdout
                    == "553\tAdopting the Model-View-ViewModel Pattern\t1:40\t25%\t4:52\n")
            // Every episode's position was asked for, once.
            let episodes = try await cli.run(["episodes", "--json"])
            let count = try #require(
                (try JSONSerialization.jsonObject(with: Data(episodes.stdout.utf8)) as? [Any])?.count)
            #expect(try await server.admin.count(MockAPIRoute.progress) == asked + count)
        }
    }

    @Test func offlineItAnswersFromWhatTheServerLastGaveAndSaysHowOld() async throws {
        try await CLIEndToEndTests.signedIn { server, cli in
            #expect(try await cli.run(["progress", "551", "--set", "60"]).status == 0)
            #expect(try await cli.run(["continue"]).stdout.hasPrefix("551\t"))
            try await server.admin.inject(.drop(count: 1_000))
            let offline = try await cli.run(["continue"])
            #expect(offline.status == 0, "\(offline)")
            #expect(offline.stdout == "551\tBuilding the User Interface\t1:00\t16%\t5:10\n", "\(offline)")
            #expect(
                offline.stderr.contains("Offline: showing the positions the server gave just now."), "\(offline.stderr)"
            )
        }
    }

    /// The history orders the list: the episode played last comes first, and `watch` with
    /// nothing named plays it (a player that reports no position is enough to record it).
    @Test func watchWithNoArgumentPlaysTheOneWatchedLast() async throws {
        try await CLIEndToEndTests.signedIn { server, cli in
            let none = try await cli.run(["watch", "--player", "true"])
            #expect(none.status == 64 && none.stderr.contains("Nothing to continue"), "\(none)")
            #expect(try await cli.run(["progress", "553", "--set", "100"]).status == 0)
            #expect(try await cli.run(["progress", "551", "--set", "200"]).status == 0)
            #expect(try await cli.run(["continue"]).stdout.hasPrefix("553\t"), "the newer episode first")
            #expect(try await cli.run(["watch", "551", "--player", "true"]).status == 0)
            #expect(try await cli.run(["continue"]).stdout.hasPrefix("551\t"), "the one watched last first")
            let asked = try await server.admin.count("GET", path: "/api/v1/videos/629336476")
            let positionsAsked = try await server.admin.count(MockAPIRoute.progress)
            let resumed = try await cli.run(["watch", "--player", "true"])
            #expect(resumed.status == 0, "\(resumed)")
            // The one played last is unfinished: its position alone is asked, then the playback's own.
            #expect(try await server.admin.count(MockAPIRoute.progress) == positionsAsked + 2)
            #expect(
                resumed.stderr.contains(
                    "continuing episode 551, “Building the User Interface”, at 3:20: the one you watched last"),
                "\(resumed.stderr)")
            #expect(try await server.admin.count("GET", path: "/api/v1/videos/629336476") == asked + 1)
            let history = cli.directory.file("config/cocoacasts/watch-history.json")
            #expect(try TemporaryDirectory.mode(of: history) == "600")
        }
    }

    /// A history that does not parse loses only the order: said once, the list follows the
    /// catalogue, and the first write sets the file aside and starts anew; one that cannot be
    /// used at all is said once in its own words, and stops neither the list nor a playback.
    @Test func aBrokenHistoryLosesOnlyTheOrder() async throws {
        try await CLIEndToEndTests.signedIn { _, cli in
            #expect(try await cli.run(["progress", "553", "--set", "100"]).status == 0)
            #expect(try await cli.run(["progress", "551", "--set", "100"]).status == 0)
            #expect(try await cli.run(["watch", "551", "--player", "true"]).status == 0)
            #expect(try await cli.run(["continue"]).stdout.hasPrefix("551\t"), "the one watched last first")
            let history = cli.directory.file("config/cocoacasts/watch-history.json")
            try Data("not json".utf8).write(to: history)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: history.path)
            let listed = try await cli.run(["continue"])
            #expect(listed.status == 0 && listed.stdout.hasPrefix("553\t"), "the catalogue's order: \(listed)")
            #expect(listed.stderr.components(separatedBy: "is not valid").count == 2, "said once: \(listed.stderr)")
            #expect(listed.stderr.contains("the watch history") && !listed.stderr.contains("token file"))
            let folder = try FileManager.default.contentsOfDirectory(atPath: history.deletingLastPathComponent().path)
            #expect(folder.contains { $0.hasPrefix("watch-history.json.corrupt-") }, "\(folder)")
            #expect(try await cli.run(["watch", "551", "--player", "true"]).status == 0)
            #expect(try String(contentsOf: history, encoding: .utf8).contains("629336476"))

            try FileManager.default.removeItem(at: history)
            try FileManager.default.createDirectory(at: history, withIntermediateDirectories: false)
            let unusable = try await cli.run(["continue"])
            #expect(unusable.status == 0 && unusable.stdout.hasPrefix("553\t"), "\(unusable)")
            #expect(
                unusable.stderr.components(separatedBy: "The watch history").count == 2,
                "said once: \(unusable.stderr)")
            #expect(!unusable.stderr.contains("token file"), "\(unusable.stderr)")
            let watched = try await cli.run(["watch", "551", "--player", "true"])
            #expect(watched.status == 0, "\(watched)")
            #expect(watched.stderr.contains("The playback goes on."), "\(watched.stderr)")
        }
    }

    /// Kept positions that cannot be read are said once, in their own words, and the
    /// server's positions are listed.
    @Test func keptPositionsThatCannotBeReadAreSaidOnceAndTheListGoesOn() async throws {
        try await CLIEndToEndTests.signedIn { _, cli in
            #expect(try await cli.run(["progress", "553", "--set", "100"]).status == 0)
            let keptPositions = cli.directory.file("config/cocoacasts/kept-positions.json")
            try Data(#"{"version": 1, "values": {}}"#.utf8).write(to: keptPositions)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keptPositions.path)
            let listed = try await cli.run(["continue"])
            #expect(listed.status == 0 && listed.stdout.hasPrefix("553\t"), "\(listed)")
            #expect(
                listed.stderr.components(separatedBy: "has mode 644").count == 2, "said once: \(listed.stderr)")
            #expect(listed.stderr.contains("which keeps positions on this machine"), "\(listed.stderr)")
            #expect(!listed.stderr.contains("token file"), "\(listed.stderr)")
        }
    }

    /// With real mpv, from 13 s before the end of 553: it finishes, the next (556, also near
    /// its end) plays without a question, and the newest episode ends the run.
    @Test func autoplayPlaysTheNextEpisodesUntilTheListEnds() async throws {
        try await WatchTests.watching { server, cli, _ in
            #expect(try await cli.run(["progress", "553", "--set", "6:19"]).status == 0)
            #expect(try await cli.run(["progress", "556", "--set", "8:20"]).status == 0)
            let watched = try await cli.run(["watch", "553", "--autoplay"], timeout: .seconds(120))
            #expect(watched.status == 0, "\(watched)")
            #expect(watched.stderr.contains("Next: episode 556, “Authenticating the Users”."), "\(watched.stderr)")
            #expect(watched.stderr.contains("That was the newest episode"))
            #expect(try await server.admin.count("GET", path: "/api/v1/videos/632759499") == 1)
            #expect(try await cli.run(["progress", "553"]).stdout == "Video 629924871: finished (6:32).\n")
            #expect(try await cli.run(["progress", "556"]).stdout == "Video 632759499: finished (8:33).\n")
            #expect(try await cli.run(["continue"]).stdout.isEmpty)
        }
    }

    /// Not at a terminal nothing is asked, and without --autoplay nothing more plays.
    @Test func withoutATerminalTheNextIsNeitherAskedNorPlayed() async throws {
        try await WatchTests.watching { server, cli, _ in
            #expect(try await cli.run(["progress", "551", "--set", "5:57"]).status == 0)
            let watched = try await cli.run(["watch", "551"], timeout: .seconds(90))
            #expect(watched.status == 0, "\(watched)")
            #expect(!watched.stderr.contains("Up next"))
            #expect(try await server.admin.count("GET", path: "/api/v1/videos/629924871") == 0)
        }
    }
}
