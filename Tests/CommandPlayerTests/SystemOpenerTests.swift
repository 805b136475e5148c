import Foundation
import PortContracts
import Testing

@testable import CommandPlayer

/// The last resort: xdg-open, else the first of `$BROWSER` that is found.
@Suite("CommandPlayer.systemOpener: xdg-open, else $BROWSER")
struct SystemOpenerTests {
    private func withPrograms(_ names: [String], _ body: (String) throws -> Void) async throws {
        try await TemporaryDirectory.with { directory in
            for name in names {
                try "#!/bin/sh\n".write(to: directory.file(name), atomically: true, encoding: .utf8)
                chmod(directory.file(name).path, 0o755)
            }
            try body(directory.url.path)
        }
    }

    @Test func xdgOpenComesFirst() async throws {
        try await withPrograms(["xdg-open", "firefox"]) { path in
            let opener = CommandPlayer.systemOpener(environment: ["PATH": path, "BROWSER": "firefox"])
            #expect(opener?.name == "xdg-open")
            #expect(opener?.commandArguments(for: URL(string: "http://x/a.wav")!) == ["http://x/a.wav"])
        }
    }

    @Test func thenTheFirstBrowserFoundWithTheURLInPlaceOfPercentS() async throws {
        try await withPrograms(["firefox"]) { path in
            let opener = CommandPlayer.systemOpener(
                environment: ["PATH": path, "BROWSER": "no-such-browser:firefox --new-window '%s' 100%%"])
            #expect(opener?.name == "firefox")
            #expect(
                opener?.commandArguments(for: URL(string: "http://x/a.wav")!) == [
                    "--new-window", "http://x/a.wav", "100%",
                ])
        }
    }

    @Test func aBrowserWithoutPercentSGetsTheURLLast() async throws {
        try await withPrograms(["w3m"]) { path in
            let opener = CommandPlayer.systemOpener(environment: ["PATH": path, "BROWSER": "w3m -o x=1"])
            #expect(opener?.commandArguments(for: URL(string: "http://x/a.wav")!) == ["-o", "x=1", "http://x/a.wav"])
        }
    }

    @Test func nothingFoundIsNil() async throws {
        try await withPrograms([]) { path in
            #expect(CommandPlayer.systemOpener(environment: ["PATH": path]) == nil)
            #expect(CommandPlayer.systemOpener(environment: ["PATH": path, "BROWSER": "nope:$BAD"]) == nil)
        }
    }
}
