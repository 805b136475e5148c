import Domain
import Ports
import Stubs

/// The cause a real client gives with each error that the Stubs scenarios script without
/// one, so that a failure preview shows both lines the CLI prints: the screen's sentence,
/// then what really happened (`Could not connect to 127.0.0.1 port 8080 …`).
enum TypicalCause {
    /// `error` with the cause its kind typically has on `operation`; an error with a cause keeps it.
    static func given(to error: APIError, on operation: APIOperation) -> APIError {
        guard error.cause == nil else { return error }
        return switch error.kind {
        case .unreachable:
            .unreachable(.cannotConnect(host: "127.0.0.1", port: 8080, detail: "Couldn't connect to server"))
        case .failedRequest: APIError(.failedRequest, cause: .status(503, reason: "Service Unavailable"))
        case .unauthorized where operation == .signIn: APIError(.unauthorized, cause: .status(401, reason: nil))
        case .unauthorized: APIError(.unauthorized, cause: .notSignedIn)
        case .unknown, .invalidResponse, .cancelled: error
        }
    }

    /// `service` with each of its scripted failures given its typical cause.
    static func given(to service: StubAPIService) -> StubAPIService {
        service.signInResult = service.signInResult.mapError { given(to: $0, on: .signIn) }
        service.episodesResult = service.episodesResult.mapError { given(to: $0, on: .episodes) }
        service.videoResult = service.videoResult.mapError { given(to: $0, on: .video) }
        service.progressResult = service.progressResult.mapError { given(to: $0, on: .progressForVideo) }
        service.updateProgressResult = service.updateProgressResult?.mapError {
            given(to: $0, on: .updateProgressForVideo)
        }
        service.deleteProgressResult = service.deleteProgressResult.mapError {
            given(to: $0, on: .deleteProgressForVideo)
        }
        return service
    }
}
