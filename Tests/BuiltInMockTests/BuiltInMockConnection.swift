import BuiltInMock
import Foundation
import PortContracts
import Ports
import Stubs
import Synchronization

/// A clock tests move by hand.
final class ManualClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// The in-process stub as a ``MockAPIConnection``: requests go straight to the transport.
struct BuiltInMockConnection: MockAPIConnection {
    let clock = ManualClock()
    let state: any KeyValueStore
    let transport: BuiltInMockTransport

    init(state: any KeyValueStore = InMemoryKeyValueStore()) {
        let clock = self.clock
        self.state = state
        transport = BuiltInMockTransport(apiToken: Self.apiToken, state: state, now: { clock.now })
    }

    func send(_ method: String, _ path: String, headers: [String: String], body: Data?, apiToken: String?)
        async throws -> HTTPReply
    {
        var request = HTTPRequest(
            method: method, url: URL(string: BuiltInMockTransport.baseURL.absoluteString + path)!, body: body)
        if let apiToken { request.headers["X-API-TOKEN"] = apiToken }
        for (name, value) in headers { request.headers[name] = value }
        let response = try await transport.send(request)
        let fields = Dictionary(response.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        return HTTPReply(status: response.status, headers: fields, body: response.body)
    }

    func expireAccessTokens() async throws {
        clock.advance(by: 3_601)
    }
}
