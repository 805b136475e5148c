import Foundation
import PortContracts
import TestSupport
import Testing

/// Once, 5 of 60 concurrent `episodes` runs logged "could not be written" after a
/// successful rename (eviction stat-ed another writer's temporary file); `cache clear`
/// removed a writer's temporary file mid-write; `status` counted temporary files as lists
/// and once called the cache unreadable.
@Suite("The saved catalogue shared by 20 processes at once")
struct CatalogueConcurrencyTests {
    /// What one of the concurrent runs does.
    static func command(_ index: Int) -> [String] {
        switch index % 10 {
        case 3: ["cache", "clear"]
        case 6, 9: ["status", "--json"]
        default: ["episodes", "--verbose"]
        }
    }

    @Test func writersEvictionClearAndStatusNeverTripOverEachOther() async throws {
        // max-age=0: every run revalidates and writes its entry anew (and evicts after it).
        try await MockAPIServer.with(arguments: ["--cache-control", "max-age=0"]) { server async throws in
            try await TemporaryDirectory.with { directory async throws in
                var cli = CLIProcess(in: directory, baseURL: server.baseURL)
                cli.environment["XDG_CACHE_HOME"] = directory.file("cache").path
                #expect(try await cli.run(["episodes"]).status == 0)
                let runner = cli
                for round in 1...3 {
                    let outcomes = try await withThrowingTaskGroup(of: ([String], ChildProcess.Outcome).self) { group in
                        for index in 0..<20 {
                            group.addTask { (Self.command(index), try await runner.run(Self.command(index))) }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                    for (command, outcome) in outcomes {
                        let label = "round \(round): \(command.joined(separator: " "))"
                        #expect(!outcome.stderr.contains("could not be"), "\(label): \(outcome.stderr)")
                        if command[0] == "status" {
                            #expect(outcome.status == 77, "\(label): signed out")
                            let cache =
                                try #require(
                                    try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])[
                                    "cache"] as? [String: Any]
                            #expect(cache?["problem"] == nil, "\(label): \(outcome.stdout)")
                            #expect([0, 1].contains(cache?["lists"] as? Int), "\(label): one list at most")
                        } else {
                            #expect(outcome.status == 0, "\(label): \(outcome.stderr)")
                        }
                    }
                }
                let left = try FileManager.default.contentsOfDirectory(atPath: directory.file("cache/cocoacasts").path)
                #expect(left.allSatisfy { !$0.hasSuffix(".tmp") }, "every write finished or cleaned up: \(left)")
            }
        }
    }
}
