import Foundation
import PortContracts

/// The operations and causes of the failure matrix: how each cause is brought about
/// against `Scripts/mock-api` (or a stopped server, a TLS server, a held lock, a broken
/// file), and the exact lines and status `cocoacasts` must answer with.
enum FailureMatrix {
    enum Operation: String, CaseIterable, Sendable {
        case signIn, episodes, video, progress

        /// The headline of the screen for a failure of `kind`, as the Cocoacasts series words it.
        func headline(_ kind: Headline) -> String {
            switch (self, kind) {
            case (_, .network): "You need to have a network connection."
            case (.signIn, .refused): "The email/password combination is invalid."
            case (.signIn, .other): "You could not be signed in."
            case (.episodes, .refused), (.progress, .refused): "You need to be signed in."
            case (.episodes, .other): "The list of episodes could not be fetched."
            case (.video, .refused): "You need to be signed in to watch this episode."
            case (.video, .other): "The video could not be fetched."
            case (.progress, .other): "The video progress could not be fetched."
            }
        }

        /// The route a fault for this operation is injected on.
        var route: String {
            switch self {
            case .signIn: MockAPIRoute.signIn
            case .episodes: MockAPIRoute.episodes
            case .video: MockAPIRoute.video
            case .progress: MockAPIRoute.progress
            }
        }

        /// Whether the operation sends the stored access token.
        var isProtected: Bool { self == .video || self == .progress }
    }

    /// Which of the Cocoacasts series' sentences heads the message.
    enum Headline { case network, refused, other }

    enum Cause: String, CaseIterable, Sendable {
        case wrongPassword, challenge401, apiToken403, notFound404, serverError500, badGateway502
        case unavailable503, malformedBody, refusedConnection, timeout, untrustedCertificate, lockedStore
        case corruptStore
    }

    /// What the CLI must do.
    enum Expectation: Equatable {
        /// Exactly these lines on standard error (each after `cocoacasts: `), and this status.
        case failure([String], status: Int32)
        /// Success: the cause cannot touch this operation (listing episodes needs no token).
        case success
        /// Success, after saying this on standard error.
        case successSaying(String)
        /// The cause does not apply (a password is only sent by sign-in).
        case notApplicable
    }

    /// Where a cell runs: its server, its CLI, and the files the messages name.
    struct Setting {
        let server: MockAPIServer
        let cli: CLIProcess
        /// The token file's path.
        var store: String { cli.store.path }
    }

    static let lockWait = 7.0  // the CLI's `--timeout 2`, plus five seconds
    static let verbose = "run with --verbose to see the exchange."

    /// The lines of a failure: what happened first, then the Cocoacasts series' sentence for the
    /// screen, which the CLI leaves out when it is the network one (the cause says more).
    static func failure(_ headline: String, _ cause: String, status: Int32) -> Expectation {
        .failure(headline == Operation.signIn.headline(.network) ? [cause] : [cause, headline], status: status)
    }

    /// The expected outcome of `operation` meeting `cause`.
    static func expectation(_ operation: Operation, _ cause: Cause, in setting: Setting) -> Expectation {
        let port = setting.server.port
        let retry = "Try again later, or \(verbose)"
        switch cause {
        case .wrongPassword:
            guard operation == .signIn else { return .notApplicable }
            return failure(
                operation.headline(.refused),
                "The server answered 401 Unauthorized. Check the e-mail address and the password.", status: 77)
        case .challenge401:
            let next =
                operation == .signIn
                ? "Check the e-mail address and the password." : "Run `cocoacasts signin` to sign in again."
            return failure(operation.headline(.refused), "The server answered 401 Unauthorized. \(next)", status: 77)
        case .apiToken403:
            return failure(
                operation.headline(.other),
                "The server answered 403 Forbidden (Invalid API token). "
                    + "It refused the API token: check --api-token, COCOACASTS_API_TOKEN or the config file (cocoacasts config list).",
                status: 77)
        case .notFound404:
            let base = "http://127.0.0.1:\(port)/api/"
            let answered = "answered 404 Not Found for \(base)"
            let cause =
                switch operation {
                case .signIn: "The server \(answered)v2/auth. Check the base URL."
                case .episodes: "The server \(answered)v2/episodes. Check the base URL."
                case .video:
                    "There is no video 999999999: the server \(answered)v1/videos/999999999. "
                        + "See `cocoacasts episodes`."
                case .progress:
                    "There is no video 999999999: the server \(answered)v1/videos/999999999/progress. "
                        + "See `cocoacasts episodes`."
                }
            return failure(operation.headline(.other), cause, status: 1)
        case .serverError500:
            return failure(
                operation.headline(.other),
                "The server answered 500 Internal Server Error (database unavailable). \(retry)", status: 1)
        case .badGateway502:
            return failure(operation.headline(.other), "The server answered 502 Bad Gateway. \(retry)", status: 1)
        case .unavailable503:
            return failure(
                operation.headline(.other),
                "The server answered 503 Service Unavailable (down for maintenance). \(retry)", status: 1)
        case .malformedBody:
            return failure(
                operation.headline(.other),
                "The answer could not be read: it is not valid JSON. "
                    + "Check that the base URL is the Cocoacasts API, or \(verbose)", status: 1)
        case .refusedConnection:
            return failure(
                operation.headline(.network),
                "Could not connect to 127.0.0.1 port \(port) (Couldn't connect to server). "
                    + "Check that the server is running and that the base URL is right.", status: 69)
        case .timeout:
            return failure(
                operation.headline(.network),
                "The server did not answer within 1 s. Try again later, or allow more time with --timeout.", status: 69)
        case .untrustedCertificate:
            return failure(
                operation.headline(.other),
                "The server's TLS certificate is not trusted (SSL certificate problem: self-signed certificate). "
                    + "Trust its certificate authority with --cacert FILE (or config set cacert), "
                    + "or add it to the system's trust store.", status: 69)
        case .lockedStore:
            guard operation != .episodes else { return .success }
            return failure(
                operation.headline(.other),
                "Another process held the lock on \(setting.store).lock for more than \(lockWait) s. Try again.",
                status: 74)
        case .corruptStore:
            switch operation {
            case .episodes: return .success
            case .signIn: return .successSaying("The token file \(setting.store) was not valid")
            case .video, .progress:
                return failure(
                    operation.headline(.other),
                    "The token file \(setting.store) is not valid (not a credentials document). "
                        + "It was left untouched; signing in or out sets it aside, or remove it.", status: 74)
            }
        }
    }
}
