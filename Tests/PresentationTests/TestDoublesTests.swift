import Domain
import Observation
import TestSupport
import Testing

/// The doubles the view-model tests rely on behave as documented, so a passing
/// view-model test means what it says.
@MainActor
@Suite("SpyAPIService and ObservationRecorder")
struct TestDoublesTests {
    @Test func recordsCallsAndAnswersTheScript() async throws {
        let spy = SpyAPIService()
        spy.progressResult = .failure(.unauthorized)

        let tokens = try await spy.signIn(email: "a@b.co", password: "pw")
        await #expect(throws: APIError.unauthorized) { try await spy.progressForVideo(id: "9") }
        try await spy.deleteProgressForVideo(id: "9")

        #expect(tokens == SampleTokens.first)
        #expect(spy.calls.map(\.operation) == [.signIn, .progressForVideo, .deleteProgressForVideo])
        #expect(spy.calls.first == .signIn(email: "a@b.co", password: SpyAPIService.Password("pw")))
        #expect(spy.calls.first != .signIn(email: "a@b.co", password: SpyAPIService.Password("other")))
    }

    @Test func neverDescribesAPassword() {
        let call = SpyAPIService.Call.signIn(email: "a@b.co", password: SpyAPIService.Password("hunter2"))
        var dumped = ""
        dump(call, to: &dumped)

        #expect(call.description == "signIn(email: a@b.co, password: <redacted>)")
        #expect(!String(reflecting: call).contains("hunter2"))
        #expect(!dumped.contains("hunter2"))
    }

    @Test func aHeldCallAnswersTheResultScriptedWhenItWasMade() async throws {
        let spy = SpyAPIService()
        spy.episodesResult = .success([Samples.episode(id: 1)])
        spy.holdNextCall()
        let held = Task { try await spy.episodes() }
        try await spy.waitUntilCalled()
        #expect(spy.gate.heldCount == 1)

        spy.episodesResult = .success([])
        spy.release()

        #expect(try await held.value.map(\.id) == [1])
        #expect(try await spy.episodes().isEmpty)
    }

    @Test(arguments: [false, true])
    func cancellingAHeldCall(ignoresCancellation: Bool) async throws {
        let spy = SpyAPIService()
        spy.ignoresCancellation = ignoresCancellation
        spy.holdNextCall()
        let held = Task { () async -> Result<[Episode], APIError> in
            do throws(APIError) { return .success(try await spy.episodes()) } catch { return .failure(error) }
        }
        try await spy.waitUntilCalled()

        held.cancel()
        if ignoresCancellation {
            #expect(spy.gate.heldCount == 1)
            spy.release()
            #expect(try await held.value.get() == [])
        } else {
            #expect(await held.value == .failure(.cancelled))
        }
    }

    @Test func waitingForACallThatNeverComesThrowsInTime() async {
        let spy = SpyAPIService(timeout: .milliseconds(20))

        await #expect(throws: SpyTimeout.self) { try await spy.waitUntilCalled() }
    }

    @Test func recordsSuccessiveDistinctValuesThroughObservation() async throws {
        let counter = Counter()
        let recorder = ObservationRecorder { counter.value }

        counter.value = 1
        try await recorder.waitForValues([0, 1])
        counter.value = 1
        counter.value = 2
        try await recorder.waitForValues([0, 1, 2])
        #expect(recorder.latest == 2)
    }

    @Test func waitingForValuesThatNeverComeThrowsInTime() async {
        let counter = Counter()
        let recorder = ObservationRecorder(timeout: .milliseconds(20)) { counter.value }

        await #expect(throws: SpyTimeout.self) { try await recorder.waitForValues([0, 1]) }
    }
}

@MainActor
@Observable
private final class Counter {
    var value = 0
}
