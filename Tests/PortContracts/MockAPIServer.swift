import Foundation
import Subprocesses
import Synchronization

/// `Scripts/mock-api` running for one test: started on a free loopback port, stopped
/// when the test's closure returns or throws.
///
/// ```swift
/// try await MockAPIServer.with(arguments: ["--access-ttl", "1"]) { server in
///     // server.baseURL is http://127.0.0.1:PORT/api/v1
/// }
/// ```
///
/// The server runs with `--exit-with-parent`, so even a test process that crashes
/// leaves no server behind; it runs as a ``SpawnedProcess``, holding no descriptor of the
/// test process but its own pipe.
public final class MockAPIServer: Sendable {
    /// The API's base URL, `http://127.0.0.1:PORT/api/v1`.
    public let baseURL: URL
    /// The port the server listens on.
    public let port: Int
    /// The admin routes.
    public let admin: MockAPIAdmin
    private let process: SpawnedProcess
    /// The port once the server stopped, held closed: in a busy run a new server could be given
    /// it at once, and a test of a dead server would reach that one instead.
    private let heldPort = Mutex<LoopbackPort?>(nil)

    /// How long start-up may take before it counts as failed: far above the fraction of a
    /// second it takes, even on a busy machine.
    public static let startTimeout: Duration = .seconds(60)

    /// Starts a server, runs `body` with it and stops it, also when `body` throws.
    public static func with<T>(
        arguments: [String] = [], _ body: (MockAPIServer) async throws -> T
    ) async throws -> T {
        let server = try await start(arguments: arguments)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Starts a server; the caller must call ``stop()``.
    public static func start(arguments: [String] = []) async throws -> MockAPIServer {
        let script = Fixtures.repositoryRoot.appendingPathComponent("Scripts/mock-api").path
        let process = try SpawnedProcess(
            "/usr/bin/env", ["python3", script, "--port", "0", "--exit-with-parent"] + arguments, stdout: .pipe)
        guard let output = process.subprocess.standardOutput,
            let line = await PipeTraffic.firstLine(of: output, until: .now + startTimeout)
        else {
            let exited = process.subprocess.exitStatus != nil
            await process.killGroup()
            throw exited ? MockAPIServerError.exitedBeforeListening : MockAPIServerError.startTimedOut
        }
        do {
            return try MockAPIServer(process: process, listeningLine: line)
        } catch {
            await process.killGroup()
            throw error
        }
    }

    private init(process: SpawnedProcess, listeningLine: String) throws {
        guard let address = listeningLine.split(separator: " ").last, let url = URL(string: String(address)),
            let port = url.port
        else { throw MockAPIServerError.unexpectedOutput(listeningLine) }
        self.process = process
        self.baseURL = url
        self.port = port
        self.admin = MockAPIAdmin(origin: URL(string: "\(url.scheme ?? "http")://127.0.0.1:\(port)")!)
    }

    /// The base URL on the other loopback origin (`localhost` instead of `127.0.0.1`).
    /// The server's process, for a session that stops it as a shell's `kill %1` would.
    public var processID: Int32 { process.subprocess.pid }

    public var otherOriginBaseURL: URL {
        URL(string: "http://localhost:\(port)/api/v1")!
    }

    /// Stops the server with SIGTERM and waits for it to exit; SIGKILL (to its group) after 5 s.
    public func stop() async {
        guard isRunning else { return }
        process.subprocess.send(SIGTERM, to: .childAlone)
        if await process.subprocess.waitForExit(timeout: .seconds(5), cancellable: true) == nil {
            await process.killGroup()
        }
        // Taken by another server already (a rare race): its port stays what it is.
        let held = try? LoopbackPort(.closed, port: port)
        heldPort.withLock { $0 = held }
    }

    /// Whether the server process is still running.
    public var isRunning: Bool { process.subprocess.exitStatus == nil }

    /// The exit status once the server has stopped (0 after a clean SIGTERM), or the number
    /// of the signal that ended it; -1 while it runs.
    public var terminationStatus: Int32 {
        switch process.subprocess.exitStatus {
        case .exited(let code), .signalled(let code): code
        case .unknown, nil: -1
        }
    }
}

/// Why the mock API server could not be started.
public enum MockAPIServerError: Error, Equatable {
    /// The server printed no line within ``MockAPIServer/startTimeout``.
    case startTimedOut
    /// The server exited before it printed its line (python3 missing, port refused, …).
    case exitedBeforeListening
    /// The first line was not `listening on http://HOST:PORT/api/v1`.
    case unexpectedOutput(String)
    /// No request for the route came within the time a test waited for one.
    case noRequest(String)
}
