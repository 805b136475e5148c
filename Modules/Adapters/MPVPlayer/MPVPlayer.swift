import Ports
import Subprocesses

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The ``/Ports/MediaPlayer`` of mpv, controlled over its JSON IPC: positions about every second,
/// how playback ended in mpv's own words.
///
/// mpv starts as `mpv --idle=once --input-ipc-server=SOCKET --start=SECONDS`, with the
/// user's own configuration (`mpv.conf`, scripts, key bindings: no `--no-config`) and this
/// process's environment less the CLI's settings (see ``/Subprocesses/ChildEnvironment``). The URL is
/// then sent over the socket (`loadfile`), so that nothing plays before this adapter
/// listens; mpv receives the URL and nothing else of the API's — no token.
/// A user's `keep-open` or `idle` is handled: at the end of the file mpv is told to quit.
/// The socket lives in a private directory (see `MPVSocketLocation`).
public struct MPVPlayer: MediaPlayer {
    /// What mpv does with the terminal.
    public enum Terminal: Sendable {
        /// mpv shares this process's terminal and process group: its keys (space, arrows,
        /// `q`) and status line work, and Ctrl-C reaches it too (it quits: stopped).
        case shared
        /// mpv's standard input and output are `/dev/null`: for tests and scripts.
        case detached
    }

    public let name = "mpv"
    public let reportsPositions = true
    /// The path of the mpv executable.
    public let executable: String
    public let terminal: Terminal
    /// How long mpv may wait for the stream's server (`--network-timeout`), so that a stream
    /// that cannot be reached ends playback within the app's own request timeout rather than
    /// mpv's (a minute); `nil` leaves mpv's own setting.
    public let networkTimeout: Int?
    private let environment: [String: String]
    private let grace: Duration

    /// An mpv at `executable`, run with `environment` (less the CLI's settings); each step
    /// of stopping it (quit, SIGTERM, SIGKILL) waits at most `grace`.
    public init(
        executable: String, environment: [String: String], terminal: Terminal = .shared,
        networkTimeout: Int? = nil, grace: Duration = .seconds(5)
    ) {
        self.executable = executable
        self.environment = environment
        self.terminal = terminal
        self.networkTimeout = networkTimeout
        self.grace = grace
    }

    /// The mpv on `PATH`, or `nil` when there is none.
    public static func locate(
        environment: [String: String], terminal: Terminal = .shared, networkTimeout: Int? = nil
    ) -> MPVPlayer? {
        ChildEnvironment.executable(named: "mpv", environment: environment).map {
            MPVPlayer(executable: $0, environment: environment, terminal: terminal, networkTimeout: networkTimeout)
        }
    }

    /// mpv's status line on the terminal: `00:01:05 of 00:08:33`, `paused` before it when paused —
    /// 27 columns at most, so that it fits a terminal 30 wide with its last column free. mpv's
    /// own (`AV: 00:01:05 / 00:08:33 (12%) A-V: 0.000 Cache: …`) fills the width, cut there, and
    /// wraps where the terminal wraps at its last column.
    static let statusLine = "--term-status-msg=${?pause==yes:paused }${time-pos} of ${duration}"

    /// How long mpv may take to open its socket: it does so early in its start-up, within
    /// a fraction of a second even on a busy machine.
    static let startTimeout: Duration = .seconds(15)

    public func play(_ url: URL, from position: Int) async throws(PlayerError) -> any Playback {
        let socketPath = try MPVSocketLocation(environment: environment).newSocketPath()
        let arguments =
            ["--idle=once", "--input-ipc-server=\(socketPath)", "--start=\(max(0, position))", Self.statusLine]
            + (networkTimeout.map { ["--network-timeout=\(max(1, $0))"] } ?? [])
        let stream: Subprocess.Stream = terminal == .shared ? .inherited : .null
        let terminalModes = terminal == .shared ? TerminalModes.ofStandardInput() : nil
        let process: Subprocess
        do {
            process = try Subprocess.spawn(
                executable, arguments: arguments, environment: ChildEnvironment.forChild(environment),
                standardInput: stream, standardOutput: stream, standardError: stream)
        } catch {
            throw .couldNotStart(name: name, reason: "\(executable): \(error)")
        }
        let connection: MPVConnection
        do {
            connection = try await MPVConnection.open(path: socketPath, process: process, timeout: Self.startTimeout)
        } catch {
            if case .signalled = await process.end(grace: grace) { terminalModes?.restore() }
            unlink(socketPath)  // absent unless mpv made it and then hung
            throw error
        }
        for line in MPVCommand.start(url) { connection.send(line) }
        return MPVPlayback(
            process: process, connection: connection, socketPath: socketPath, terminalModes: terminalModes,
            grace: grace)
    }
}
