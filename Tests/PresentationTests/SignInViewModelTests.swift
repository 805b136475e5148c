import Domain
import PortContracts
import Ports
import Presentation
import Stores
import Stubs
import TestSupport
import Testing

@MainActor
@Suite("SignInViewModel")
struct SignInViewModelTests {
    let spy: SpyAPIService<StubAPIService>
    let gate: SpyGate
    /// The changes the sign-in stored.
    let recorded = SpyKeyValueStore(InMemoryKeyValueStore())
    let keyValueStore: FailingKeyValueStore
    let viewModel: SignInViewModel

    init() {
        (spy, gate) = Samples.scriptedService()
        keyValueStore = FailingKeyValueStore(recorded)
        viewModel = SignInViewModel(apiService: spy, tokenStore: KeyValueTokenStore(store: keyValueStore))
    }

    /// The stored pair, read back through a token store over the same key-value store.
    var storedTokens: TokenPair? {
        get async throws { try await KeyValueTokenStore(store: keyValueStore).tokens() }
    }

    /// The series' text for each error on the sign-in screen; `nil` for a cancellation.
    static func expectedMessage(for error: APIError) -> String? {
        switch error.kind {
        case .unreachable: "You need to have a network connection."
        case .unauthorized: "The email/password combination is invalid."
        case .unknown, .failedRequest, .invalidResponse: "You could not be signed in."
        case .cancelled: nil
        }
    }

    func fillInTheForm() {
        viewModel.email = Samples.email
        viewModel.password = Samples.password
    }

    @Test func startsWithAnEmptyFormThatCannotBeSent() {
        #expect(viewModel.email.isEmpty && viewModel.password.isEmpty)
        #expect(viewModel.state == .editing)
    }

    @Test(arguments: [
        ("bart@cocoacasts.com", "secret", true),
        ("bart@cocoacasts.com", "", false),
        ("bart@cocoacasts", "secret", false),
        ("not an e-mail", "secret", false),
        ("", "secret", false),
    ])
    func isReadyWithAValidEmailAndAPassword(email: String, password: String, expected: Bool) {
        viewModel.email = email
        viewModel.password = password

        #expect(viewModel.state == (expected ? .ready : .editing))
    }

    @Test func anInvalidEmailSendsNoRequest() async throws {
        // Given an invalid e-mail address and a password
        viewModel.email = "bart@cocoacasts"
        viewModel.password = Samples.password

        // When
        await viewModel.signIn()

        // Then nothing was sent, stored or changed
        #expect(spy.calls.isEmpty)
        #expect(recorded.appliedChanges.isEmpty)
        #expect(viewModel.state == .editing)
        #expect(viewModel.password == Samples.password)
    }

    @Test func successStoresBothTokensAndClearsThePassword() async throws {
        // Given a filled-in form and a service held open
        fillInTheForm()
        spy.signInResult = .success(SampleTokens.second)
        gate.holdNext()
        let states = ObservationRecorder { viewModel.state }

        // When the user signs in
        let signIn = Task { await viewModel.signIn() }
        try await gate.waitUntilCalled()

        // Then the screen shows progress, and the password is not in any description
        #expect(viewModel.state == .signingIn(wasSignedIn: false))
        #expect(!String(describing: viewModel).contains(Samples.password))
        #expect(!String(reflecting: viewModel).contains(Samples.password))
        var dumped = ""
        dump(viewModel, to: &dumped)
        #expect(!dumped.contains(Samples.password))
        #expect(!String(describing: spy.calls).contains(Samples.password))

        // When the service answers
        gate.releaseAll()
        await signIn.value

        // Then the e-mail and password were sent, both tokens stored, the password cleared
        #expect(spy.calls == [.requestTokens(email: Samples.email, password: APICall.Password(Samples.password))])
        #expect(try await storedTokens == SampleTokens.second)
        #expect(recorded.appliedChanges.count == 1)
        #expect(viewModel.password.isEmpty && viewModel.email == Samples.email)
        try await states.waitForValues([.ready, .signingIn(wasSignedIn: false), .signedIn])
    }

    @Test(arguments: APIError.oneOfEachKind)
    func aFailureShowsTheSeriesMessageAndClearsThePassword(error: APIError) async throws {
        // Given
        fillInTheForm()
        spy.signInResult = .failure(error)
        let states = ObservationRecorder { viewModel.state }

        // When
        await viewModel.signIn()

        // Then
        #expect(viewModel.password.isEmpty)
        #expect(try await storedTokens == nil)
        let shown: SignInViewModel.State =
            Self.expectedMessage(for: error).map { .failed(message: $0, .api(error), wasSignedIn: false) } ?? .editing
        try await states.waitForValues([.ready, .signingIn(wasSignedIn: false), shown])
    }

