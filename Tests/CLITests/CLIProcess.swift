import Foundation
import PortContracts
import TestSupport
import Testing

/// The built `cocoacasts` binary, run as a subprocess in a home of its own, with every
/// output kept for the secret audit.
struct CLIProcess {
    static let binary = BuiltProduct.url(named: "cocoacasts")

    let directory: TemporaryDirectory
    /// The server to talk to; `nil` for the built-in default.
    var baseURL: URL?
    /// Extra environment, such as `COCOACASTS_API_TOKEN`.
    var environment: [String: String] = [:]
    private let outputs = CallRecorder<String>()
    private let seenTokens = CallRecorder<String>()

    init(in directory: TemporaryDirectory, baseURL: URL? = nil, environment: [String: String] = [:]) {
        self.directory = directory
        self.baseURL = baseURL
        self.environment = environment
    }

    /// The secrets no output may show: the API token, and every token stored so far.
    private var secrets: [String] {
        [environment["COCOACASTS_API_TOKEN"] ?? "1772bb7bc78941e2b51c9c67d17ee76e"] + seenTokens.calls
    }

    /// The token file the runs share.
    var store: URL { directory.file("config/cocoacasts/credentials.json") }

    /// How long a run may take before it is killed (and the test fails): far more than a
    /// run takes on a busy machine. A test that guards against a longer hang passes its own.
    static let killTimeout: Duration = .seconds(30)

    /// Runs `cocoacasts arguments…` with `stdin`, `signalling` beside it (see ``ChildProcess``),
    /// killing it after `timeout`.
    @discardableResult
    func run(
        _ arguments: [String], stdin: String? = nil, timeout: Duration = Self.killTimeout,
        signalling: (@Sendable (ChildProcess.Signal) async throws -> Void)? = nil
    ) async throws -> ChildProcess.Outcome {
        try await run(Self.binary, arguments, stdin: stdin, timeout: timeout, signalling: signalling)
    }

    /// Runs `cocoacasts arguments…` under python3, which reports the run's peak resident
    /// memory in KiB (`ru_maxrss` of the waited-for child).
    func runMeasured(_ arguments: [String]) async throws -> (ChildProcess.Outcome, peakKiB: Int) {
        let report = directory.file("peak-rss-\(UUID().uuidString)")
        let outcome = try await runUnderPython(
            """
            status = subprocess.run(sys.argv[2:]).returncode
            open(sys.argv[1], "w").write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
            """, [report.path], arguments)
        return (outcome, Int(try String(contentsOf: report, encoding: .utf8)) ?? .max)
    }

    /// Runs `cocoacasts arguments…` with files limited to `bytes` (`RLIMIT_FSIZE`).
    func run(_ arguments: [String], fileSizeLimit bytes: Int) async throws -> ChildProcess.Outcome {
        try await runUnderPython(
            """
            limit = int(sys.argv[1])
            status = subprocess.run(
                sys.argv[2:], preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
            ).returncode
            """, ["\(bytes)"], arguments)
    }

    /// Runs `script` (which sets `status` from `subprocess.run(sys.argv[2:])`) with
    /// `resource`, `subprocess` and `sys` imported and `argument` as `sys.argv[1]`.
    private func runUnderPython(_ script: String, _ argument: [String], _ arguments: [String]) async throws
        -> ChildProcess.Outcome
    {
        let program = "import resource, subprocess, sys\n" + script + "\nsys.exit(status)\n"
        let python = URL(fileURLWithPath: "/usr/bin/env")
        return try await run(
            python, ["python3", "-c", program] + argument + [Self.binary.path] + arguments, stdin: nil, signalling: nil)
    }

    private func run(
        _ executable: URL, _ arguments: [String], stdin: String?, timeout: Duration = Self.killTimeout,
        signalling: (@Sendable (ChildProcess.Signal) async throws -> Void)?
    ) async throws -> ChildProcess.Outcome {
        storedTokens().forEach(seenTokens.record)
        let outcome = try await ChildProcess.run(
            executable, arguments, environment: processEnvironment, stdin: stdin, signalling: signalling,
            timeout: timeout)
        storedTokens().forEach(seenTokens.record)
        outputs.record(outcome.stdout)
        outputs.record(outcome.stderr)
        auditOutputs(for: secrets)
        #expect(!outcome.timedOut, "cocoacasts \(arguments.joined(separator: " ")) did not finish")
        return outcome
    }

    /// Runs `cocoacasts arguments…` on a pseudo-terminal `columns` wide, answering `answers`
    /// (see ``PseudoTerminal``), standard error there too unless `stderrToNull`; what the
    /// terminal showed is audited as every run's output is.
    func runOnTerminal(
        _ arguments: [String], answers: [[String]] = [], columns: Int = 80, stderrToNull: Bool = false,
        timeout: Duration
    ) async throws -> ChildProcess.Outcome {
        storedTokens().forEach(seenTokens.record)
        let outcome = try await PseudoTerminal.run(
            [Self.binary.path] + arguments, environment: processEnvironment, answers: answers, columns: columns,
            stderrToNull: stderrToNull, timeout: timeout)
        storedTokens().forEach(seenTokens.record)
        outputs.record(outcome.stdout)
        auditOutputs(for: secrets)
        return outcome
    }

    /// The environment each run gets: a home of its own, the extra variables, the server.
    var processEnvironment: [String: String] {
        var variables = [
            "HOME": directory.file("home").path, "XDG_CONFIG_HOME": directory.file("config").path,
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
        ]
        variables.merge(environment) { $1 }
        if let baseURL { variables["COCOACASTS_BASE_URL"] = baseURL.absoluteString }
        return variables
    }

    /// Signs in with `password` on stdin.
    @discardableResult
    func signIn(email: String = DemoAccount.email, password: String) async throws -> ChildProcess.Outcome {
        try await run(["signin", "--email", email, "--password-stdin"], stdin: password + "\n")
    }

    /// The tokens in the store now, to audit for.
    func storedTokens() -> [String] {
        guard let data = try? Data(contentsOf: store),
            let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let values = document["values"] as? [String: String]
        else { return [] }
        return values.filter { $0.key.hasSuffix("Token") }.map(\.value)  // not the account's e-mail address
    }

    /// Checks that no output of any run so far holds one of `secrets` (every run checks
    /// the API token and the tokens stored; tests add passwords).
    func auditOutputs(for secrets: [String]) {
        for output in outputs.calls {
            for secret in secrets where !secret.isEmpty {
                #expect(
                    SecretAudit.offset(of: secret, in: output) == nil,
                    "a secret of \(secret.count) characters reached an output")
            }
        }
    }
}
