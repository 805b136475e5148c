import Domain
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The series' mapping of what went wrong to an ``APIError``.
enum FailureMapping {
    /// 2xx is no error, 401 `unauthorized`, anything else `failedRequest`.
    static func error(forStatus status: Int) -> APIError? {
        switch status {
        case 200..<300: nil
        case 401: .unauthorized
        default: .failedRequest
        }
    }

    /// What a transport failure means to a user.
    static func error(for failure: any Error) -> APIError {
        if failure is CancellationError { return .cancelled }
        guard let urlError = failure as? URLError else { return .unknown }
        switch urlError.code {
        case .cancelled:
            return .cancelled
        case .notConnectedToInternet, .cannotFindHost, .dnsLookupFailed, .cannotConnectToHost,
            .networkConnectionLost, .timedOut, .dataNotAllowed, .internationalRoamingOff:
            return .unreachable
        case .dataLengthExceedsMaximum, .badServerResponse, .cannotParseResponse, .cannotDecodeContentData,
            .cannotDecodeRawData, .zeroByteResource:
            return .invalidResponse
        default:
            return .unknown
        }
    }

    /// Whether a transport failure is a lost connection, which an idempotent request may retry.
    static func isConnectionLoss(_ failure: any Error) -> Bool {
        (failure as? URLError)?.code == .networkConnectionLost
    }
}
