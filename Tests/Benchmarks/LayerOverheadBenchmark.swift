import CocoacastsAPI
import Domain
import Foundation
import Ports

/// A transport that answers every request with the same bytes, instantly.
struct FixedResponseTransport: HTTPTransport {
    let body: Data

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        HTTPResponse(status: 200, body: body)
    }
}

/// No access token: the episodes need none.
struct NoToken: AccessTokenProvider {
    var accessToken: String? {
        get async throws(StoreError) { nil }
    }
}

/// 1. The layer in process: `APIClient.episodes()` over a transport returning the
/// fixture's bytes, versus decoding the same bytes. Target: at most 5 µs added.
enum LayerOverheadBenchmark {
    static func run(runs: Int) async throws -> Row {
        let body = try Data(contentsOf: Paths.fixture("episodes-catalog"))
        let configuration = try APIConfiguration(baseURL: URL(string: "https://api.example.com/api/v1")!, apiToken: "t")
        let client = APIClient(
            configuration: configuration, accessTokenProvider: NoToken(), transport: FixedResponseTransport(body: body))
        let comparison = try await Harness.compare(
            Variant("APIClient.episodes()", operations: 500) { _ = try await client.episodes() },
            Variant("JSONDecoder().decode", operations: 500) {
                _ = try JSONDecoder().decode([Episode].self, from: body)
            },
            runs: runs)
        let added = comparison.a.median - comparison.b.median
        return Row(
            benchmark: "1. layer overhead, in process", variants: [comparison.a, comparison.b], ratio: comparison.ratio,
            target: "adds ≤ 5 µs", measured: "adds " + Report.time(added), met: added <= 5e-6)
    }
}

/// Where the repository's files are, from this source file.
enum Paths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func fixture(_ name: String) -> URL {
        root.appendingPathComponent("Modules/Adapters/Stubs/Resources/\(name).json")
    }
}
