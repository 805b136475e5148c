import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension APIEndpoint {
    /// The request to send, with every header the API expects.
    ///
    /// - Throws: `unauthorized` (`notSignedIn`), before anything is sent, when the endpoint
    ///   is protected and there is no access token ("exit early"); `failedRequest`
    ///   (`invalidRequest`) for an empty video id, which no route could answer.
    public func request(accessToken: String?, configuration: APIConfiguration) throws(APIError) -> HTTPRequest {
        if requiresAuthorization && (accessToken ?? "").isEmpty { throw .unauthorized(.notSignedIn) }
        if videoID?.isEmpty == true { throw .failedRequest(.invalidRequest("the video id is empty")) }
        var headers: HTTPHeaders = [
            "Accept": "application/json", "Content-Type": "application/json", "X-API-TOKEN": configuration.apiToken,
        ]
        headers["Authorization"] = authorization(accessToken: accessToken)
        return HTTPRequest(
            method: method.rawValue, url: url(below: configuration.baseURL), headers: headers, body: body,
            timeout: configuration.timeout, maximumResponseSize: configuration.maximumResponseSize)
    }

    /// The URL the request goes to below `baseURL`: its path exactly as sent, each path
    /// parameter percent-encoded once (`/videos/%20553` for " 553").
    public func url(below baseURL: URL) -> URL {
        let base = baseURL.absoluteString
        let separator = base.hasSuffix("/") ? "" : "/"
        // The path is already percent-encoded, so joining strings keeps it one segment per parameter.
        return URL(string: base + separator + path)!
    }

    private func authorization(accessToken: String?) -> String? {
        if case .auth(let email, let password) = self {
            return "Basic " + Data("\(email):\(password)".utf8).base64EncodedString()
        }
        return requiresAuthorization ? accessToken.map { "Bearer \($0)" } : nil
    }
}

extension APIEndpoint: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The method and path; passwords and refresh tokens never appear.
    public var description: String { "\(method.rawValue) \(path)" }

    /// The same as `description`.
    public var debugDescription: String { description }

    /// A mirror without the secret associated values.
    public var customMirror: Mirror {
        Mirror(self, children: ["method": method.rawValue, "path": path], displayStyle: .enum)
    }
}
