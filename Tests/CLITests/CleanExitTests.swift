import Foundation
import PortContracts
import TestSupport
import Testing

/// A command exits only once the threads it started have ended. Over HTTPS libcrypto's exit
/// handler (`OPENSSL_cleanup`) freed what libcurl's thread was still freeing, and about one
/// run in two hundred crashed at exit (SIGSEGV, or SIGABRT "double free") after printing its result.
@Suite("cocoacasts exits only after the threads it started have ended")
struct CleanExitTests {
    /// A TLS server (python's `ssl`) and a CA file as users give one: the system's bundle plus
    /// the server's certificate, which makes curl's certificate store large to free.
    static func overTLS(_ body: (MockAPIServer, CLIProcess) async throws -> Void) async throws {
        try await TemporaryDirectory.with { directory async throws in
            guard let tls = try await TLSCertificate.selfSigned(in: directory) else {
                return try skip(because: "openssl is not installed (CI installs it)")
            }
            let system = URL(fileURLWithPath: "/etc/ssl/certs/ca-certificates.crt")
            let bundle = directory.file("bundle.pem")
            let authorities = ((try? Data(contentsOf: system)) ?? Data()) + (try Data(contentsOf: tls.certificate))
            try authorities.write(to: bundle)
            let arguments = ["--tls-cert", tls.certificate.path, "--tls-key", tls.key.path]
            try await MockAPIServer.with(arguments: arguments) { server async throws in
                let cli = CLIProcess(
                    in: directory, baseURL: server.baseURL, environment: ["COCOACASTS_CACERT": bundle.path])
                try await body(server, cli)
            }
        }
    }

    /// What only writes what the program holds starts no thread: strace sees no `clone`.
    @Test(arguments: [
        (["--version"], 0), (["help"], 0), (["help", "download"], 0), (["completion", "fish"], 0), (["manual"], 0),
        (["episodes", "--no-such-option"], 64), (["no-such-command"], 64), (["download"], 64),
    ])
    func whatWaitsForNothingStartsNoThread(arguments: [String], status: Int) async throws {
        guard try await LazyLoadingTests.straceWorks() else { return }
        try await TemporaryDirectory.with { directory async throws in
            let log = directory.file("strace")
            let outcome = try await ChildProcess.run(
                LazyLoadingTests.strace,
                ["-f", "-qq", "-e", "trace=clone,clone3", "-o", log.path, CLIProcess.binary.path] + arguments,
                environment: CLIProcess(in: directory).processEnvironment, timeout: CLIProcess.killTimeout)
            #expect(Int(outcome.status) == status, "\(outcome.stderr)")
            let calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
            #expect(calls.isEmpty, "cocoacasts \(arguments.joined(separator: " ")) started threads: \(calls)")
        }
    }

    /// strace shows each thread naming itself (`prctl(PR_SET_NAME)`), ending (`exit`), and the
    /// process ending (`exit_group`): every thread cocoacasts named ended before the process did.
    @Test(arguments: [["episodes", "--no-cache"], ["video", "556"], ["status"]])
    func everyThreadItStartedEndedBeforeTheProcess(arguments: [String]) async throws {
        guard try await LazyLoadingTests.straceWorks() else { return }
        try await Self.overTLS { _, cli in
            #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
            let log = cli.directory.file("strace-\(UUID().uuidString)")
            let outcome = try await ChildProcess.run(
                LazyLoadingTests.strace,
                ["-f", "-qq", "-e", "trace=prctl,exit,exit_group", "-o", log.path, CLIProcess.binary.path]
                    + arguments,
                environment: cli.processEnvironment, timeout: CLIProcess.killTimeout)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let events = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
            let named = Set(events.filter { $0.contains("PR_SET_NAME, \"cocoacasts") }.map(Self.thread))
            #expect(!named.isEmpty, "libcurl's thread named itself: \(events)")
            let exitOfTheProcess = try #require(events.firstIndex { $0.contains("exit_group(") }, "\(events)")
            let ended = Set(events[..<exitOfTheProcess].filter { $0.contains(" exit(") }.map(Self.thread))
            #expect(named.isSubset(of: ended), "still running at exit: \(named.subtracting(ended)); \(events)")
        }
    }

    /// `watch` starts threads of its own besides libcurl's — mpv's event loop and the
    /// watcher of mpv's exit — and each has ended before the process does, after a Ctrl-C
    /// (`timeout --foreground` sends one, to the command alone).
    @Test func aWatchEndsEveryThreadItStartedBeforeTheProcess() async throws {
        guard try await LazyLoadingTests.straceWorks() else { return }
        try await WatchTests.watching { _, cli, directory in
            let log = directory.file("strace-watch")
            let outcome = try await ChildProcess.run(
                LazyLoadingTests.strace,
                [
                    "-f", "-qq", "-e", "trace=prctl,exit,exit_group", "-o", log.path, "/usr/bin/timeout",
                    "--foreground", "--preserve-status", "-s", "INT", "5", CLIProcess.binary.path, "watch", "556",
                ], environment: cli.processEnvironment, timeout: .seconds(60))
            #expect(outcome.status == 130, "\(outcome)")
            let events = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
            let named = Self.namedThreads(in: events)
            #expect(named.values.contains("cocoacasts-mpv") && named.values.contains("cocoacasts-exit"), "\(named)")
            let process = try #require(events.first { $0.contains("exit_group(130)") }.map(Self.thread))
            let exitOfTheProcess = try #require(events.firstIndex { $0.contains("exit_group(130)") })
            let ended = Set(events[..<exitOfTheProcess].filter { $0.contains(" exit(") }.map(Self.thread))
            let running = named.filter { !ended.contains($0.key) && $0.key != process }
            #expect(running.isEmpty, "still running at exit: \(running)")
        }
    }

    /// The threads that named themselves `cocoacasts…`, by thread id.
    private static func namedThreads(in events: [String]) -> [Int: String] {
        var named: [Int: String] = [:]
        for event in events {
            guard let start = event.range(of: "PR_SET_NAME, \"cocoacasts") else { continue }
            let name = event[event.index(start.lowerBound, offsetBy: 14)...].prefix { $0 != "\"" }
            named[Self.thread(event)] = String(name)
        }
        return named
    }

    /// Runs over HTTPS, two at a time, and counts those that ended by a signal or failed:
    /// `COCOACASTS_EXIT_RUNS` runs (200 by default; the closing figure was taken with 2,000).
    @Test func manyRunsOverHTTPSEndWithoutACrash() async throws {
        let runs = ProcessInfo.processInfo.environment["COCOACASTS_EXIT_RUNS"].flatMap(Int.init) ?? 200
        try await Self.overTLS { _, cli in
            #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
            let failures = try await withThrowingTaskGroup(of: [String].self) { group in
                for lane in 0..<2 {
                    group.addTask {
                        var failures: [String] = []
                        for run in stride(from: lane, to: runs, by: 2) {
                            let outcome = try await ChildProcess.run(
                                CLIProcess.binary, run.isMultiple(of: 4) ? ["status"] : ["episodes", "--no-cache"],
                                environment: cli.processEnvironment, timeout: CLIProcess.killTimeout)
                            if outcome.status != 0 || outcome.killedBy != nil {
                                failures.append("run \(run): \(outcome.status) \(outcome.stderr.suffix(200))")
                            }
                        }
                        return failures
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(failures.isEmpty, "\(failures.count) of \(runs) failed: \(failures.prefix(5))")
        }
    }

    /// The thread id that begins a line of `strace -f -o`.
    private static func thread(_ line: String) -> Int {
        Int(line.prefix { $0.isNumber }) ?? -1
    }
}
