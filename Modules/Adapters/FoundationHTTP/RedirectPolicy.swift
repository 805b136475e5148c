import Domain
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Decides whether and how to follow a redirect, so credentials never leave the
/// configured origin. (Linux's URLSession copies every header onto a redirect; the
/// transport therefore never follows one and the client decides here.)
enum RedirectPolicy {
    /// The statuses that redirect.
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The headers that carry credentials.
    static let credentialHeaders = ["Authorization", "Proxy-Authorization", "X-API-TOKEN", "Cookie"]

    enum Decision {
        case follow(URLRequest, credentialsRemoved: Bool)
        case refuse(String)
    }

    /// The request to send to `target`, or why not to.
    ///
    /// 301, 302 and 303 turn a request other than GET into a body-less GET (as browsers
    /// do); 307 and 308 keep method and body. To another origin the credentials are
    /// removed, and a request with a body is not followed at all: its body may hold a
    /// secret (a refresh token).
    static func decide(_ request: URLRequest, status: Int, target: URL?, home: Origin) -> Decision {
        guard let target, let origin = Origin(target) else { return .refuse("not an http(s) URL") }
        var next = request
        next.url = target
        if [301, 302, 303].contains(status), request.httpMethod != "GET" {
            next.httpMethod = "GET"
            next.httpBody = nil
        }
        guard origin != home else { return .follow(next, credentialsRemoved: false) }
        if next.httpBody != nil {
            return .refuse("a request with a body is not sent to another origin")
        }
        for header in credentialHeaders { next.setValue(nil, forHTTPHeaderField: header) }
        return .follow(next, credentialsRemoved: true)
    }
}
