import Foundation
import PortContracts
import TestSupport
import Testing

/// One finished rule — the last 10 s of a video count as its end — said the same way by
/// `progress`, `continue`, `watch` (why it starts at 0:00), the help and the manual.
@Suite("The finished rule: one rule, said alike everywhere")
struct FinishedRuleTests {
    static let rule = "the last 10 s of a video count as its end"

    @Test func progressContinueWatchHelpAndTheManualSayTheOneRule() async throws {
        try await WatchTests.watching { _, cli, _ in
            let set = try await cli.run(["progress", "553", "--set", "6:22"])
            #expect(set.stdout == "Video 629924871: finished (6:22 of 6:32; \(Self.rule)).\n", "\(set)")
            let shown = try await cli.run(["progress", "553"])
            #expect(shown.stdout == "Video 629924871: finished (6:22 of 6:32; \(Self.rule)).\n", "\(shown)")
            let listed = try await cli.run(["continue", "--json"])
            #expect(listed.stdout == "[]\n", "a finished episode is not one to continue: \(listed)")
            let watched = try await OfflineWatchTests.watch(["watch", "553"], cli)
            let said = OfflineWatchTests.said(watched)
            #expect(said.contains("starting at 0:00: you finished it (at 6:22 of 6:32; \(Self.rule))."), "\(said)")
            #expect(said.contains("in mpv at 0:00;"), "\(said)")
            for command in ["continue", "progress"] {
                let help = try await cli.run(["help", command]).stdout
                let joined = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                    .joined(separator: " ")
                #expect(joined.contains(Self.rule), "\(help)")
            }
            #expect(try await cli.run(["manual"]).stdout.contains(Self.rule.replacingOccurrences(of: "-", with: "\\-")))
        }
    }
}
