import Domain
import Presentation

/// A failure as the CLI tells it: the screen's sentence, then one line that names the
/// cause and, where there is one, the next step; and the exit status the cause calls for.
///
/// ```text
/// cocoacasts: The list of episodes could not be fetched.
/// cocoacasts: The server answered 503 Service Unavailable. Try again later, or run with --verbose to see the exchange.
/// ```
struct FailureReport: Equatable {
    /// The lines to print on standard error, without the program's prefix.
    let lines: [String]
    let status: ExitCode

    /// The report of `failure` on the screen of `context`. A token store that failed on its
    /// own (storing a sign-in's tokens) reads like one that failed during a request.
    init(_ failure: Failure, context: APIErrorMapper.Context) {
        let error: APIError =
            switch failure {
            case .api(let error): error
            case .store(let error): .unknown(.store(error))
            }
        let headline = APIErrorMapper(error: error, context: context).message ?? "Interrupted."
        lines = [headline] + (error.cause.map { [Self.explain($0, context: context)] } ?? [])
        status = ExitCode(error)
    }

    /// The cause's sentence and the next step.
    private static func explain(_ cause: APIError.Cause, context: APIErrorMapper.Context) -> String {
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
        case .status(404, _) where context == .video || context == .progress:
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
        case .untrustedCertificate: return "Add its certificate authority to the system's trust store."
        case .tlsFailed: return "Check that the base URL's server speaks TLS (https)."
        case .redirectRefused: return "Check the base URL."
        case .invalidRequest, .store: return nil
        }
    }
}
