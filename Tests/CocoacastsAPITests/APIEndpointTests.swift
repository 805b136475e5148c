import CocoacastsAPI
import Domain
import Foundation
import Ports
import Testing

@Suite("APIEndpoint builds every request")
struct APIEndpointTests {
    typealias Row = (endpoint: APIEndpoint, method: String, path: String, body: String?, authorization: String?)

    static let rows: [Row] = [
        (
            .auth(email: "demo@cocoacasts.com", password: "cocoacasts"), "POST", "/api/v1/auth", nil,
            "Basic ZGVtb0Bjb2NvYWNhc3RzLmNvbTpjb2NvYWNhc3Rz"
        ),
        (.refresh(refreshToken: "r-1"), "POST", "/api/v1/auth/refresh", #"{"refreshToken":"r-1"}"#, nil),
        (.episodes, "GET", "/api/v1/episodes", nil, nil),
        (.video(id: "632759499"), "GET", "/api/v1/videos/632759499", nil, "Bearer access-1"),
        (.progressForVideo(id: "7"), "GET", "/api/v1/videos/7/progress", nil, "Bearer access-1"),
        (
            .updateProgressForVideo(id: "7", cursor: 42), "POST", "/api/v1/videos/7/progress", #"{"cursor":42}"#,
            "Bearer access-1"
        ),
        (.deleteProgressForVideo(id: "7"), "DELETE", "/api/v1/videos/7/progress", nil, "Bearer access-1"),
    ]

    @Test(arguments: rows)
    func request(row: Row) throws {
        let request = try row.endpoint.request(accessToken: "access-1", configuration: TestClient.configuration())
        #expect(request.method == row.method)
        #expect(request.encodedPath == row.path)
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == row.body)
        #expect(request.headers["Authorization"] == row.authorization)
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.headers["X-API-TOKEN"] == TestClient.apiToken)
        #expect(request.timeout == 5)
    }

    @Test(arguments: rows.map(\.endpoint))
    func protectedEndpointsWithoutATokenFailBeforeAnythingIsBuilt(endpoint: APIEndpoint) throws {
        if endpoint.requiresAuthorization {
            for token in [nil, ""] {
                #expect(throws: APIError.unauthorized(.notSignedIn)) {
                    try endpoint.request(accessToken: token, configuration: TestClient.configuration())
                }
            }
        } else {
            let request = try endpoint.request(accessToken: nil, configuration: TestClient.configuration())
            #expect(request.headers["Authorization"]?.hasPrefix("Bearer") != true)
        }
    }

    @Test(arguments: [
        ("../auth", "%2E%2E%2Fauth"), ("a/b", "a%2Fb"), ("?x=1", "%3Fx%3D1"), ("%2F", "%252F"),
        ("🎬", "%F0%9F%8E%AC"), (".", "%2E"), ("..", "%2E%2E"), ("#top", "%23top"), ("a b", "a%20b"),
        ("\n", "%0A"), ("safe-_~09AZaz", "safe-_~09AZaz"),
    ])
    func hostileIDsStayOneSegment(id: String, encoded: String) throws {
        let configuration = TestClient.configuration()
        let video = try APIEndpoint.video(id: id).request(accessToken: "t", configuration: configuration)
        let progress = try APIEndpoint.progressForVideo(id: id).request(accessToken: "t", configuration: configuration)
        #expect(video.encodedPath == "/api/v1/videos/\(encoded)")
        #expect(progress.encodedPath == "/api/v1/videos/\(encoded)/progress")
        #expect(video.url.query == nil && video.url.fragment == nil)
    }

    @Test func anEmptyIDMakesNoRequest() {
        #expect(throws: APIError.failedRequest(.invalidRequest("the video id is empty"))) {
            try APIEndpoint.video(id: "").request(accessToken: "t", configuration: TestClient.configuration())
        }
    }

    @Test func onlyPostIsNotIdempotent() {
        let postEndpoints = Self.rows.map(\.endpoint).filter { !$0.isIdempotent }.map(\.method)
        #expect(postEndpoints == [.post, .post, .post])
    }

    @Test func descriptionsNeverShowPasswordsOrRefreshTokens() {
        for endpoint in [APIEndpoint.auth(email: "e@x.io", password: "hunter2"), .refresh(refreshToken: "r-secret")] {
            var dumped = ""
            dump(endpoint, to: &dumped)
            for text in ["\(endpoint)", String(reflecting: endpoint), dumped] {
                #expect(!text.contains("hunter2") && !text.contains("r-secret"))
            }
        }
    }
}
