import Domain
import Ports
import Stores
import Stubs
import Testing

@Suite("StubAPIService and the preview scenarios")
struct StubAPIServiceTests {
    static let content = try! APIPreviewClient().content  // the bundled fixtures load (see APIPreviewClientTests)

    @Test(arguments: APIOperation.allCases, APIError.Kind.allCases.map { APIError($0) })
    func anyOperationFailsWithAnyError(operation: APIOperation, error: APIError) async {
        let service = StubAPIService(content: Self.content, failures: [operation: error])
        await #expect(throws: error) { try await Self.call(operation, on: service) }
        for other in APIOperation.allCases where other != operation {
            await #expect(throws: Never.self) { try await Self.call(other, on: service) }
        }
    }

    @Test func latencyDelaysAndCancellationIsCancelled() async throws {
        let service = StubAPIService(content: Self.content, latency: .milliseconds(50))
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try await service.episodes().count == 12)
        #expect(clock.now - start >= .milliseconds(50))
        let slow = StubAPIService(content: Self.content, latency: .seconds(30))
        let task = Task { try await slow.episodes() }
        task.cancel()
        await #expect(throws: APIError.cancelled) { try await task.value }
    }

    @Test(arguments: PreviewScenario.allCases)
    func everyScenarioBehavesAsItsNameSays(scenario: PreviewScenario) async throws {
        let service = scenario.service(content: Self.content)
        let store = scenario.tokenStore(content: Self.content)
        #expect((try await store.tokens() != nil) == scenario.isSignedIn)
        switch scenario {
        case .signedIn, .slow:
            #expect(try await service.video(id: "1") == Self.content.video)
            #expect(service.latency == (scenario == .slow ? PreviewScenario.slowLatency : .zero))
        case .emptyList:
            #expect(try await service.episodes().isEmpty)
        case .signedOut:
            #expect(try await service.episodes().count == 12)
            await #expect(throws: APIError.unauthorized) { try await service.video(id: "1") }
        case .unauthorized:
            await #expect(throws: APIError.unauthorized) { try await service.requestTokens(email: "e", password: "p") }
        case .unreachable:
            await #expect(throws: APIError.unreachable) { try await service.episodes() }
        case .serverError:
            await #expect(throws: APIError.failedRequest) { try await service.episodes() }
        }
    }

    static func call(_ operation: APIOperation, on service: StubAPIService) async throws(APIError) {
        switch operation {
        case .signIn: _ = try await service.requestTokens(email: "e", password: "p")
        case .episodes: _ = try await service.episodes()
        case .video: _ = try await service.video(id: "1")
        case .progressForVideo: _ = try await service.progressForVideo(id: "1")
        case .updateProgressForVideo: _ = try await service.updateProgressForVideo(id: "1", cursor: 2)
        case .deleteProgressForVideo: try await service.deleteProgressForVideo(id: "1")
        }
    }
}
