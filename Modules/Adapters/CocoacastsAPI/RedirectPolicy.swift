import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Decides whether and how to follow a redirect, so credentials never leave the
/// configured origin and no request changes its meaning on the way. (A transport never
/// follows one — Linux's URLSession would copy every header onto it — and the client
/// decides here, before anything is sent to the new address.)
enum RedirectPolicy {
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The headers that carry credentials.
    static let credentialHeaders = ["Authorization", "Proxy-Authorization", "X-API-TOKEN", "Cookie"]

    enum Decision {
        case follow(HTTPRequest, credentialsRemoved: Bool)
        case refuse(String)
    }

    /// The request to send to `target`, or why not to.
    ///
    /// - Never from https to plain http, and plain http only from a loopback address to a
    ///   loopback address.
    /// - 301, 302 and 303 are followed for GET only: turning a POST or a DELETE into a GET,
    ///   as browsers do, would report a change that was never made.
    /// - 307 and 308 keep the method and body, within the origin; to another origin only a
    ///   GET is followed, and without its credentials.
    static func decide(_ request: HTTPRequest, status: Int, target: URL?, home: Origin) -> Decision {
        guard let target, let origin = Origin(target) else { return .refuse("not an http(s) URL") }
        let from = Origin(request.url)
        if origin.scheme == "http" {
            if from?.scheme == "https" { return .refuse("it leads from https to plain http") }
            guard origin.isLoopback, from?.isLoopback == true else {
                return .refuse("plain http is allowed only between loopback addresses")
            }
        }
        let method = request.method
        if status < 307, method != "GET" {
            return .refuse("a \(status) would turn the \(method) into a GET")
        }
        var next = request
        next.url = target
        guard origin != home else { return .follow(next, credentialsRemoved: false) }
        guard method == "GET" else { return .refuse("a \(method) is not sent to another origin") }
        for header in credentialHeaders { next.headers[header] = nil }
        return .follow(next, credentialsRemoved: true)
    }
}
