import Foundation
import PortContracts
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// From the command line against `Scripts/mock-api`: the saved catalogue as a
/// second local user could attack it.
@Suite("The saved catalogue against another local user: forged lists, links, huge entries, escapes")
struct CatalogueSafetyTests {
    /// The entry `episodes` saves for `server`, rewritten as a forger would: every title
    /// `FORGED`, every video id `666`, fresh for 68 years.
    static func forgedEntry(for server: MockAPIServer, in scratch: TemporaryDirectory) async throws -> (
        name: String, bytes: Data
    ) {
        var honest = CLIProcess(in: scratch, baseURL: server.baseURL)
        honest.environment["XDG_CACHE_HOME"] = scratch.file("honest").path
        #expect(try await honest.run(["episodes"]).status == 0)
        let folder = scratch.file("honest/cocoacasts")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        let saved = try Data(contentsOf: folder.appendingPathComponent(name))
        let newline = try #require(saved.firstIndex(of: UInt8(ascii: "\n")))
        var header = try #require(try JSONSerialization.jsonObject(with: saved[..<newline]) as? [String: Any])
        var episodes = try #require(try JSONSerialization.jsonObject(with: saved[(newline + 1)...]) as? [[String: Any]])
        for index in episodes.indices {
            episodes[index]["title"] = "FORGED"
            episodes[index]["videoID"] = "666"
        }
        let body = try JSONSerialization.data(withJSONObject: episodes)
        header["bodyLength"] = body.count
        header["cacheControl"] = ["maxAge": Int(Int32.max), "noCache": false, "noStore": false, "isPrivate": false]
        return (name, try JSONSerialization.data(withJSONObject: header) + Data("\n".utf8) + body)
    }

