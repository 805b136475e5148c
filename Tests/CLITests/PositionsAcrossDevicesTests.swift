import Foundation
import PortContracts
import TestSupport
import Testing

/// Two homes of one account — two devices — against the mock API over TCP: a position kept on
/// one while its save failed never goes back in time over one the other saved since; in the
/// other order, the kept one is the newer and is sent.
@Suite("Positions across devices: a kept position never beats a newer one")
struct PositionsAcrossDevicesTests {
    /// Two CLIs signed in to `server` as the demo account, each in a home of its own.
    static func twoDevices(
        _ server: MockAPIServer, in directory: TemporaryDirectory
    ) async throws -> (CLIProcess, CLIProcess) {
        let devices = try await ["laptop", "desktop"].asyncMap { name in
            let home = directory.file(name)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            var cli = CLIProcess(in: directory, baseURL: server.baseURL)
            cli.environment["HOME"] = home.appendingPathComponent("home").path
            cli.environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
            #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
            return cli
        }
        return (devices[0], devices[1])
    }

    /// `cli` keeps `position` of episode 556 because its save failed: the server refuses saves
    /// for a moment, as a network that drops does.
    static func keep(_ position: String, on cli: CLIProcess, server: MockAPIServer) async throws {
        try await server.admin.inject(.status(503, route: MockAPIRoute.updateProgress, count: -1))
        let set = try await cli.run(["progress", "556", "--set", position])
        #expect(set.status == 1 && set.stdout.contains("Not yet saved: \(position), kept on this machine"), "\(set)")
        try await server.admin.clearFaults()
    }

    /// The laptop saw 0:00, kept 0:17 while saves failed; the desktop then saved 3:00. The
    /// laptop's next command does not send 0:17, says why with both positions, and forgets it.
    @Test func aKeptPositionIsNotSentOverOneAnotherDeviceSavedSince() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let (laptop, desktop) = try await Self.twoDevices(server, in: directory)
                #expect(try await laptop.run(["progress", "556"]).stdout.contains("not started"))
                try await Self.keep("0:17", on: laptop, server: server)
                #expect(try await desktop.run(["progress", "556", "--set", "3:00"]).status == 0)

                let next = try await laptop.run(["continue"])
                #expect(
                    next.stderr.contains(
                        "not sent 0:17 of video 632759499, kept on this machine since just now: another device saved "
                            + "3:00 after this machine last saw it at 0:00 (just now) — 3:00 stays, the newer."),
                    "\(next.stderr)")
                #expect(try await WatchTests.savedCursor(desktop) == 180)
                #expect(try await WatchTests.savedCursor(laptop) == 180)
                let again = try await laptop.run(["episodes", "--limit", "1"])
                #expect(!again.stderr.contains("0:17"), "said once, and forgotten: \(again.stderr)")
                #expect(!(try await laptop.run(["status"])).stdout.contains("kept on this machine"))
            }
        }
    }

    /// The other order: the desktop saved 3:00, the laptop saw it and kept 3:20 after it; the
    /// laptop's kept position is the newer, and its next command sends it.
    @Test func aKeptPositionThatFollowsTheServersIsSent() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let (laptop, desktop) = try await Self.twoDevices(server, in: directory)
                #expect(try await desktop.run(["progress", "556", "--set", "3:00"]).status == 0)
                #expect(try await laptop.run(["progress", "556"]).stdout.contains("watched up to 3:00"))
                try await Self.keep("3:20", on: laptop, server: server)

                let next = try await laptop.run(["episodes", "--limit", "1"])
                #expect(next.stderr.contains("saved the position 3:20 of video 632759499"), "\(next.stderr)")
                #expect(try await WatchTests.savedCursor(desktop) == 200)
            }
        }
    }

    /// Kept and sent before the other device saved: the later save, the desktop's, stands, and
    /// the laptop has nothing more to send.
    @Test func aKeptPositionSentBeforeAnotherDeviceSavesIsOvertakenByIt() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let (laptop, desktop) = try await Self.twoDevices(server, in: directory)
                #expect(try await laptop.run(["progress", "556"]).status == 0)
                try await Self.keep("0:17", on: laptop, server: server)
                #expect(try await laptop.run(["episodes", "--limit", "1"]).stderr.contains("saved the position 0:17"))
                #expect(try await desktop.run(["progress", "556", "--set", "3:00"]).status == 0)
                let next = try await laptop.run(["continue"])
                #expect(!next.stderr.contains("0:17"), "\(next.stderr)")
                #expect(try await WatchTests.savedCursor(laptop) == 180)
            }
        }
    }
}

extension Array {
    /// `transform` of each element, in order, one after the other.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var mapped: [T] = []
        for element in self { mapped.append(try await transform(element)) }
        return mapped
    }
}