    @Test func aStoreFailureShowsTheStoresMessageAndSignsNobodyIn() async throws {
        // Given a store that cannot be written
        fillInTheForm()
        keyValueStore.fail(with: Samples.ioFailure)

        // When the API accepts the credentials
        await viewModel.signIn()

        // Then the store's message shows, kept as a store failure, and the user is not signed in
        #expect(
            viewModel.state
                == .failed(message: Samples.ioFailure.description, .store(Samples.ioFailure), wasSignedIn: false))
        #expect(viewModel.password.isEmpty)
        keyValueStore.fail(with: nil)
        #expect(try await storedTokens == nil)
    }

    @Test func aNewSignInClearsTheLastError() async throws {
        fillInTheForm()
        spy.signInResult = .failure(.unauthorized)
        await viewModel.signIn()
        #expect(
            viewModel.state
                == .failed(message: Self.expectedMessage(for: .unauthorized)!, .api(.unauthorized), wasSignedIn: false))

        viewModel.password = Samples.password
        spy.signInResult = .success(SampleTokens.first)
        gate.holdNext()
        let signIn = Task { await viewModel.signIn() }
        try await gate.waitUntilCalled(times: 2)

        #expect(viewModel.state == .signingIn(wasSignedIn: false))
        gate.releaseAll()
        await signIn.value
        #expect(viewModel.state == .signedIn)
    }

    @Test(arguments: [false, true])
    func aSecondSignInCancelsTheFirst(serviceIgnoresCancellation: Bool) async throws {
        // Given a first sign-in held open that would store the first pair
        fillInTheForm()
        spy.ignoresCancellation = serviceIgnoresCancellation
        spy.signInResult = .success(SampleTokens.first)
        gate.holdNext()
        let states = ObservationRecorder { viewModel.state }
        let first = Task { await viewModel.signIn() }
        try await gate.waitUntilCalled()

        // When a second sign-in runs to completion with another pair
        spy.signInResult = .success(SampleTokens.other)
        await viewModel.signIn()
        gate.releaseAll()
        await first.value

        // Then only the second's pair was ever stored
        #expect(recorded.appliedChanges.count == 1)
        #expect(try await storedTokens == SampleTokens.other)
        #expect(viewModel.password.isEmpty)
        try await states.waitForValues([.ready, .signingIn(wasSignedIn: false), .signedIn])
    }

    @Test func aSupersededSignInEndingLeavesTheNewestRunning() async throws {
        // Given two sign-ins held open, the second cancelling the first
        fillInTheForm()
        gate.holdNext(2)
        let first = Task { await viewModel.signIn() }
        try await gate.waitUntilCalled()
        let second = Task { await viewModel.signIn() }
        try await gate.waitUntilCalled(times: 2)

        // When the first has ended (cancelled)
        await first.value

        // Then the second is still signing in, and nothing was stored yet
        #expect(viewModel.state == .signingIn(wasSignedIn: false))
        #expect(recorded.appliedChanges.isEmpty)
        gate.releaseAll()
        await second.value
        #expect(viewModel.state == .signedIn)
        #expect(try await storedTokens == SampleTokens.first)
    }

    @Test(arguments: [false, true])
    func cancelStoresNothingShowsNoErrorAndClearsThePassword(serviceIgnoresCancellation: Bool) async throws {
        // Given a sign-in held open
        fillInTheForm()
        spy.ignoresCancellation = serviceIgnoresCancellation
        gate.holdNext()
        let states = ObservationRecorder { viewModel.state }
        let signIn = Task { await viewModel.signIn() }
        try await gate.waitUntilCalled()

        // When the user cancels
        viewModel.cancel()

        // Then the attempt is over at once, and a late answer stores nothing
        #expect(viewModel.state == .editing && viewModel.password.isEmpty)
        gate.releaseAll()
        await signIn.value
        #expect(recorded.appliedChanges.isEmpty)
        #expect(viewModel.state == .editing)
        try await states.waitForValues([.ready, .signingIn(wasSignedIn: false), .editing])
    }

    @Test func cancelWithNothingInFlightKeepsTheForm() {
        fillInTheForm()

        viewModel.cancel()

        #expect(viewModel.password == Samples.password)
        #expect(viewModel.state == .ready)
    }

    @Test func aCancelledAttemptAfterASignInShowsItSignedInAgain() async throws {
        // Given a sign-in that stored its tokens, then one that failed
        fillInTheForm()
        await viewModel.signIn()
        viewModel.password = Samples.password
        spy.signInResult = .failure(.unreachable)
        await viewModel.signIn()
        let message = Self.expectedMessage(for: .unreachable)!
        #expect(viewModel.state == .failed(message: message, .api(.unreachable), wasSignedIn: true))

        // When a third is cancelled
        viewModel.password = Samples.password
        gate.holdNext()
        let signIn = Task { await viewModel.signIn() }
        try await gate.waitUntilCalled(times: 3)
        #expect(viewModel.state == .signingIn(wasSignedIn: true))
        viewModel.cancel()
        gate.releaseAll()
        await signIn.value

        // Then the tokens of the first are still stored, and the form says so
        #expect(viewModel.state == .signedIn)
        #expect(try await storedTokens == SampleTokens.first)
    }
}
