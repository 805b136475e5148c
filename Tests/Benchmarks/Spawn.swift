import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Starts programs the way a shell does (`posix_spawn`) and times them; measures their
/// peak memory from a small python3 parent, and lists what the dynamic loader maps.
enum Spawn {
    struct Outcome {
        let status: Int32
        let seconds: Double
        /// The child's CPU time, user and system, from `wait4`.
        let cpuSeconds: Double
    }

    /// A child's `ru_maxrss` also counts its parent's memory at the moment of the spawn
    /// (glibc spawns with `CLONE_VM`), so the benchmark's own tens of MiB would show up in
    /// every figure. A python3 parent of about 9 MiB does the spawning instead.
    private static let memoryProbe = """
        import os, sys
        null = [(os.POSIX_SPAWN_OPEN, fd, "/dev/null", os.O_RDWR, 0) for fd in (0, 1, 2)]
        pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ, file_actions=null)
        _, status, usage = os.wait4(pid, 0)
        print(usage.ru_maxrss, os.waitstatus_to_exitcode(status))
        """

    /// The peak resident memory of `path` run with `arguments`, in KiB.
    static func peakMemoryKiB(_ path: String, _ arguments: [String], environment: [String: String]) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", memoryProbe, path] + arguments
        process.environment = environment.merging(["PATH": "/usr/local/bin:/usr/bin:/bin"]) { old, _ in old }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        while process.isRunning { usleep(1_000) }
        let fields = text.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard fields.count == 2, fields[1] == 0 else {
            throw BenchmarkError.unexpected("\(path) under the memory probe: \(text)")
        }
        return fields[0]
    }

    /// Runs `path` with `arguments` and `environment`, output discarded, `input` on stdin.
    static func run(_ path: String, _ arguments: [String], environment: [String: String], input: String? = nil)
        -> Outcome
    {
        let started = ContinuousClock.now
        let (pid, inputPipe) = start(path, arguments, environment: environment, withInput: input != nil)
        if let input, let inputPipe {
            _ = input.withCString { write(inputPipe, $0, strlen($0)) }
            close(inputPipe)
        }
        return wait(for: pid, startedAt: started)
    }

    /// Runs several commands at the same moment and waits for all of them.
    static func runTogether(_ commands: [(String, [String])], environment: [String: String]) -> [Outcome] {
        let started = ContinuousClock.now
        let pids = commands.map { start($0.0, $0.1, environment: environment, withInput: false).0 }
        return pids.map { wait(for: $0, startedAt: started) }
    }

    private static func start(_ path: String, _ arguments: [String], environment: [String: String], withInput: Bool)
        -> (pid_t, Int32?)
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pipeEnds: [Int32] = [-1, -1]
        if withInput {
            pipe(&pipeEnds)
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else {
            fatalError("cocoacasts-bench: cannot start \(path)")
        }
        if withInput { close(pipeEnds[0]) }
        return (pid, withInput ? pipeEnds[1] : nil)
    }

    private static func wait(for pid: pid_t, startedAt started: ContinuousClock.Instant) -> Outcome {
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let elapsed = ContinuousClock.now - started
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let cpu = [usage.ru_utime, usage.ru_stime].reduce(0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6 }
        return Outcome(status: exitStatus, seconds: elapsed.seconds, cpuSeconds: cpu)
    }

    /// The shared objects the dynamic loader maps for one run of `path` — at start and by
    /// `dlopen` alike — from its `LD_DEBUG=files` trace, in the order it loads them.
    static func loadedObjects(_ path: String, _ arguments: [String], environment: [String: String]) throws
        -> [String]
    {
        let (status, text) = try standardError(
            of: path, arguments, environment: environment.merging(["LD_DEBUG": "files"]) { _, new in new })
        guard status == 0 else { throw BenchmarkError.unexpected("\(path) under LD_DEBUG exited \(status)") }
        // "  1234:\tfile=libcurl.so.4 [0];  dynamically loaded by …"
        var names: [String] = []
        for line in text.split(separator: "\n") {
            guard let start = line.range(of: "file=")?.upperBound, let end = line[start...].firstIndex(of: " ")
            else { continue }
            // The Swift runtime opens libgcc_s again by its path: one object, named once.
            let name = String(line[start..<end].split(separator: "/").last ?? "")
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// How many threads `path` started in a run, as strace sees them (`clone`, `clone3`);
    /// `nil` without strace.
    static func threadsStarted(_ path: String, _ arguments: [String], environment: [String: String]) throws -> Int? {
        let strace = "/usr/bin/strace"
        guard FileManager.default.isExecutableFile(atPath: strace) else { return nil }
        let (status, text) = try standardError(
            of: strace, ["-f", "-qq", "-e", "trace=clone,clone3", "-o", "/dev/stderr", path] + arguments,
            environment: environment)
        guard status == 0 else { return nil }
        return text.split(separator: "\n").filter { $0.contains("clone") }.count
    }

    /// Runs `path` to its end and returns its exit status and everything it wrote to
    /// standard output (standard error is dropped).
    static func standardOutput(of path: String, _ arguments: [String]) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// Runs `path` to its end and returns its exit status and everything it wrote to
    /// standard error (standard output is dropped).
    static func standardError(of path: String, _ arguments: [String], environment: [String: String]? = nil) throws
        -> (status: Int32, text: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
