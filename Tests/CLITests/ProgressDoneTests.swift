import Foundation
import PortContracts
import Testing

/// `progress ID --done`: an episode watched elsewhere marked finished by hand, its whole
/// length saved on the server.
@Suite("progress --done: watched to the end, by hand")
struct ProgressDoneTests {
    @Test func doneSavesTheWholeLengthAndProgressSaysFinished() async throws {
        try await CLIEndToEndTests.signedIn { server, cli in
            let done = try await cli.run(["progress", "556", "--done"])
            #expect(done.status == 0 && done.stdout == "Video 632759499: finished (8:33).\n", "\(done)")
            #expect(try await WatchTests.savedCursor(cli) == 513, "the server holds the whole length")
            #expect(try await cli.run(["progress", "556"]).stdout == "Video 632759499: finished (8:33).\n")
        }
    }

    @Test(arguments: [["--done", "--set", "10"], ["--done", "--delete"]])
    func doneGoesWithNeitherSetNorDelete(_ options: [String]) async throws {
        try await TemporaryDirectory.with { directory in
            let run = try await CLIProcess(in: directory).run(["progress", "556"] + options)
            #expect(run.status == 64 && run.stderr.contains("cannot be used together"), "\(run)")
        }
    }
}
