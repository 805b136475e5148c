import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What went wrong, as an ``/Domain/APIError``: the Cocoacasts series' kind and the cause that says what
/// really happened.
enum ErrorTranslation {
    /// 2xx is no error; 401 is `unauthorized`, anything else `failedRequest`, each with the
    /// status and the reason the server's error body gives (any secret of the request
    /// redacted from it).
    /// `secrets` is asked for only when there is an error: reading them costs header lookups.
    static func error(forStatus status: Int, body: Data, redacting secrets: () -> [String]) -> APIError? {
        guard !(200..<300).contains(status) else { return nil }
        let cause = APIError.Cause.status(status, reason: reason(in: body, redacting: secrets()))
        return status == 401 ? .unauthorized(cause) : .failedRequest(cause)
    }

    /// What a transport failure of a request to `url` means to a user: its cause decides,
    /// and the library's words are kept for the message.
    static func error(for failure: TransportError, url: URL, timeout: TimeInterval, limit: Int) -> APIError {
        let host = url.host ?? "the server"
        let port = Origin(url)?.port ?? 0
        switch failure.cause {
        case .cancelled: return .cancelled
        case .timedOut: return .unreachable(.timedOut(seconds: timeout))
        case .cannotConnect:
            return .unreachable(.cannotConnect(host: host, port: port, detail: reasonOnly(failure.detail)))
        case .hostNotFound: return .unreachable(.hostNotFound(host))
        case .connectionLost: return .unreachable(.connectionLost(host: host, port: port))
        case .offline: return .unreachable(.offline)
        case .untrustedCertificate: return .unknown(.untrustedCertificate(failure.detail))
        case .tlsFailed: return .unknown(.tlsFailed(failure.detail))
        case .tooLarge: return .invalidResponse(.tooLarge(limit: limit))
        case .malformed:
            return .invalidResponse(.undecodable("it is not a well-formed HTTP answer (\(failure.detail))"))
        case .other: return .unknown(.transport(failure.detail))
        }
    }

    /// curl's "Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't connect to server"
    /// without the part the message already says: "Couldn't connect to server".
    private static func reasonOnly(_ detail: String) -> String {
        guard let colon = detail.ranges(of: ": ").last else { return detail }
        return String(detail[colon.upperBound...])
    }

    /// The `reason` of an error body `{"error": true, "reason": "…"}`: at most 300
    /// characters, with every secret of the request replaced by `<redacted>`, so a server
    /// that echoes a credential cannot make the client print it.
    private static func reason(in body: Data, redacting secrets: [String]) -> String? {
        guard body.count <= 64 << 10, let decoded = try? JSONDecoder().decode(ErrorResponse.self, from: body) else {
            return nil  // not the API's error body (an HTML page from a proxy, say): the status says it all
        }
        // Redacted before it is cut short, so that no part of a secret at the cut remains.
        var reason = Array(decoded.reason.trimmingWhitespace().utf8)
        // Compared in bytes: a comparison of `Character`s would miss a secret whose last letter
        // a combining mark after it joins into another character.
        for secret in secrets where secret.utf8.count >= 4 {
            reason = reason.replacing(secret.utf8, with: "<redacted>".utf8)
        }
        let shown = String(String(decoding: reason, as: UTF8.self).prefix(300))
        return shown.isEmpty ? nil : shown
    }
}
