import Foundation
import PortContracts
import TestSupport
import Testing

/// An episode named by its words wherever one is taken: one match is used and named, several
/// (not at a terminal) are listed with 64, none is said as an unknown id; a word never
/// reaches the server as a video id.
@Suite("Episodes named by their words: video, progress, watch, download")
struct EpisodesByWordsTests {
    /// The video paths the server was asked for.
    static func videoPathsAsked(of server: MockAPIServer) async throws -> [String] {
        try await server.admin.requests().map(\.path).filter { $0.hasPrefix("/api/v1/videos/") }
    }

    @Test func oneMatchIsUsedAndNamed() async throws {
        try await CLIEndToEndTests.signedIn { server, cli in
            let video = try await cli.run(["video", "authenticating", "users"])
            #expect(video.status == 0 && video.stdout.hasPrefix("Video 632759499\n"), "\(video)")
            #expect(video.stderr.contains("“authenticating users” is episode 556, “Authenticating the Users”."))
            // The words of a whole title name it, however many other episodes hold them too.
            let done = try await cli.run(["progress", "caching", "images", "on", "disk", "--done"])
            #expect(done.status == 0 && done.stdout == "Video 542596502: finished (9:27).\n", "\(done)")
            let ids = try await Self.videoPathsAsked(of: server).map {
                $0.dropFirst("/api/v1/videos/".count).prefix { $0 != "/" }
            }
            #expect(!ids.isEmpty && ids.allSatisfy { $0.allSatisfy(\.isNumber) }, "\(ids)")
        }
    }

    @Test(arguments: [["video", "caching"], ["progress", "caching"], ["watch", "caching"], ["download", "caching"]])
    func severalMatchesAreListedWith64AndNothingIsAsked(_ arguments: [String]) async throws {
        try await CLIEndToEndTests.signedIn { server, cli in
            let run = try await cli.run(arguments)
            #expect(run.status == 64, "\(run)")
            #expect(run.stderr.contains("“caching” matches 5 episodes, the best first: name one by its id."))
            #expect(run.stderr.contains("  13  Caching Images on Disk\n"), "\(run.stderr)")
            #expect(try await Self.videoPathsAsked(of: server).isEmpty)
        }
    }

    @Test func noMatchIsSaidAsAnUnknownEpisode() async throws {
        try await CLIEndToEndTests.signedIn { server, cli in
            let run = try await cli.run(["video", "quantum", "knitting"])
            #expect(run.status == 1 && run.stderr.contains("No episode matches “quantum knitting”."), "\(run)")
            #expect(try await Self.videoPathsAsked(of: server).isEmpty)
        }
    }

    /// A word typed with a slip names its episode as the word would; one further off gets the
    /// titles nearest to it, and nothing is asked of the server.
    @Test func aSlipIsForgivenAndAWordFurtherOffGetsTheNearestTitles() async throws {
        try await CLIEndToEndTests.signedIn { server, cli in
            let video = try await cli.run(["video", "autenticating"])
            #expect(video.status == 0 && video.stdout.hasPrefix("Video 632759499\n"), "\(video)")
            let listed = try await cli.run(["episodes", "cachng", "--json"])
            let ids = try #require(
                try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
            ).compactMap { $0["id"] as? Int }
            #expect(ids.prefix(3).sorted() == [10, 13, 14], "\(listed)")
            let far = try await cli.run(["video", "cahcnig"])
            #expect(far.status == 1, "\(far)")
            #expect(
                far.stderr.contains(
                    "No episode matches “cahcnig”. Did you mean 10 “Image Caching with Kingfisher”, 13 “Caching Images on "
                        + "Disk”, 14 “Caching Images in Memory”?"), "\(far.stderr)")
            let none = try await cli.run(["episodes", "cahcnig"])
            #expect(none.status == 0 && none.stderr.contains("in its title or excerpt. Did you mean 10 "), "\(none)")
            #expect(try await Self.videoPathsAsked(of: server) == ["/api/v1/videos/632759499"])
        }
    }

    /// With real mpv: `watch WORDS` plays the one episode they name.
    @Test func watchPlaysTheEpisodeTheWordsName() async throws {
        try await WatchTests.watching(["--media-seconds", "3"]) { server, cli, _ in
            let watched = try await cli.run(["watch", "authenticating", "users"], timeout: .seconds(60))
            #expect(watched.status == 0, "\(watched)")
            #expect(watched.stderr.contains("“authenticating users” is episode 556"), "\(watched.stderr)")
            #expect(watched.stderr.contains("opening video 632759499 (8:33) in mpv"))
            #expect(try await server.admin.count(MockAPIRoute.media) >= 1)
        }
    }
}
