import TerminalUI
import Testing

@testable import cocoacasts_preview

@Suite("Parsing the command line of cocoacasts-preview")
struct HarnessActionTests {
    static let names = ["episodes/loaded", "signIn/ready"]

    @Test(
        arguments: [
            ([], HarnessAction.help),
            (["--help"], .help),
            (["--lst", "-h"], .help),
            (["--list"], .list),
            (["--all"], .renderAll),
            (["render", "--all"], .renderAll),
            (["render", "signIn/ready", "episodes/loaded"], .render(names: ["signIn/ready", "episodes/loaded"])),
            (["--html", "out"], .gallery(directory: "out")),
            (["--html=out dir"], .gallery(directory: "out dir")),
        ])
    func parses(arguments: [String], command: HarnessAction) throws {
        #expect(try HarnessAction.parse(arguments, names: Self.names) == command)
    }

    @Test(
        arguments: [
            (["--lst"], HarnessUsageError.commandLine(.unknownOption("--lst", suggestion: "--list"))),
            (["--frobnicate=1"], .commandLine(.unknownOption("--frobnicate", suggestion: nil))),
            (["--all=yes"], .commandLine(.unexpectedValue("--all"))),
            (["rendr"], .commandLine(.unknownCommand("rendr", suggestion: "render"))),
            (["episodes/loaded"], .previewWithoutCommand("episodes/loaded")),
            (["render", "episodes/loadd"], .unknownPreview("episodes/loadd", suggestion: "episodes/loaded")),
            (["render", "nothing"], .unknownPreview("nothing", suggestion: nil)),
            (["render"], .missingPreviewName),
            (["--html"], .missingDirectory),
            (["--html", "--list"], .missingDirectory),
            (["--html="], .missingDirectory),
            (["--list", "--all"], .conflicting("--list", "--all")),
            (["render", "signIn/ready", "--list"], .conflicting("render NAME", "--list")),
            (["render", "--list"], .conflicting("render", "--list")),
        ])
    func rejects(arguments: [String], error: HarnessUsageError) {
        #expect(throws: error) { try HarnessAction.parse(arguments, names: Self.names) }
    }

    @Test func usageErrorsSayWhatToDo() {
        #expect(
            HarnessUsageError.unknownPreview("episodes/loadd", suggestion: "episodes/loaded").description
                == "unknown preview 'episodes/loadd'. Did you mean 'episodes/loaded'? See --list for every preview.")
        #expect(
            HarnessUsageError.unknownPreview("x", suggestion: nil).description
                == "unknown preview 'x'; see --list for every preview")
        #expect(
            HarnessUsageError.previewWithoutCommand("signIn/ready").description
                == "'signIn/ready' is a preview; draw it with: cocoacasts-preview render signIn/ready")
    }
}