    /// A shared `XDG_CACHE_HOME` (mode 1777, like /tmp) in which another user made
    /// `cocoacasts/` (mode 777) and planted a forged list with a far `max-age`.
    @Test func aListPlantedByAnotherUserIsNeverShownNorSentTo() async throws {
        try await MockAPIServer.with(arguments: ["--cache-control", "max-age=60"]) { server async throws in
            try await TemporaryDirectory.with { directory async throws in
                let shared = directory.file("shared")
                let theirs = shared.appendingPathComponent("cocoacasts")
                #expect(mkdir(shared.path, 0o777) == 0 && chmod(shared.path, 0o1777) == 0)
                #expect(mkdir(theirs.path, 0o777) == 0 && chmod(theirs.path, 0o777) == 0)
                let forged = try await Self.forgedEntry(for: server, in: directory)
                try forged.bytes.write(to: theirs.appendingPathComponent(forged.name))
                let isRoot = geteuid() == 0  // then the directory can really be another user's
                if isRoot { #expect(chown(theirs.path, 65_534, 65_534) == 0) }
                var cli = CLIProcess(in: directory, baseURL: server.baseURL)
                cli.environment["XDG_CACHE_HOME"] = shared.path
                let requestsBefore = try await server.admin.count(MockAPIRoute.episodes)
                let episodes = try await cli.run(["episodes"])
                #expect(episodes.status == 0 && episodes.stdout.contains("Authenticating the Users"))
                #expect(!episodes.stdout.contains("FORGED"))
                #expect(episodes.stderr.contains(isRoot ? "belongs to another user" : "is writable by other users"))
                #expect(episodes.stderr.contains("it is not used"))
                #expect(try await server.admin.count(MockAPIRoute.episodes) == requestsBefore + 1)
                let episode = try await cli.run(["episode", "556"])
                #expect(episode.stdout.contains("Authenticating the Users") && !episode.stdout.contains("FORGED"))
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                #expect(try await cli.run(["progress", "556", "--set", "100"]).status == 0)
                let updates = try await server.admin.requests().filter { $0.method == "POST" }.map(\.path)
                #expect(updates.contains("/api/v1/videos/632759499/progress"))
                #expect(!updates.contains { $0.contains("666") }, "the Authorization header never goes to a forged id")
                #expect(try TemporaryDirectory.mode(of: theirs) == "777", "their directory is never chmod-ed")
                #expect(try FileManager.default.contentsOfDirectory(atPath: theirs.path) == [forged.name])
            }
        }
    }

    /// `cocoacasts/` planted as a link to the victim's `~/work`.
    @Test func aLinkedCacheDirectoryIsNeverFollowed() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory async throws in
                let work = directory.file("home/work")
                try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
                #expect(chmod(work.path, 0o755) == 0)
                for name in ["draft.tmp", "report.response"] {
                    try Data("the victim's own".utf8).write(to: work.appendingPathComponent(name))
                }
                let cache = directory.file("cache")
                try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(
                    at: cache.appendingPathComponent("cocoacasts"), withDestinationURL: work)
                var cli = CLIProcess(in: directory, baseURL: server.baseURL)
                cli.environment["XDG_CACHE_HOME"] = cache.path
                let clear = try await cli.run(["cache", "clear"])
                #expect(clear.status == 74 && clear.stderr.contains("is a symbolic link"))
                #expect(try await cli.run(["episodes"]).status == 0)
                let status = try await cli.run(["status"])
                #expect(status.stdout.contains("is a symbolic link") && !status.stdout.contains("lists of episodes"))
                #expect(
                    try FileManager.default.contentsOfDirectory(atPath: work.path).sorted() == [
                        "draft.tmp", "report.response",
                    ])
                #expect(try TemporaryDirectory.mode(of: work) == "755")
            }
        }
    }

    /// A 2 GiB sparse entry took 288 s and 2.1 GB before it was dropped.
    @Test func aHugeEntryIsDroppedWithoutBeingRead() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory async throws in
                var cli = CLIProcess(in: directory, baseURL: server.baseURL)
                cli.environment["XDG_CACHE_HOME"] = directory.file("cache").path
                #expect(try await cli.run(["episodes"]).status == 0)
                let folder = directory.file("cache/cocoacasts")
                let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
                #expect(truncate(folder.appendingPathComponent(name).path, 1 << 31) == 0)
                let (outcome, peakKiB) = try await cli.runMeasured(["episodes", "--offline", "--verbose"])
                #expect(outcome.status == 69, "nothing usable is saved")
                #expect(outcome.stderr.contains("was dropped: it is 2147483648 bytes, more than the limit"))
                #expect(peakKiB < 200_000, "\(peakKiB) KiB")
            }
        }
    }

    /// Raw file names and rejected values reached the terminal.
    @Test func messagesNeverCarryATerminalsControlCharacters() async throws {
        try await TemporaryDirectory.with { directory async throws in
            let hostile = directory.file("\u{1B}]0;owned\u{07}")
            try FileManager.default.createDirectory(at: hostile, withIntermediateDirectories: true)
            try Data().write(to: hostile.appendingPathComponent("cocoacasts"))  // a file where the cache would be
            var cli = CLIProcess(in: directory)
            cli.environment["XDG_CACHE_HOME"] = hostile.path
            let clear = try await cli.run(["cache", "clear"])
            #expect(clear.status == 74 && clear.stderr.contains("␛]0;owned␇/cocoacasts is not a directory"))
            let config = try await cli.run(["config", "set", "timeout", "\u{1B}]0;X\u{07}"])
            #expect(config.status == 64 && config.stderr.contains("'␛]0;X␇' is not a valid timeout"))
            let status = try await cli.run(["status"])
            for output in [clear, config, status] {
                #expect(!(output.stdout + output.stderr).unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
            }
        }
    }

    /// A list saved while the clock ran a year ahead stayed fresh until the clock caught up.
    @Test func aListSavedWhileTheClockRanAheadIsAskedAboutAgain() async throws {
        guard
            let faketime = ["/usr/bin/faketime", "/usr/local/bin/faketime"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return try skip(because: "faketime is not installed (CI installs it)") }
        try await MockAPIServer.with(arguments: ["--cache-control", "max-age=600"]) { server async throws in
            try await TemporaryDirectory.with { directory async throws in
                var cli = CLIProcess(in: directory, baseURL: server.baseURL)
                cli.environment["XDG_CACHE_HOME"] = directory.file("cache").path
                let ahead = try await ChildProcess.run(
                    URL(fileURLWithPath: faketime), ["-f", "+365d", CLIProcess.binary.path, "episodes"],
                    environment: cli.processEnvironment, timeout: .seconds(60))
                #expect(ahead.status == 0, "\(ahead.stderr)")
                #expect(try await cli.run(["episodes"]).status == 0)
                #expect(
                    try await server.admin.count(MockAPIRoute.episodes) == 2, "the future-dated list was revalidated")
            }
        }
    }

    /// Foundation made an empty, world-readable `~/.cache/org.swift.foundation.URLCache/…`
    /// although the session keeps no cache.
    @Test func nothingButTheCatalogueIsCreatedInTheCacheDirectory() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory async throws in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.run(["episodes"]).status == 0)
                #expect(
                    try FileManager.default.contentsOfDirectory(atPath: directory.file("home/.cache").path) == [
                        "cocoacasts"
                    ])
            }
        }
    }
}
