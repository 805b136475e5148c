import Foundation
import TestSupport
import Testing

/// What a command that sends nothing starts, seen by strace: no thread (`clone`, `clone3`),
/// no epoll instance and no timerfd — the thread pool, Dispatch's manager thread and its
/// event loop came with every run before (four threads for `--version`). A command that
/// reaches a server starts libcurl's thread, and only then.
@Suite("cocoacasts starts no thread, event loop or timer before a command needs one")
struct ThreadFreeStartTests {
    static let strace = URL(fileURLWithPath: "/usr/bin/strace")
    static let traced = "clone,clone3,fork,vfork,epoll_create,epoll_create1,timerfd_create"

    /// The calls of `traced` that `cocoacasts arguments…` made, one line each, and how it ended.
    static func startedBy(_ arguments: [String], _ cli: CLIProcess) async throws -> (ChildProcess.Outcome, [String]) {
        let log = cli.directory.file("strace-\(UUID().uuidString)")
        let outcome = try await ChildProcess.run(
            strace, ["-f", "-qq", "-e", "trace=\(traced)", "-o", log.path, CLIProcess.binary.path] + arguments,
            environment: cli.processEnvironment, timeout: CLIProcess.killTimeout)
        let calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        return (outcome, calls)
    }

    /// Whether strace can trace here: a container may refuse `ptrace`.
    static func straceWorks() async throws -> Bool {
        guard FileManager.default.isExecutableFile(atPath: strace.path) else {
            try skip(because: "strace is not installed (CI installs it: apt-get install strace)")
            return false
        }
        let probe = try await ChildProcess.run(strace, ["-o", "/dev/null", "/bin/true"])
        guard probe.status == 0 else {
            try skip(because: "strace cannot trace here (ptrace refused): \(probe.stderr)")
            return false
        }
        return true
    }

    @Test(arguments: [
        ["--version"], ["help"], ["help", "episodes"], ["completion", "bash"], ["completion", "zsh"], ["manual"],
        ["episodes"], ["episodes", "--json"], ["episodes", "sign", "in"], ["episode", "556", "--json"],
    ])
    func aCommandAnsweredHereStartsNone(arguments: [String]) async throws {
        guard try await Self.straceWorks() else { return }
        try await TemporaryDirectory.with { directory async throws in
            let (outcome, calls) = try await Self.startedBy(arguments, CLIProcess(in: directory))
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(calls.isEmpty, "cocoacasts \(arguments.joined(separator: " ")) started: \(calls)")
        }
    }

    /// `status` asks the embedded API, bounded by a timer of the main thread's loop.
    @Test func statusOfTheEmbeddedAPIStartsNone() async throws {
        guard try await Self.straceWorks() else { return }
        try await TemporaryDirectory.with { directory async throws in
            let cli = CLIProcess(in: directory)
            #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
            let (outcome, calls) = try await Self.startedBy(["status"], cli)
            #expect(outcome.status == 0 && outcome.stdout.contains("Signed in"), "\(outcome)")
            #expect(calls.isEmpty, "status started: \(calls)")
        }
    }

    /// The saved list answers without the network, so without libcurl's thread; the run that
    /// saved it reached the server, and started that thread alone.
    @Test func theSavedListStartsNoneAndTheServerOnlyLibcurls() async throws {
        guard try await Self.straceWorks() else { return }
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory async throws in
                var cli = CLIProcess(in: directory, baseURL: server.baseURL)
                cli.environment["XDG_CACHE_HOME"] = directory.file("cache").path
                let (fetched, networked) = try await Self.startedBy(["episodes", "--no-cache"], cli)
                #expect(fetched.status == 0, "\(fetched.stderr)")
                #expect(networked.count == 1 && networked.allSatisfy { $0.contains("clone") }, "\(networked)")
                #expect(try await cli.run(["episodes"]).status == 0)
                let (saved, calls) = try await Self.startedBy(["episodes", "--offline"], cli)
                #expect(saved.status == 0 && saved.stdout.contains("556\tAuthenticating the Users\t"))
                #expect(calls.isEmpty, "\(calls)")
            }
        }
    }
}
