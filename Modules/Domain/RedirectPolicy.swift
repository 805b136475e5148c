#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Whether to follow a redirect, so that credentials never leave the origin they are for and
/// no request changes its meaning on the way: the one rule of the API client and of the
/// downloads' media, key and playlist requests. (A transport never follows one — Linux's
/// URLSession would copy every header onto it — and the caller decides here, before anything
/// is sent to the new address.)
public enum RedirectPolicy {
    /// The statuses that redirect.
    public static let statuses: Set<Int> = [301, 302, 303, 307, 308]
    /// The most redirects followed for one request.
    public static let maximumRedirects = 5
    /// The headers that carry credentials, which never go to another origin.
    public static let credentialHeaders = ["Authorization", "Proxy-Authorization", "X-API-TOKEN", "Cookie"]

    public enum Decision: Sendable, Equatable {
        /// Follow it to the URL given; without the credential headers when it leaves `home`.
        case follow(URL, credentialsRemoved: Bool)
        /// Do not, for the reason given in words (`it leads from https to plain http`).
        case refuse(String)
    }

    /// Whether the `method` request to `from`, answered `status`, goes on to `target`, after
    /// `redirects` redirects followed already; `home` is the origin its credentials are for.
    ///
    /// - Never from https to plain http, and plain http only from a loopback address to a
    ///   loopback address.
    /// - 301, 302 and 303 are followed for GET and HEAD only: turning a POST or a DELETE into a
    ///   GET, as browsers do, would report a change that was never made.
    /// - 307 and 308 keep the method and body, within the origin; to another origin only a
    ///   GET or a HEAD is followed, and without its credentials.
    public static func decide(
        method: String, from: URL, status: Int, to target: URL?, home: Origin?, redirects: Int
    ) -> Decision {
        guard redirects < maximumRedirects else { return .refuse("more than \(maximumRedirects) redirects in a row") }
        guard let target, let origin = Origin(target) else { return .refuse("not an http(s) URL") }
        let source = Origin(from)
        if origin.scheme == "http" {
            if source?.scheme == "https" { return .refuse("it leads from https to plain http") }
            guard origin.isLoopback, source?.isLoopback == true else {
                return .refuse("plain http is allowed only between loopback addresses")
            }
        }
        let safe = method == "GET" || method == "HEAD"
        if status < 307, !safe { return .refuse("a \(status) would turn the \(method) into a GET") }
        guard origin != home else { return .follow(target, credentialsRemoved: false) }
        guard safe else { return .refuse("a \(method) is not sent to another origin") }
        return .follow(target, credentialsRemoved: true)
    }
}
