import Domain
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What went wrong, as an ``APIError``: the series' kind and the cause that says what
/// really happened.
enum FailureMapping {
    /// 2xx is no error; 401 is `unauthorized`, anything else `failedRequest`, each with the
    /// status and the reason the server's error body gives (any secret of the request
    /// redacted from it).
    /// `secrets` is asked for only when there is an error: reading them costs header lookups.
    static func error(forStatus status: Int, body: Data, redacting secrets: () -> [String]) -> APIError? {
        guard !(200..<300).contains(status) else { return nil }
        let cause = APIError.Cause.status(status, reason: reason(in: body, redacting: secrets()))
        return status == 401 ? .unauthorized(cause) : .failedRequest(cause)
    }

    /// What a transport failure of a request to `url` means to a user.
    static func error(for failure: any Error, url: URL?, timeout: TimeInterval, limit: Int) -> APIError {
        if failure is CancellationError { return .cancelled }
        guard let urlError = failure as? URLError else {
            return .unknown(.transport(String(describing: failure)))
        }
        let host = url?.host ?? "the server"
        let port = url.flatMap(Origin.init)?.port ?? 0
        let detail = libraryText(of: urlError)
        switch urlError.code {
        case .cancelled:
            return .cancelled
        case .timedOut:
            return .unreachable(.timedOut(seconds: timeout))
        case .cannotConnectToHost:
            return .unreachable(.cannotConnect(host: host, port: port, detail: reasonOnly(detail)))
        case .cannotFindHost, .dnsLookupFailed:
            return .unreachable(.hostNotFound(host))
        case .networkConnectionLost:
            return .unreachable(.connectionLost(host: host, port: port))
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff:
            return .unreachable(.offline)
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateHasUnknownRoot,
            .serverCertificateNotYetValid:
            return .unknown(.untrustedCertificate(detail))
        case .secureConnectionFailed, .clientCertificateRejected, .clientCertificateRequired:
            return .unknown(.tlsFailed(detail))
        case .dataLengthExceedsMaximum:
            return .invalidResponse(.tooLarge(limit: limit))
        case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData, .cannotDecodeRawData,
            .zeroByteResource:
            return .invalidResponse(.undecodable("it is not a well-formed HTTP answer (\(detail))"))
        default:
            return unclassified(detail)
        }
    }

    /// Whether a transport failure is a lost connection, which an idempotent request may retry.
    static func isConnectionLoss(_ failure: any Error) -> Bool {
        (failure as? URLError)?.code == .networkConnectionLost
    }

    /// Linux's URLSession reports TLS failures from libcurl as code -1 (`unknown`), with
    /// the TLS library's words as the description; those words tell the cause.
    private static func unclassified(_ detail: String) -> APIError {
        let lowered = detail.lowercased()
        if lowered.contains("certificate") { return .unknown(.untrustedCertificate(detail)) }
        if lowered.contains("ssl") || lowered.contains("tls") { return .unknown(.tlsFailed(detail)) }
        return .unknown(.transport(detail))
    }

    /// The networking library's own description (curl's on Linux), or the code when it gives none.
    private static func libraryText(of error: URLError) -> String {
        let text = (error.userInfo[NSLocalizedDescriptionKey] as? String)?.trimmingCharacters(in: .whitespaces) ?? ""
        return text.isEmpty ? "URLError \(error.code.rawValue)" : text
    }

    /// curl's "Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't connect to server"
    /// without the part the message already says: "Couldn't connect to server".
    private static func reasonOnly(_ detail: String) -> String {
        guard let colon = detail.range(of: ": ", options: .backwards) else { return detail }
        return String(detail[colon.upperBound...])
    }

    /// The `reason` of an error body `{"error": true, "reason": "…"}`: at most 300
    /// characters, with every secret of the request replaced by `<redacted>`, so a server
    /// that echoes a credential cannot make the client print it.
    private static func reason(in body: Data, redacting secrets: [String]) -> String? {
        guard body.count <= 64 << 10, let decoded = try? JSONDecoder().decode(ErrorResponse.self, from: body) else {
            return nil  // not the API's error body (an HTML page from a proxy, say): the status says it all
        }
        var reason = String(decoded.reason.trimmingCharacters(in: .whitespacesAndNewlines).prefix(300))
        for secret in secrets where secret.count >= 4 {
            reason = reason.replacingOccurrences(of: secret, with: "<redacted>")
        }
        return reason.isEmpty ? nil : reason
    }
}
