import AsyncPrimitives
import Foundation
import PortContracts
import Ports
import TestSupport
import Testing

/// Every operation meets every cause, through the built `cocoacasts` and `Scripts/mock-api`
/// over real TCP (TLS from a certificate the test makes, a lock another process holds, a
/// token file that does not parse), and must say exactly what happened, with the status
/// the failure table promises (the CLI's catalog, "Failures and exit statuses").
@Suite("Every failure names its cause: operation × cause, real CLI against real servers")
struct FailureMatrixTests {
    typealias Operation = FailureMatrix.Operation
    typealias Cause = FailureMatrix.Cause

    /// Cells at once: each starts a server and several CLI processes, and 52 at once on two
    /// cores would starve every other test of the suite.
    static let cells = AsyncSemaphore(permits: 3)

    /// The hangs the cells guard against last two minutes — a challenge answered only by
    /// the client's timeout (`--timeout 120`), a held lock never given up on — and their
    /// bounds are half of that: far above what a run takes on a busy machine.
    static let hang: Duration = .seconds(120)

    @Test(arguments: Operation.allCases, Cause.allCases)
    func theCLISaysWhatHappened(operation: Operation, cause: Cause) async throws {
        try await Self.cells.withPermit { try await Self.run(operation, cause) }
    }

    private static func run(_ operation: Operation, _ cause: Cause) async throws {
        try await TemporaryDirectory.with { directory in
            var arguments: [String] = []
            if cause == .challenge401 { arguments += ["--www-authenticate", #"Basic realm="mock-api""#] }
            if cause == .untrustedCertificate {
                guard let tls = try await TLSCertificate.selfSigned(in: directory) else {
                    return try skip(because: "openssl is not installed, so no TLS server can be made")
                }
                arguments += ["--tls-cert", tls.certificate.path, "--tls-key", tls.key.path]
            }
            let server = try await MockAPIServer.start(arguments: arguments)
            let setting = FailureMatrix.Setting(server: server, cli: CLIProcess(in: directory, baseURL: server.baseURL))
            let expectation = FailureMatrix.expectation(operation, cause, in: setting)
            do {
                if expectation != .notApplicable {
                    try await Self.check(operation, cause, in: setting, expecting: expectation)
                }
                await server.stop()
            } catch {
                await server.stop()
                throw error
            }
        }
    }

    private static func check(
        _ operation: Operation, _ cause: Cause, in setting: FailureMatrix.Setting,
        expecting expectation: FailureMatrix.Expectation
    ) async throws {
        var cli = setting.cli
        let lock = try await prepare(operation, cause, in: setting, cli: &cli)
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = try await cli.run(
            command(operation, cause) + options(cause),
            stdin: operation == .signIn ? password(cause) + "\n" : nil, timeout: killTimeout(cause))
        let elapsed = clock.now - start
        await lock?.release()
        switch expectation {
        case .failure(let lines, let status):
            #expect(outcome.stderr == lines.map { "cocoacasts: \($0)\n" }.joined())
            #expect(outcome.status == status)
            #expect(outcome.stdout.isEmpty)
        case .success:
            #expect(outcome.status == 0, "\(outcome.stderr)")
        case .successSaying(let notice):
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stderr.contains(notice))
        case .notApplicable:
            break
        }
        // A challenge is answered at once (the message names the 401), never by the timeout.
        if cause == .challenge401 || cause == .wrongPassword { #expect(elapsed < Self.hang / 2) }
        // A held lock is waited for — and given up on after its bound, which the message names.
        if cause == .lockedStore && operation != .episodes {
            #expect(elapsed >= .seconds(FailureMatrix.lockWait) && elapsed < Self.hang / 2)
        }
    }

    /// Signs in where the operation needs a token, then brings the cause about; returns a
    /// lock another process holds, if the cause is one.
    private static func prepare(
        _ operation: Operation, _ cause: Cause, in setting: FailureMatrix.Setting, cli: inout CLIProcess
    ) async throws -> ProcessLock? {
        let server = setting.server
        let needsSignIn = operation.isProtected || (operation == .signIn && cause == .lockedStore)
        if cause == .untrustedCertificate {
            if operation.isProtected { try storeTokens(for: server.baseURL, in: cli) }
        } else if needsSignIn || cause == .corruptStore {
            #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
        }
        let fault: MockAPIFault? =
            switch cause {
            case .challenge401 where operation != .signIn:
                .status(401, reason: "Unauthorized", route: operation.route, count: -1)
            case .serverError500: .status(500, reason: "database unavailable", route: operation.route, count: -1)
            case .badGateway502:
                .status(
                    502, body: "<html><body><h1>502 Bad Gateway</h1></body></html>",
                    headers: ["Content-Type": "text/html"], route: operation.route, count: -1)
            case .unavailable503: .status(503, reason: "down for maintenance", route: operation.route, count: -1)
            case .malformedBody: .malformed(route: operation.route, count: -1)
            case .timeout: .latency(4, route: operation.route)
            default: nil
            }
        if let fault { try await server.admin.inject(fault) }
        switch cause {
        case .notFound404 where !operation.isProtected:
            cli.baseURL = server.baseURL.deletingLastPathComponent().appendingPathComponent("v2")
        case .refusedConnection:
            await server.stop()
        case .corruptStore:
            try Data("{broken".utf8).write(to: cli.store)
        case .lockedStore:
            if operation.isProtected { try await server.admin.expireAccessTokens() }  // a refresh needs the lock
            return try await ProcessLock.hold(setting.store + ".lock")
        default:
            break
        }
        return nil
    }

    private static func command(_ operation: Operation, _ cause: Cause) -> [String] {
        let videoID = cause == .notFound404 ? "999999999" : "632759499"  // nine digits: a video id, as words are not
        switch operation {
        case .signIn: return ["signin", "--email", DemoAccount.email, "--password-stdin"]
        case .episodes: return ["episodes"]
        case .video: return ["video", videoID]
        case .progress: return ["progress", videoID]
        }
    }

    private static func options(_ cause: Cause) -> [String] {
        switch cause {
        case .timeout: ["--timeout", "1"]
        case .lockedStore: ["--timeout", "2"]
        case .apiToken403: ["--api-token", "not-the-api-token", "--timeout", "20"]
        case .challenge401, .wrongPassword: ["--timeout", "\(Int(hang.components.seconds))"]
        default: ["--timeout", "20"]
        }
    }

    /// A run that guards against a hang is killed only a minute after the hang's length, so
    /// that a hang ends (by the client's timeout, or the kill) well past its bound.
    private static func killTimeout(_ cause: Cause) -> Duration {
        [.challenge401, .wrongPassword, .lockedStore].contains(cause) ? hang + .seconds(60) : CLIProcess.killTimeout
    }

    private static func password(_ cause: Cause) -> String {
        cause == .wrongPassword || cause == .challenge401 ? "not-the-password" : DemoAccount.password
    }

    /// A token pair for `baseURL`'s origin in the token file, as a sign-in would have left it.
    private static func storeTokens(for baseURL: URL, in cli: CLIProcess) throws {
        let origin = "\(baseURL.scheme!)://\(baseURL.host!):\(baseURL.port!)"
        let document = #"{"version": 1, "values": {"\#(origin)#accessToken": "a1", "\#(origin)#refreshToken": "r1"}}"#
        try FileManager.default.createDirectory(
            at: cli.store.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try Data(document.utf8).write(to: cli.store)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: cli.store.path)
    }
}
