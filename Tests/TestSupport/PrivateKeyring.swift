import Foundation
import PortContracts
import Subprocesses
import Synchronization

/// A Secret Service of a test's own: a `dbus-daemon` on a private session bus and a
/// `gnome-keyring-daemon` on it, with a login keyring (password ``password``) in a private
/// `HOME`. Started unlocked, or locked (the keyring exists, nobody unlocked it). Nothing
/// of the user's session is touched; ``stop()`` ends both daemons.
public final class PrivateKeyring: Sendable {
    /// The login keyring's password.
    public static let password = "test-keyring-password"
    /// The bus's address (`DBUS_SESSION_BUS_ADDRESS`).
    public let busAddress: String
    /// The private home: the keyring lives in `.local/share/keyrings` under it.
    public let home: URL
    private let daemons: Mutex<[SpawnedProcess]>

    /// What a process needs to use this keyring: the bus, the home, a runtime directory.
    public var environment: [String: String] {
        [
            "DBUS_SESSION_BUS_ADDRESS": busAddress, "HOME": home.path,
            "XDG_RUNTIME_DIR": home.appendingPathComponent("run").path,
        ]
    }

    /// Why a machine cannot run one: the missing programs or library, for a skip message.
    public static var missing: String? {
        let programs = ["/usr/bin/dbus-daemon", "/usr/bin/gnome-keyring-daemon", "/usr/bin/dbus-send"]
        let absent = programs.filter { !FileManager.default.isExecutableFile(atPath: $0) }
        let library = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]
            .contains { FileManager.default.fileExists(atPath: "\($0)/libsecret-1.so.0") }
        let missing = absent + (library ? [] : ["libsecret-1.so.0"])
        guard !missing.isEmpty else { return nil }
        return "no keyring to test against (\(missing.joined(separator: ", ")) missing; "
            + "apt-get install dbus gnome-keyring libsecret-1-0 libsecret-tools)"
    }

    private init(busAddress: String, home: URL, daemons: [SpawnedProcess]) {
        self.busAddress = busAddress
        self.home = home
        self.daemons = Mutex(daemons)
    }

    /// Starts a bus and a keyring in `home`. A locked keyring is made by creating the login
    /// keyring with a first, unlocked daemon, then starting a second without the password.
    /// Waiting suspends: a test that blocked one of the concurrency runtime's few threads
    /// would delay every other test's timers.
    public static func start(home: URL, unlocked: Bool = true) async throws -> PrivateKeyring {
        let run = home.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        chmod(run.path, 0o700)
        if !unlocked { try await start(home: home, unlocked: true).stop() }
        let socket = run.appendingPathComponent("bus-\(UUID().uuidString.prefix(8))").path
        let address = "unix:path=\(socket)"
        let bus = try await launch(
            "/usr/bin/dbus-daemon", ["--session", "--address=\(address)", "--nofork", "--nopidfile"],
            environment: ["HOME": home.path])
        try await waitUntil("the bus's socket exists") { FileManager.default.fileExists(atPath: socket) }
        var environment = ProcessInfo.processInfo.environment
        environment.merge(["DBUS_SESSION_BUS_ADDRESS": address, "HOME": home.path, "XDG_RUNTIME_DIR": run.path]) {
            $1
        }
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        let daemon = try await launch(
            "/usr/bin/gnome-keyring-daemon",
            ["--foreground", "--components=secrets"] + (unlocked ? ["--unlock"] : []), environment: environment,
            stdin: unlocked ? password : nil)
        let keyring = PrivateKeyring(busAddress: address, home: home, daemons: [daemon, bus])
        do {
            try await waitUntil("the keyring owns org.freedesktop.secrets on the bus") {
                await keyring.ownsServiceName()
            }
        } catch {
            await keyring.stop()
            throw error
        }
        return keyring
    }

    /// A session bus on which nothing answers as the Secret Service, nor can be started: its
    /// configuration names no service directory, so D-Bus activation has nothing to start.
    public static func startBusWithoutKeyring(home: URL) async throws -> PrivateKeyring {
        let run = home.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        chmod(run.path, 0o700)
        let socket = run.appendingPathComponent("bus-\(UUID().uuidString.prefix(8))").path
        let configuration = home.appendingPathComponent("bus.conf")
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(socket)</listen>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/>
          </policy>
        </busconfig>
        """.write(to: configuration, atomically: true, encoding: .utf8)
        let bus = try await launch(
            "/usr/bin/dbus-daemon", ["--config-file=\(configuration.path)", "--nofork", "--nopidfile"],
            environment: ["HOME": home.path])
        try await waitUntil("the bus's socket exists") { FileManager.default.fileExists(atPath: socket) }
        return PrivateKeyring(busAddress: "unix:path=\(socket)", home: home, daemons: [bus])
    }

    /// Ends the keyring, then the bus, with whatever either started, and waits for both.
    public func stop() async {
        let stopped = kill()
        for _ in 0..<1500 where stopped.contains(where: { $0.subprocess.exitStatus == nil }) {
            try? await Task.sleep(for: .milliseconds(20))  // a cancelled test stops waiting; the daemons are killed
        }
    }

    /// Sends both daemons' groups `SIGKILL` without waiting (for a process about to exit);
    /// returns the daemons.
    @discardableResult
    public func kill() -> [SpawnedProcess] {
        daemons.withLock { daemons in
            defer { daemons = [] }
            for daemon in daemons { daemon.subprocess.sendToItsGroup(SIGKILL) }
            return daemons
        }
    }

    /// Stops (`SIGSTOP`) or resumes (`SIGCONT`) the keyring daemon: a keyring that does not answer.
    public func suspend(_ suspended: Bool = true) {
        daemons.withLock { daemons in
            _ = daemons.first?.subprocess.send(suspended ? SIGSTOP : SIGCONT, to: .childAlone)
        }
    }

    /// Whether the keyring answers as `org.freedesktop.secrets` on the bus.
    private func ownsServiceName() async -> Bool {
        let reply = try? await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/dbus-send"),
            [
                "--bus=\(busAddress)", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets",
            ], environment: [:], timeout: .seconds(10))
        return reply?.stdout.contains("boolean true") ?? false  // a failed ask is asked again
    }

    /// Starts `path` in a process group of its own, its output discarded and `stdin` (if
    /// any) its whole input.
    private static func launch(
        _ path: String, _ arguments: [String], environment: [String: String], stdin: String? = nil
    ) async throws -> SpawnedProcess {
        let process = try SpawnedProcess(
            path, arguments, environment: environment, stdin: stdin == nil ? .null : .pipe, stderr: .null)
        if let stdin {
            _ = await PipeTraffic.exchange(
                writing: Data(stdin.utf8), into: process.subprocess.standardInput, readingToEnd: [],
                until: .now + .seconds(30))
        }
        return process
    }

    /// How long a daemon may take to come up: far past the tenth of a second it takes, as a
    /// whole suite's first minute starts dozens of processes on two cores (a whole run once
    /// waited out 30 s here).
    static let startLimit: Duration = .seconds(90)

    /// Polls `condition` every 20 ms until ``startLimit`` has passed on the clock, suspended in between.
    private static func waitUntil(_ what: String, _ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + startLimit
        while ContinuousClock.now < deadline {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw StartFailure(what: what)
    }

    /// A daemon that did not come up.
    public struct StartFailure: Error, CustomStringConvertible {
        let what: String
        public var description: String {
            "the private keyring did not start: waited \(PrivateKeyring.startLimit) until \(what)"
        }
    }
}
