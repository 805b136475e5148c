import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// 15e. AES-128 parts decrypted as they arrive: a stream of four 256 MiB encrypted segments,
/// served by python's own `http.server` (a server the project did not write), downloaded
/// four at a time; the download's peak memory must not grow with a part (target ≤ 40 MiB; a
/// part held whole to decrypt it took 1.08 GB at one job).
///
/// The segments are encrypted by `openssl enc` (a second AES implementation); the mock API
/// only names the stream (`--media-origin`), whose playlist it serves as the video's file.
enum EncryptedPartsBenchmark {
    static let partBytes = 256 << 20

    static func run(cli: String, mockAPI: String) async throws -> Row {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cocoacasts-bench-aes-\(getpid())")
        defer {
            do { try FileManager.default.removeItem(at: folder) } catch { print("(could not remove \(folder.path))") }
        }
        let media = folder.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        try makeStream(in: media)
        let files = try Server.start(
            "/usr/bin/env", ["python3", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder.path],
            ready: "Serving HTTP on")
        defer { files.stop() }
        let api = try Server.start(
            mockAPI, ["--port", "0", "--exit-with-parent", "--media", "--media-origin", files.origin],
            ready: "listening on")
        defer { api.stop() }
        let home = try BenchHome(signedInTo: try api.apiURL(), cli: cli, name: "aes")
        defer { home.remove() }
        let peak =
            Double(try Spawn.peakMemoryKiB(cli, ["download", "556", "--jobs", "4"], environment: home.environment))
            / 1024
        let copy = URL(fileURLWithPath: home.environment["XDG_DATA_HOME"]!)
            .appendingPathComponent("cocoacasts/videos/632759499/video")
        let parts = try FileManager.default.contentsOfDirectory(atPath: copy.path).filter { $0.hasSuffix(".ts") }
        guard parts.count == 4 else { throw BenchmarkError.unexpected("the AES copy has \(parts.count) parts of 4") }
        return Row(
            benchmark: "15e. 4 × 256 MiB AES parts, 4 jobs", variants: [], ratio: peak,
            target: "peak RSS ≤ 40 MiB", measured: String(format: "%.1f MiB", peak), met: peak <= 40)
    }

    /// The key, four encrypted segments (one encrypted by openssl, linked three times more), and
    /// the playlist at the path the mock names video 632759499's file.
    private static func makeStream(in media: URL) throws {
        let key = (0..<16).map { String(format: "%02x", 0x10 + $0) }.joined()
        let iv = String(repeating: "0", count: 32)
        try Data((0..<16).map { UInt8(0x10 + $0) }).write(to: media.appendingPathComponent("key.bin"))
        let first = media.appendingPathComponent("seg0.ts")
        let encrypt = Spawn.run(
            "/bin/sh",
            [
                "-c", "head -c \(partBytes) /dev/zero | openssl enc -aes-128-cbc -K \(key) -iv \(iv) -out \"$0\"",
                first.path,
            ],
            environment: ["PATH": "/usr/bin:/bin"])
        guard encrypt.status == 0 else { throw BenchmarkError.unexpected("openssl exited \(encrypt.status)") }
        for index in 1..<4 {
            try FileManager.default.linkItem(at: first, to: media.appendingPathComponent("seg\(index).ts"))
        }
        let segments = (0..<4).map { "#EXTINF:60,\nseg\($0).ts" }.joined(separator: "\n")
        let playlist = """
            #EXTM3U
            #EXT-X-TARGETDURATION:60
            #EXT-X-KEY:METHOD=AES-128,URI="key.bin",IV=0x\(iv)
            \(segments)
            #EXT-X-ENDLIST

            """
        try Data(playlist.utf8).write(to: media.appendingPathComponent("632759499.wav"))
    }
}

/// A server process started for a row, and the first line of its output that says it listens.
struct Server {
    let pid: pid_t
    let line: String

    /// Starts `path arguments…` (its output in a file, read as it grows) and waits, at most a
    /// minute, for the line that starts with `ready`.
    static func start(_ path: String, _ arguments: [String], ready: String) throws -> Server {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("cocoacasts-bench-server-\(UUID())")
        defer { unlink(log.path) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let environment = ProcessInfo.processInfo.environment.merging(["PYTHONUNBUFFERED": "1"]) { $1 }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawnp(&pid, path, &actions, nil, argv, envp) == 0 else {
            throw BenchmarkError.unexpected("cannot start \(path)")
        }
        for _ in 0..<600 {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix(ready) }) {
                return Server(pid: pid, line: String(line))
            }
            usleep(100_000)
        }
        Server(pid: pid, line: "").stop()
        throw BenchmarkError.unexpected("\(path) \(arguments.first ?? "") did not start within a minute")
    }

    /// `http://127.0.0.1:PORT`, from `Serving HTTP on 127.0.0.1 port PORT (…)`.
    var origin: String {
        let words = line.split(separator: " ")
        let port = words.firstIndex(of: "port").map { words[words.index(after: $0)] } ?? ""
        return "http://127.0.0.1:\(port)"
    }

    /// The API's URL, from `listening on http://127.0.0.1:PORT/api/v1`.
    func apiURL() throws -> URL {
        guard let url = line.split(separator: " ").last.flatMap({ URL(string: String($0)) }) else {
            throw BenchmarkError.unexpected("no URL in \(line)")
        }
        return url
    }

    /// Ends it with SIGKILL: it keeps nothing, and the benchmark's blocked signal mask, which it
    /// inherits, would keep a SIGTERM from it.
    func stop() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}
