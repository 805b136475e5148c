import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the server said of the saved session when `status` asked it.
///
/// `status` proves the session with `GET /videos/{id}/progress` of the first video the
/// server's own catalogue lists (the saved list while it is fresh, else fetched — and saved,
/// as `episodes` would): the smallest answer that needs the access token (some 40 bytes),
/// and a read that changes nothing on the server. A constant id would be a guess: another server's catalogue has other videos,
/// and its 404 would read as a broken session. A refresh (`POST /auth/refresh`) would prove the
/// refresh token too, but it rotates the pair: a side effect, and one that races every
/// other process holding the old pair. An access token that expired goes through the
/// client's usual refresh, as with any command, so a session that can still be renewed
/// is "accepted".
enum SessionCheck: Equatable {
    /// The server answered the probe: the session works.
    case accepted
    /// The server refused it; `removed` when the client removed the saved tokens.
    case refused(removed: Bool, cause: String)
    /// No verdict: the server could not be reached in time, or answered something else.
    case unchecked(cause: String)
    /// `--offline`: the server was not asked.
    case skipped
    /// The token store failed during the check.
    case storeFailed(String)

    /// Asks `api` once, bounded by `timeout` seconds however the client retries or refreshes.
    static func ask(_ api: any APIService, timeout: TimeInterval) async -> SessionCheck {
        await withTaskGroup(of: SessionCheck?.self) { group in
            group.addTask {
                do throws(APIError) {
                    guard let probe = try await api.catalogue(policy: .normal).episodes.first?.videoID else {
                        return .unchecked(cause: "the server lists no episodes, whose progress would prove it")
                    }
                    _ = try await api.progressForVideo(id: probe)
                    return .accepted
                } catch {
                    return SessionCheck(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(timeout))  // cancelled: the check answered first
                return nil  // out of time, or the check answered
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .unchecked(cause: APIError.Cause.timedOut(seconds: timeout).description)
        }
    }

    init(_ error: APIError) {
        switch error.cause {
        case .sessionEnded, .notSignedIn:
            self = .refused(removed: true, cause: error.cause?.description ?? "")
        case .status(let status, _) where status == 401:
            self = .refused(removed: false, cause: error.cause?.description ?? "")
        case .store(let store):
            self = .storeFailed(store.description)
        case let cause?:
            self = .unchecked(cause: cause.description)
        case nil:
            self = .unchecked(cause: error.description)
        }
    }

    /// The exit status `status` ends with: 0 accepted (or not asked), 77 refused, 69 not checked.
    var status: ExitCode {
        switch self {
        case .accepted, .skipped: .success
        case .refused: .unauthorized
        case .unchecked: .unreachable
        case .storeFailed: .localState
        }
    }

    /// The `Session:` line of `status`.
    var summary: String {
        switch self {
        case .accepted: "accepted by the server"
        case .refused(true, _): "refused (the saved session was removed)"
        case .refused(false, let cause): "refused: \(cause)"
        case .unchecked(let cause): "could not be checked: \(cause)"
        case .skipped: "not checked (--offline)"
        case .storeFailed(let problem): "could not be checked: \(problem)"
        }
    }

    /// The verdict in `status --json`.
    var verdict: String {
        switch self {
        case .accepted: "accepted"
        case .refused: "refused"
        case .unchecked, .storeFailed: "unchecked"
        case .skipped: "skipped"
        }
    }
}
