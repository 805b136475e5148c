import Foundation

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
/// leaves no server behind.
public final class MockAPIServer: Sendable {
    /// The API's base URL, `http://127.0.0.1:PORT/api/v1`.
    public let baseURL: URL
    /// The port the server listens on.
    public let port: Int
    /// The admin routes.
    public let admin: MockAPIAdmin
    private let process: Process

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = Fixtures.repositoryRoot.appendingPathComponent("Scripts/mock-api").path
        process.arguments = ["python3", script, "--port", "0", "--exit-with-parent"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        do {
            let line = try await firstLine(of: output.fileHandleForReading, process: process)
            return try MockAPIServer(process: process, listeningLine: line)
        } catch {
            process.terminate()
            _ = await waitForExit(of: process, seconds: 5)
            throw error
        }
    }

    private init(process: Process, listeningLine: String) throws {
        guard let address = listeningLine.split(separator: " ").last, let url = URL(string: String(address)),
            let port = url.port
        else { throw MockAPIServerError.unexpectedOutput(listeningLine) }
        self.process = process
        self.baseURL = url
        self.port = port
        self.admin = MockAPIAdmin(origin: URL(string: "\(url.scheme ?? "http")://127.0.0.1:\(port)")!)
    }

    /// The base URL on the other loopback origin (`localhost` instead of `127.0.0.1`).
    public var otherOriginBaseURL: URL {
        URL(string: "http://localhost:\(port)/api/v1")!
    }

    /// Stops the server with SIGTERM and waits for it to exit; SIGKILL after 5 s.
    public func stop() async {
        guard process.isRunning else { return }
        process.terminate()
        if await !Self.waitForExit(of: process, seconds: 5) {
            kill(process.processIdentifier, SIGKILL)
            _ = await Self.waitForExit(of: process, seconds: 5)
        }
    }

    /// Polls without blocking a thread (`waitUntilExit()` spins a run loop at full CPU on Linux).
    private static func waitForExit(of process: Process, seconds: Double) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while process.isRunning && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        return !process.isRunning
    }

    /// Whether the server process is still running.
    public var isRunning: Bool { process.isRunning }

    /// The exit status once the server has stopped (0 after a clean SIGTERM).
    public var terminationStatus: Int32 { process.terminationStatus }

    private static func firstLine(of handle: FileHandle, process: Process) async throws -> String {
        try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask { try await readLine(from: handle) }
            group.addTask {
                try await Task.sleep(for: startTimeout)
                process.terminate()  // ends the read above with end-of-file
                throw MockAPIServerError.startTimedOut
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    private static func readLine(from handle: FileHandle) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                var bytes = Data()
                while !bytes.contains(UInt8(ascii: "\n")) {
                    let chunk = handle.availableData
                    if chunk.isEmpty {
                        continuation.resume(throwing: MockAPIServerError.exitedBeforeListening)
                        return
                    }
                    bytes.append(chunk)
                }
                let line = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
                continuation.resume(returning: line)
            }
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
}
