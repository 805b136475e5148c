/// HTTP statuses as people read them: `503 Service Unavailable`.
public enum HTTPStatus {
    /// The status's reason phrase from RFC 9110 (and a few common extensions), or `nil`.
    public static func phrase(for status: Int) -> String? {
        phrases[status]
    }

    /// `503 Service Unavailable`, with the server's `reason` in parentheses when it says
    /// more than the phrase: `403 Forbidden (Invalid API token)`.
    public static func describe(_ status: Int, reason: String?) -> String {
        let phrase = phrase(for: status)
        let named = phrase.map { "\(status) \($0)" } ?? "\(status)"
        guard let reason, !reason.isEmpty, reason.lowercased() != phrase?.lowercased() else { return named }
        return "\(named) (\(reason))"
    }

    private static let phrases: [Int: String] = [
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required",
        408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed",
        413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
        417: "Expectation Failed", 421: "Misdirected Request", 422: "Unprocessable Content", 425: "Too Early",
        426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
        431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported", 507: "Insufficient Storage",
        511: "Network Authentication Required",
    ]
}
