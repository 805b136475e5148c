import Domain

/// Why a screen's last operation failed: the API or the token store. A cancelled
/// request is no failure and is never stored as one.
public enum ScreenFailure: Error, Equatable, Sendable {
    /// The API call failed.
    case api(APIError)
    /// The token store could not be read or written.
    case store(StoreError)

    /// The failure of an API call, or `nil` when the call was only cancelled.
    init?(_ error: APIError) {
        guard error.kind != .cancelled else { return nil }
        self = .api(error)
    }

    /// The message for the user on the screen of `context`.
    func message(for context: APIErrorMapper.Context) -> String {
        switch self {
        case .api(let error): APIErrorMapper(error: error, context: context).message ?? ""
        case .store(let error): error.description
        }
    }
}
