import Domain

extension APIError {
    /// One error of every kind, each with a cause as the HTTP client gives it.
    public static let oneOfEachKind: [APIError] = [
        .unknown(.untrustedCertificate("SSL certificate problem: self-signed certificate")),
        .unreachable(.timedOut(seconds: 30)),
        .unauthorized(.notSignedIn),
        .failedRequest(.status(503, reason: "Service Unavailable")),
        .invalidResponse(.undecodable("it is not valid JSON")),
        .cancelled,
    ]
}
