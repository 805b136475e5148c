import Domain
import Ports
import Stubs

/// Where a preview's API comes from: a ready-made ``PreviewScenario``, or a working
/// ``StubAPIService`` with one operation failing, for the failures no scenario covers.
enum ServiceSetup: Sendable {
    case scenario(PreviewScenario)
    /// A service where only `operation` fails, with `error`.
    case failing(APIOperation, APIError)
    /// A service that answers nothing until the call is cancelled: where a loading
    /// screen is caught, so that drawing it can never wait for an answer.
    case unanswered

    /// How long ``unanswered`` takes: far longer than anything waits.
    static let unansweredLatency: Duration = .seconds(86_400)

    /// The service, answering with `content`; its failures come with the cause a real
    /// client would give (see ``TypicalCause``).
    func service(content: PreviewContent) -> StubAPIService {
        switch self {
        case .scenario(let scenario): TypicalCause.given(to: scenario.service(content: content))
        case .failing(let operation, let error):
            StubAPIService(
                content: content, failures: [operation: TypicalCause.given(to: error, on: operation)])
        case .unanswered: StubAPIService(content: content, latency: Self.unansweredLatency)
        }
    }
}
