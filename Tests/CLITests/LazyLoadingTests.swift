import Foundation
import PortContracts
import TestSupport
import Testing

/// What a command loads, seen by strace: libcurl and libsecret are loaded at run time, only by
/// a command that uses them — one answered here (help, the built-in mock, the saved list)
/// opens neither, and one that reaches a server opens libcurl alone.
@Suite("cocoacasts loads libcurl and libsecret only when a command uses them")
struct LazyLoadingTests {
    static let strace = URL(fileURLWithPath: "/usr/bin/strace")

    /// The shared libraries of `names` that `cocoacasts arguments…` opened, and how it ended.
    static func opened(_ names: [String], by arguments: [String], _ cli: CLIProcess) async throws
        -> (ChildProcess.Outcome, [String])
    {
        let log = cli.directory.file("strace-\(UUID().uuidString)")
        let outcome = try await ChildProcess.run(
            strace, ["-f", "-qq", "-e", "trace=openat", "-o", log.path, CLIProcess.binary.path] + arguments,
            environment: cli.processEnvironment, timeout: CLIProcess.killTimeout)
        let calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        let found = names.filter { name in calls.contains { $0.contains("/\(name)") && !$0.contains("ENOENT") } }
        return (outcome, found)
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

    static let libraries = ["libcurl.so", "libsecret-1.so"]

    @Test(arguments: [
        ["--version"], ["help"], ["help", "episodes"], ["completion", "bash"], ["manual"], ["episodes"],
        ["episodes", "--json"], ["episodes", "sign", "in"], ["episode", "556", "--json"], ["status"],
    ])
    func aCommandAnsweredHereLoadsNeither(arguments: [String]) async throws {
        guard try await Self.straceWorks() else { return }
        try await TemporaryDirectory.with { directory async throws in
            let cli = CLIProcess(in: directory, environment: ["COCOACASTS_TOKEN_STORE": "file"])
            #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
            let (outcome, opened) = try await Self.opened(Self.libraries, by: arguments, cli)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(opened.isEmpty, "cocoacasts \(arguments.joined(separator: " ")) opened \(opened)")
        }
    }

    /// The saved list answers without the network, so without libcurl; the run that saved it
    /// reached the server, and loaded libcurl alone.
    @Test func theSavedListLoadsNeitherAndTheServerOnlyLibcurl() async throws {
        guard try await Self.straceWorks() else { return }
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory async throws in
                var cli = CLIProcess(in: directory, baseURL: server.baseURL)
                cli.environment["XDG_CACHE_HOME"] = directory.file("cache").path
                cli.environment["COCOACASTS_TOKEN_STORE"] = "file"
                let (fetched, networked) = try await Self.opened(Self.libraries, by: ["episodes"], cli)
                #expect(fetched.status == 0, "\(fetched.stderr)")
                #expect(networked == ["libcurl.so"], "\(networked)")
                let (saved, offline) = try await Self.opened(Self.libraries, by: ["episodes", "--offline"], cli)
                #expect(saved.status == 0 && saved.stdout.contains("556\tAuthenticating the Users\t"))
                #expect(offline.isEmpty, "\(offline)")
            }
        }
    }
}
