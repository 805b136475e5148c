import Foundation
import PortContracts
import TestSupport
import Testing

/// No more requests than the work needs: an episode id names the same episode for good, so
/// the saved catalogue answers it however old it is; an id it lacks asks the server.
@Suite("An episode id the saved catalogue holds costs no request")
struct RequestsNeededTests {
    @Test func aStaleSavedCatalogueAnswersAnIdItHolds() async throws {
        // Media on the mock itself: nothing leaves loopback.
        try await SyncTests.synced { server, cli, _ in
            try await server.admin.setCacheControl("max-age=0")  // every saved list is stale at once
            #expect(try await cli.run(["episodes"]).status == 0)
            let asked = try await server.admin.count(MockAPIRoute.episodes)
            let video = try await cli.run(["video", "556"])
            #expect(video.status == 0 && video.stdout.hasPrefix("Video 632759499"), "\(video)")
            let qualities = try await cli.run(["download", "553", "--list-qualities"])
            #expect(qualities.status == 0, "\(qualities)")
            #expect(try await server.admin.count(MockAPIRoute.episodes) == asked, "the saved list answered")
            let unknown = try await cli.run(["video", "999999"])
            #expect(unknown.status != 0)
            #expect(try await server.admin.count(MockAPIRoute.episodes) == asked + 1, "an id it lacks asks the server")
        }
    }
}
