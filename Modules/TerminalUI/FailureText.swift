import Domain
import Presentation

/// A failure as the CLI tells it, in two lines: first what happened (as curl does) and,
/// where there is one, the next step; then the screen's sentence from the Cocoacasts series. The CLI
/// prints them on standard error, and the previews draw them on their failure cards.
///
/// ```text
/// The server answered 503 Service Unavailable. Try again later, or run with --verbose to see the exchange.
/// The list of episodes could not be fetched.
/// ```
///
/// The series' "You need to have a network connection." is left out unless the machine
/// really is offline: for a server that refused the connection or did not answer in time
/// it would send the user to check a network that works.
public struct FailureText: Equatable, Sendable {
    /// The lines, without the program's prefix.
    public let lines: [String]

    /// What was asked for, so that a 404 can name it.
    public struct Request: Equatable, Sendable {
        /// The URL, redacted (or the path on the built-in mock API).
        public let address: String
        /// What the request is for, when the user named it: `video 999`.
        public var subject: String?

        public init(address: String, subject: String? = nil) {
            self.address = address
            self.subject = subject
        }
    }

    /// The lines of `failure` on the screen of `context`, for `request` when it is known.
    /// A token store that failed on its own (storing a sign-in's tokens) reads like one
    /// that failed during a request.
    public init(_ failure: ScreenFailure, context: APIErrorMapper.Context, request: Request? = nil) {
        let error = Self.error(of: failure)
        let headline = APIErrorMapper(error: error, context: context).message ?? "Interrupted."
        guard let cause = error.cause else {
            lines = [headline]
            return
        }
        let saysOffline = error.kind == .unreachable && cause != .offline
        lines = [Self.explain(error, cause, context: context, request: request)] + (saysOffline ? [] : [headline])
    }

    /// The API error `failure` is, a store's failure as the cause of an unknown one.
    public static func error(of failure: ScreenFailure) -> APIError {
        switch failure {
        case .api(let error): error
        case .store(let error): .unknown(.store(error))
        }
    }

    /// What happened, and the next step.
    private static func explain(
        _ error: APIError, _ cause: APIError.Cause, context: APIErrorMapper.Context, request: Request?
    ) -> String {
        if cause == .nothingSaved {
            return "No list of episodes is saved for this server, and --offline sends nothing. "
                + "Run the command once without --offline."
        }
        if case .status(404, let reason) = cause, let request {
            let answered = "answered \(HTTPStatus.describe(404, reason: reason)) for \(request.address)"
            guard let subject = request.subject else { return "The server \(answered). Check the base URL." }
            return "There is no \(subject): the server \(answered). See `cocoacasts episodes`."
        }
        if case .store(let storeError) = cause { return storeError.description }
        guard let step = nextStep(cause, context: context) else { return cause.description }
        return "\(cause) \(step)"
    }

    private static func nextStep(_ cause: APIError.Cause, context: APIErrorMapper.Context) -> String? {
        let verbose = "run with --verbose to see the exchange."
        switch cause {
        case .notSignedIn: return "Run `cocoacasts signin` first."
        case .sessionEnded: return "Run `cocoacasts signin` to sign in again."
        case .status(401, _) where context == .signIn: return "Check the e-mail address and the password."
        case .status(401, _): return "Run `cocoacasts signin` to sign in again."
        case .status(403, _):
            return
                "It refused the API token: check --api-token, COCOACASTS_API_TOKEN or the config file (cocoacasts config list)."
        case .status(404, _) where [.video, .progress, .progressUpdate].contains(context):
            return "Check the video id (`cocoacasts episodes` lists the episodes) and the base URL."
        case .status(404, _): return "Check the base URL."
        case .status(let status, _) where status >= 500: return "Try again later, or \(verbose)"
        case .status, .connectionLost: return "Try again, or \(verbose)"
        case .tooLarge, .transport: return "Run with --verbose to see the exchange."
        case .undecodable: return "Check that the base URL is the Cocoacasts API, or \(verbose)"
        case .cannotConnect: return "Check that the server is running and that the base URL is right."
        case .hostNotFound: return "Check the base URL and the network."
        case .offline: return "Connect to a network and try again."
        case .timedOut: return "Try again later, or allow more time with --timeout."
        case .untrustedCertificate:
            return "Trust its certificate authority with --cacert FILE (or config set cacert), "
                + "or add it to the system's trust store."
        case .tlsFailed: return "Check that the base URL's server speaks TLS (https)."
        case .redirectRefused: return "Check the base URL."
        case .invalidRequest, .store, .nothingSaved: return nil
        }
    }
}
