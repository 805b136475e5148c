import Foundation
import Ports

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// URLSession's failures as the port's ``/Ports/TransportError``, by their codes.
enum URLErrorMapping {
    static func transportError(for failure: any Error) -> TransportError {
        guard let error = failure as? URLError else {
            return TransportError(failure is CancellationError ? .cancelled : .other, String(describing: failure))
        }
        let detail = libraryText(of: error)
        return TransportError(cause(of: error.code, detail: detail), detail)
    }

    private static func cause(of code: URLError.Code, detail: String) -> TransportError.Cause {
        switch code {
        case .cancelled: .cancelled
        case .timedOut: .timedOut
        case .cannotConnectToHost: .cannotConnect
        case .cannotFindHost, .dnsLookupFailed: .hostNotFound
        case .networkConnectionLost: .connectionLost
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff: .offline
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateHasUnknownRoot,
            .serverCertificateNotYetValid:
            .untrustedCertificate
        case .secureConnectionFailed, .clientCertificateRejected, .clientCertificateRequired: .tlsFailed
        case .dataLengthExceedsMaximum: .tooLarge
        case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData, .cannotDecodeRawData,
            .zeroByteResource:
            .malformed
        case .unknown: linuxTLSCause(detail)
        default: .other
        }
    }

    /// The one place a cause is read from words: swift-corelibs-foundation reports every
    /// libcurl failure it has no code for — a TLS one among them — as code -1, with libcurl's
    /// words alone. (The libcurl transport reads libcurl's own codes instead.)
    private static func linuxTLSCause(_ detail: String) -> TransportError.Cause {
        let lowered = detail.lowercased()
        if lowered.contains("certificate") { return .untrustedCertificate }
        if lowered.contains("ssl") || lowered.contains("tls") { return .tlsFailed }
        return .other
    }

    /// The networking library's own description (curl's on Linux), or the code when it gives none.
    private static func libraryText(of error: URLError) -> String {
        let text = (error.userInfo[NSLocalizedDescriptionKey] as? String)?.trimmingCharacters(in: .whitespaces) ?? ""
        return text.isEmpty ? "URLError \(error.code.rawValue)" : text
    }
}
