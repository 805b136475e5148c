import Domain
import Observation
import PortContracts
import Ports
import Stubs
import TestSupport
import Testing

/// The doubles the view-model tests rely on behave as documented, so a passing
/// view-model test means what it says.
@MainActor
@Suite("The scripted StubAPIService and ObservationRecorder")
struct TestDoublesTests {
    @Test func recordsCallsAndAnswersTheScript() async throws {
        let (spy, _) = Samples.scriptedService()
        spy.progressResult = .failure(.unauthorized)

        let tokens = try await spy.requestTokens(email: "a@b.co", password: "pw")
        await #expect(throws: APIError.unauthorized) { try await spy.progressForVideo(id: "9") }
        try await spy.deleteProgressForVideo(id: "9")

        #expect(tokens == SampleTokens.first)
        #expect(spy.calls.map(\.operation) == [.signIn, .progressForVideo, .deleteProgressForVideo])
        #expect(spy.calls.first == .requestTokens(email: "a@b.co", password: APICall.Password("pw")))
        #expect(spy.calls.first != .requestTokens(email: "a@b.co", password: APICall.Password("other")))
    }

    @Test func neverDescribesAPassword() {
        let call = APICall.requestTokens(email: "a@b.co", password: APICall.Password("hunter2"))
        var dumped = ""
        dump(call, to: &dumped)

        #expect(call.description == "requestTokens(email: a@b.co, password: <redacted>)")
        #expect(!String(reflecting: call).contains("hunter2"))
        #expect(!dumped.contains("hunter2"))
    }

    @Test func aHeldCallAnswersTheResultScriptedWhenItWasMade() async throws {
        let (spy, gate) = Samples.scriptedService()
        spy.episodesResult = .success([Samples.episode(id: 1)])
        gate.holdNext()
        let held = Task { try await spy.episodes() }
        try await gate.waitUntilCalled()
        #expect(gate.heldCount == 1)

        spy.episodesResult = .success([])
        gate.releaseAll()

        #expect(try await held.value.map(\.id) == [1])
        #expect(try await spy.episodes().isEmpty)
    }

    @Test(arguments: [false, true])
    func cancellingAHeldCall(ignoresCancellation: Bool) async throws {
        let (spy, gate) = Samples.scriptedService()
        spy.ignoresCancellation = ignoresCancellation
        gate.holdNext()
        let held = Task { () async -> Result<[Episode], APIError> in
            do throws(APIError) { return .success(try await spy.episodes()) } catch { return .failure(error) }
        }
        try await gate.waitUntilCalled()

        held.cancel()
        if ignoresCancellation {
            #expect(gate.heldCount == 1)
            gate.releaseAll()
            #expect(try await held.value.get() == [])
        } else {
            #expect(await held.value == .failure(.cancelled))
        }
    }

    @Test func waitingForACallThatNeverComesThrowsInTime() async {
        let (_, gate) = Samples.scriptedService(timeout: .milliseconds(20))

        await #expect(throws: SpyTimeout.self) { try await gate.waitUntilCalled() }
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
