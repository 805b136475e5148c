import CocoacastsAPI
import Domain
import Foundation
import PortContracts
import TestSupport
import Testing

/// Hostile bodies through the client's decoding path: each ends in a value or
/// `invalidResponse`, never a crash (a crash would end the test run).
@Suite("Fuzzing the decoding path with mutated fixtures")
struct DecodingFuzzTests {
    static let mutationsPerFixture = 10_000

    /// The operation that decodes each fixture.
    static let operations: [(fixture: String, call: @Sendable (APIClient) async throws(APIError) -> Void)] = [
        ("episodes-catalog", { client throws(APIError) in _ = try await client.episodes() }),
        ("episodes", { client throws(APIError) in _ = try await client.episodes() }),
        ("video", { client throws(APIError) in _ = try await client.video(id: "1") }),
        ("auth-success", { client throws(APIError) in _ = try await client.signIn(email: "e@x.io", password: "p") }),
        ("video-progress", { client throws(APIError) in _ = try await client.progressForVideo(id: "1") }),
        (
            "update-progress-for-video",
            { client throws(APIError) in _ = try await client.updateProgressForVideo(id: "1", cursor: 1) }
        ),
        ("auth-failure", { client throws(APIError) in _ = try await client.signIn(email: "e@x.io", password: "p") }),
    ]

    @Test(arguments: operations.indices)
    func mutatedBodiesDecodeOrAreInvalidResponses(index: Int) async throws {
        let (fixture, call) = Self.operations[index]
        let original = try Fixtures.data(named: fixture)
        let seed = UInt64(index + 1) * 7_919
        let outcomes = try await withThrowingTaskGroup(of: [String: Int].self) { group in
            for lane in 0..<4 {
                group.addTask {
                    var mutator = JSONMutator(seed: seed &+ UInt64(lane))
                    var counts: [String: Int] = [:]
                    for _ in 0..<(Self.mutationsPerFixture / 4) {
                        await Task.yield()  // share the runtime's threads with the tests running beside this one
                        let body = mutator.mutate(original)
                        let client = TestClient.make(SpyTransport(status: 200, body: body), retryPolicy: .none)
                        do throws(APIError) {
                            try await call(client)
                            counts["value", default: 0] += 1
                        } catch {
                            counts[Self.outcome(error), default: 0] += 1
                        }
                    }
                    return counts
                }
            }
            return try await group.reduce(into: [String: Int]()) { $0.merge($1, uniquingKeysWith: +) }
        }
        #expect(outcomes.values.reduce(0, +) == Self.mutationsPerFixture)
        #expect(Set(outcomes.keys).isSubset(of: ["value", "invalidResponse"]), "\(outcomes)")
        #expect(outcomes["invalidResponse", default: 0] > 0)
    }

    /// `invalidResponse` for an error whose cause is `undecodable` in one of the client's own
    /// phrases (which name a field, never a value of the body); otherwise the error itself.
    static func outcome(_ error: APIError) -> String {
        guard error.kind == .invalidResponse, case .undecodable(let detail) = error.cause,
            detail.hasPrefix("the field ") || detail.hasPrefix("it is ")
        else { return "\(error)" }
        return "invalidResponse"
    }
}
