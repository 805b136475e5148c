import Domain
import Ports
import Stores

/// Ready-made situations for previews and tests: a service and a token store that
/// together put every screen in a known state.
public enum PreviewScenario: String, CaseIterable, Sendable {
    /// Nobody is signed in: public calls work, protected ones are unauthorized.
    case signedOut
    /// The demo user is signed in and everything works.
    case signedIn
    /// Signed in, and there are no episodes.
    case emptyList
    /// There is no network.
    case unreachable
    /// The server refuses the credentials and tokens.
    case unauthorized
    /// The server fails every request.
    case serverError
    /// Everything works, slowly (two seconds a call).
    case slow

    public static let slowLatency: Duration = .seconds(2)

    /// The service of this scenario, answering with `content`.
    public func service(content: PreviewContent) -> StubAPIService {
        var content = content
        var failures: [APIOperation: APIError] = [:]
        switch self {
        case .signedIn, .slow: break
        case .emptyList: content.episodes = []
        case .signedOut: failures = Self.protected(failingWith: .unauthorized)
        case .unauthorized:
            failures = Self.protected(failingWith: .unauthorized).merging([.signIn: .unauthorized]) { $1 }
        case .unreachable: failures = Self.every(failingWith: .unreachable)
        case .serverError: failures = Self.every(failingWith: .failedRequest)
        }
        return StubAPIService(
            content: content, failures: failures, latency: self == .slow ? Self.slowLatency : .zero)
    }

    /// A token store in the state of this scenario: signed in unless the scenario is about being signed out.
    public func tokenStore(content: PreviewContent) -> KeyValueTokenStore {
        .inMemory(holding: isSignedIn ? content.tokens : nil)
    }

    /// Whether the user starts signed in.
    public var isSignedIn: Bool {
        switch self {
        case .signedOut, .unauthorized: false
        case .signedIn, .emptyList, .unreachable, .serverError, .slow: true
        }
    }

    private static func protected(failingWith error: APIError) -> [APIOperation: APIError] {
        [.video: error, .progressForVideo: error, .updateProgressForVideo: error, .deleteProgressForVideo: error]
    }

    private static func every(failingWith error: APIError) -> [APIOperation: APIError] {
        Dictionary(uniqueKeysWithValues: APIOperation.allCases.map { ($0, error) })
    }
}
