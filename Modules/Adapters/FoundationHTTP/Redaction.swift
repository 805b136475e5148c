import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Replaces secrets with `<redacted>` before anything is logged.
enum Redaction {
    /// Headers whose values are credentials.
    static let secretHeaders: Set<String> = [
        "authorization", "proxy-authorization", "x-api-token", "cookie", "set-cookie",
    ]

    /// Headers holding URLs, whose query values are redacted like the request's.
    static let urlHeaders: Set<String> = ["location", "content-location"]

    /// Headers sorted by name, credentials redacted.
    static func headers(_ fields: [String: String]?) -> [APIClientEvent.Header] {
        (fields ?? [:]).sorted { $0.key.lowercased() < $1.key.lowercased() }.map { name, value in
            APIClientEvent.Header(name: name, value: redacted(value, of: name.lowercased()))
        }
    }

    private static func redacted(_ value: String, of name: String) -> String {
        if secretHeaders.contains(name) { return "<redacted>" }
        if urlHeaders.contains(name) { return url(URL(string: value)) }
        return value
    }

    /// Response headers (`[AnyHashable: Any]`), sorted and redacted.
    static func headers(_ fields: [AnyHashable: Any]) -> [APIClientEvent.Header] {
        headers(
            Dictionary(
                fields.compactMap { key, value in (key as? String).map { ($0, "\(value)") } },
                uniquingKeysWith: { first, _ in first }))
    }

    /// The credentials `request` carries: the API token and the parameter of its
    /// `Authorization` header (a bearer token, or Basic's encoded e-mail and password).
    static func secrets(of request: URLRequest) -> [String] {
        let apiToken = request.value(forHTTPHeaderField: "X-API-TOKEN")
        let authorization = request.value(forHTTPHeaderField: "Authorization")?.split(separator: " ").last.map(
            String.init)
        return [apiToken, authorization].compactMap { $0 }
    }

    /// A URL without user info and with every query value redacted.
    static func url(_ url: URL?) -> String {
        guard let url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "<no url>"
        }
        components.user = nil
        components.password = nil
        components.queryItems = components.queryItems?.map { URLQueryItem(name: $0.name, value: "<redacted>") }
        return components.string ?? "<unprintable url>"
    }
}
