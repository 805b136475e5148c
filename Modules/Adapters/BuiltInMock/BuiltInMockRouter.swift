import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The mock API's behaviour in process, following the contract the Python server in
/// `Scripts/mock-api` follows (and passing the same contract suite): the API token
/// check, the demo account, Basic sign-in, rotating refresh tokens with reuse detection,
/// access-token expiry, protected videos and per-user progress.
struct BuiltInMockRouter: Sendable {
    struct Response {
        let status: Int
        let body: Data
        var headers: [String: String] = [:]

        static func json(_ status: Int, _ value: some Encodable) -> Response {
            // The API's bodies are plain values that always encode.
            Response(status: status, body: (try? JSONEncoder().encode(value)) ?? Data())
        }

        static func failure(_ status: Int, _ reason: String) -> Response {
            json(status, ErrorResponse(reason: reason))
        }
    }

    let account: BuiltInMockTransport.Account
    let apiToken: String
    let accessTokenLifetime: TimeInterval
    let state: any KeyValueStore
    let now: @Sendable () -> Date
    /// Where the videos' media are served; without it they lead to Vimeo, off the machine.
    let media: BuiltInMediaServer?

    /// The catalogue, parsed once per process when first needed.
    static let catalogue: [Episode] =
        (try? JSONDecoder().decode([Episode].self, from: Data(CatalogueFixture.json.utf8))) ?? []

    /// The answer to `method path`, where `path` is below the base path and still
    /// percent-encoded (`videos/1/progress`), and the names of `headers` are lower-cased.
    func respond(method: String, path: String, headers: [String: String], body: Data) async -> Response {
        guard let route = BuiltInMockRoute(method: method, path: path) else {
            return .failure(404, "Not Found")
        }
        if case .methodNotAllowed = route { return .failure(405, "Method Not Allowed") }
        guard headers["x-api-token"] == apiToken else { return .failure(403, "Invalid API token") }
        do {
            return try await respond(to: route, headers: headers, body: body)
        } catch {
            // The state this mock keeps on the user's disk could not be used: say so, as a
            // real server's error body would, so the user learns which file and why.
            return .failure(500, "the built-in mock API could not keep its state: \(error)")
        }
    }

    private func respond(to route: BuiltInMockRoute, headers: [String: String], body: Data) async throws(StoreError)
        -> Response
    {
        switch route {
        case .episodes:
            return Self.episodes(ifNoneMatch: headers["if-none-match"])
        case .signIn:
            return try await signIn(authorization: headers["authorization"])
        case .refresh:
            return try await refresh(body: body)
        case .video(let id), .progress(let id, _):
            guard let user = try await user(authorization: headers["authorization"]) else {
                return .failure(401, "Unauthorized")
            }
            guard let episode = Self.catalogue.first(where: { $0.videoID == id }) else {
                return .failure(404, "Not Found")
            }
            if case .progress(_, let method) = route {
                return try await progress(method, user: user, videoID: id, body: body)
            }
            let videoURL: URL
            do throws(MediaServerError) {
                videoURL =
                    try media?.mediaURL(ofVideo: episode.videoID)
                    ?? URL(string: "https://player.vimeo.com/external/\(episode.videoID).m3u8")!
            } catch {
                return .failure(500, error.description)
            }
            return .json(200, Video(duration: episode.videoDuration, videoURL: videoURL, imageURL: episode.imageURL))
        case .methodNotAllowed:
            return .failure(405, "Method Not Allowed")
        }
    }

    /// The catalogue with its validator and freshness, as `Scripts/mock-api` serves it:
    /// `304` without a body when `If-None-Match` names the current `ETag`.
    static func episodes(ifNoneMatch: String?) -> Response {
        let headers = ["ETag": entityTag, "Cache-Control": "max-age=60"]
        let tags = (ifNoneMatch ?? "").split(separator: ",").map { String($0.trimmingWhitespace()) }
        if tags.contains(entityTag) || tags.contains("*") {
            return Response(status: 304, body: Data(), headers: headers)
        }
        return Response(status: 200, body: Data(CatalogueFixture.json.utf8), headers: headers)
    }

    /// The catalogue's `ETag`: a 64-bit FNV-1a hash of its bytes, quoted.
    static let entityTag: String = {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in CatalogueFixture.json.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "\"" + String(hash, radix: 16) + "\""
    }()

    private func user(authorization: String?) async throws(StoreError) -> String? {
        guard let token = Credentials.bearer(authorization) else { return nil }
        return BuiltInMockState.decode(from: try await state.values(forKeys: [BuiltInMockState.key])).user(
            accessToken: token, at: now())
    }
}
