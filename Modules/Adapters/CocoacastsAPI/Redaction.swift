import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Replaces secrets with `<redacted>` before anything is logged or echoed.
public enum Redaction {
    /// Headers whose values are credentials.
    static let secretHeaders: Set<String> = [
        "authorization", "proxy-authorization", "x-api-token", "cookie", "set-cookie",
    ]

    /// Headers holding URLs, whose query values are redacted like the request's.
    static let urlHeaders: Set<String> = ["location", "content-location"]

    /// Headers sorted by name, credentials redacted.
    static func headers(_ headers: HTTPHeaders) -> [APIClientEvent.Header] {
        headers.sorted { $0.name.lowercased() < $1.name.lowercased() }.map { field in
            APIClientEvent.Header(name: field.name, value: redacted(field.value, of: field.name.lowercased()))
        }
    }

    private static func redacted(_ value: String, of name: String) -> String {
        if secretHeaders.contains(name) { return "<redacted>" }
        if urlHeaders.contains(name) { return url(URL(string: value)) }
        return value
    }

    /// The credentials `request` carries: the API token and the parameter of its
    /// `Authorization` header (a bearer token, or Basic's encoded e-mail and password).
    static func secrets(of request: HTTPRequest) -> [String] {
        let apiToken = request.headers["X-API-TOKEN"]
        let authorization = request.headers["Authorization"]?.split(separator: " ").last.map(String.init)
        return [apiToken, authorization].compactMap { $0 }
    }

    /// A URL without user info, its query and fragment replaced by `<redacted>`: a signed
    /// URL carries its secret in a query name or value (`?sig_…=…`), a token in a fragment.
    static func url(_ url: URL?) -> String {
        guard let url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "<no url>"
        }
        let (query, fragment) = (components.percentEncodedQuery, components.percentEncodedFragment)
        components.user = nil
        components.password = nil
        components.percentEncodedQuery = nil
        components.percentEncodedFragment = nil
        guard let base = components.string else { return "<unprintable url>" }
        return base + (query == nil ? "" : "?<redacted>") + (fragment == nil ? "" : "#<redacted>")
    }
}
