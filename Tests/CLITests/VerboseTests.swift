import CocoacastsAPI
import Foundation
import PortContracts
import Testing

@testable import cocoacasts

/// `--verbose` as `curl -v` prints it: a line per header, `> ` sent and `< ` received,
/// timing, and what the saved catalogue decided; secrets redacted.
@Suite("--verbose as curl -v")
struct VerboseTests {
    @Test func aResponseSaysItsStatusAndTimingAndTheClientsDecisionsAreMarked() {
        let received = VerboseLog.lines(
            for: .response(
                method: "GET", url: "http://127.0.0.1:8080/api/v1/videos/1", status: 404,
                duration: .milliseconds(12), headers: []))
        #expect(received == ["< HTTP 404 Not Found (12 ms)", "<"])
        #expect(
            VerboseLog.lines(for: .cache(.revalidated)) == [
                "* cache: revalidated (304 Not Modified); the saved list is used"
            ])
        #expect(VerboseLog.lines(for: .refreshStarted) == ["* ⟳ access token refused; refreshing"])
    }

    @Test func aSignedInRequestShowsOneHeaderALineWithTheTokenRedacted() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                let video = try await cli.run(["video", "632759499", "--verbose"])
                #expect(video.status == 0)
                #expect(video.stderr.contains("> GET \(server.baseURL.absoluteString)/videos/632759499\n"))
                #expect(video.stderr.contains("\n> Authorization: <redacted>\n> "))
                #expect(video.stderr.contains("\n< Content-Type: application/json\n"))
            }
        }
    }

    @Test func theCacheSaysWhatItDecidedFreshRevalidatedAndOffline() async throws {
        try await TemporaryDirectory.with { directory in
            let server = try await MockAPIServer.start()
            let cli = CLIProcess(in: directory, baseURL: server.baseURL)
            let first = try await cli.run(["episodes", "--verbose"])
            #expect(first.stderr.contains("> GET \(server.baseURL.absoluteString)/episodes\n"))
            #expect(first.stderr.contains("\n> X-API-TOKEN: <redacted>\n"))
            #expect(first.stderr.contains("\n< HTTP 200 (") && first.stderr.contains(" ms)\n< "))
            #expect(first.stderr.contains("\n< ETag: "))
            #expect(first.stderr.contains("* cache: stored the list\n"))
            let fresh = try await cli.run(["episodes", "--verbose"])
            #expect(fresh.stderr.contains("* cache: fresh (saved ") && !fresh.stderr.contains("> GET"))
            try await server.admin.setCacheControl("max-age=0")
            #expect(try await cli.run(["cache", "clear"]).status == 0)
            #expect(try await cli.run(["episodes"]).status == 0)  // saved with max-age=0
            let revalidated = try await cli.run(["episodes", "--verbose"])
            #expect(revalidated.stderr.contains("\n> If-None-Match: "))
            #expect(revalidated.stderr.contains("\n< HTTP 304 Not Modified ("))
            #expect(revalidated.stderr.contains("* cache: revalidated (304 Not Modified); the saved list is used\n"))
            await server.stop()
            let offline = try await cli.run(["episodes", "--verbose"])
            #expect(offline.status == 0)
            #expect(offline.stderr.contains("* cache: offline: the server could not be reached; the list saved "))
        }
    }
}
