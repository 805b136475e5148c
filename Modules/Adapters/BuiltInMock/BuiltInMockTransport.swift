import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension BuiltInMockTransport.Account: CustomStringConvertible, CustomReflectable {
    /// The e-mail address; the password is redacted.
    public var description: String { "Account(email: \(email), password: <redacted>)" }

    /// A mirror without the password.
    public var customMirror: Mirror { Mirror(self, children: ["email": email, "password": "<redacted>"]) }
}

/// An ``/Ports/HTTPTransport`` that answers like the Cocoacasts API, in process: the real
/// `APIClient` runs over it with no server (the CLI's built-in default, previews, tests).
///
/// It follows the same contract as `Scripts/mock-api`. Sign-ins and progress live in the
/// given ``/Ports/KeyValueStore``: in memory by default, or a file, so that tokens issued in one
/// run of a program stay valid in the next. Requests are matched on the path below
/// `/api/v1/`, whatever the host.
public struct BuiltInMockTransport: HTTPTransport {
    /// The account that can sign in.
    public struct Account: Sendable, Equatable {
        /// The e-mail address.
        public let email: String
        public let password: String

        public init(email: String, password: String) {
            self.email = email
            self.password = password
        }

        /// The series' demo account.
        public static let demo = Account(email: "demo@cocoacasts.com", password: "cocoacasts")
    }

    /// A base URL for clients of the built-in API; `.invalid` never resolves, so nothing
    /// meant for the stub can reach a network.
    public static let baseURL = URL(string: "https://embedded.cocoacasts.invalid/api/v1")!

    private let router: BuiltInMockRouter
    private let latency: Duration

    /// Creates the in-process API.
    ///
    /// - Parameters:
    ///   - apiToken: the `X-API-TOKEN` it accepts.
    ///   - state: where sign-ins and progress are kept.
    ///   - accessTokenLifetime: seconds an access token stays valid.
    ///   - latency: a delay before every answer, for previews of slow networks.
    ///   - now: the clock that expires tokens.
    ///   - media: serves the videos' media on 127.0.0.1; without it a video's stream URL leads
    ///     to Vimeo, off the machine (enough for previews and for what reads the URL alone).
    public init(
        apiToken: String, state: any KeyValueStore, account: Account = .demo,
        accessTokenLifetime: TimeInterval = 3600, latency: Duration = .zero,
        now: @escaping @Sendable () -> Date = { Date() }, media: BuiltInMediaServer? = nil
    ) {
        router = BuiltInMockRouter(
            account: account, apiToken: apiToken, accessTokenLifetime: accessTokenLifetime, state: state, now: now,
            media: media)
        self.latency = latency
    }

    /// No engine and no wire: the API answers in this process.
    public var engine: String { "in-process mock API" }

    /// Answers `request` as the API would.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        do {
            if latency > .zero { try await Task.sleep(for: latency) }
            try Task.checkCancellation()
        } catch {
            throw TransportError(.cancelled, "cancelled")
        }
        // Refused as every transport on a wire refuses it, so that nothing passes here that would fail there.
        try request.headers.checkEveryFieldFitsOnOneLine()
        let response = await router.respond(
            method: request.method, path: Self.pathBelowAPI(request.url),
            headers: Dictionary(
                request.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first }),
            body: request.body ?? Data())
        guard response.body.count <= request.maximumResponseSize else {
            throw TransportError(.tooLarge, "the body passed \(request.maximumResponseSize) bytes")
        }
        var headers = response.headers.merging(["Content-Length": "\(response.body.count)"]) { $1 }
        if !response.body.isEmpty { headers["Content-Type"] = "application/json" }
        return HTTPResponse(status: response.status, headers: HTTPHeaders(headers), body: response.body)
    }

    /// `videos/1` for `…/api/v1/videos/1`, still percent-encoded; `""` when the path is not below `/api/v1/`.
    private static func pathBelowAPI(_ url: URL) -> String {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        guard let range = path.firstRange(of: "/api/v1/") else { return "" }
        return String(path[range.upperBound...])
    }
}
