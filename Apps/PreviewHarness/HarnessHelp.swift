import TerminalUI

/// The `--help` text of `cocoacasts-preview`.
enum HarnessHelp {
    /// The whole text.
    static var text: String {
        let statuses = HarnessExitCode.allCases.map { "  " + TerminalText.padded("\($0.rawValue)", to: 5) + $0.summary }
        return
            ([
                "cocoacasts-preview — every screen of the Cocoacasts app in every state, without a server.",
                "",
                "The Linux stand-in for SwiftUI previews: each preview builds a screen's real view-model",
                "over a Stubs scenario, drives it into one state and draws it as the cocoacasts CLI does.",
                "",
                "USAGE:",
                "  cocoacasts-preview --list            list the previews: name, screen and state",
                "  cocoacasts-preview render NAME…      draw the named previews (names from --list)",
                "  cocoacasts-preview --all             draw every preview",
                "  cocoacasts-preview --html DIR        write the gallery: DIR/index.html and DIR/style.css",
                "  cocoacasts-preview --help            show this help",
                "",
                "The gallery needs no network: open DIR/index.html in any browser (xdg-open DIR/index.html).",
                "Text is plain unless standard output is a terminal; NO_COLOR turns colour off.",
                "",
                "EXIT STATUS:",
            ] + statuses).joined(separator: "\n")
    }
}
