import Domain
import PortContracts
import Ports
import Presentation
import Stores
import Stubs
import TestSupport
import Testing

@MainActor
@Suite("ProfileViewModel")
struct ProfileViewModelTests {
    let keyValueStore = FailingKeyValueStore(InMemoryKeyValueStore())
    var tokenStore: KeyValueTokenStore { KeyValueTokenStore(store: keyValueStore) }

    @Test func aNewViewModelIsCheckingUntilItHasReadTheStore() async throws {
        try await tokenStore.setTokens(SampleTokens.first)
        let viewModel = ProfileViewModel(tokenStore: tokenStore)
        #expect(viewModel.state == .checking)

        await viewModel.refresh()
        #expect(viewModel.state == .signedIn)
    }

    @Test func anEmptyStoreIsSignedOut() async {
        let viewModel = ProfileViewModel(tokenStore: tokenStore)
        await viewModel.refresh()

        #expect(viewModel.state == .signedOut)
    }

    @Test func aStoredPairIsSignedIn() async throws {
        try await tokenStore.setTokens(SampleTokens.first)

        let viewModel = ProfileViewModel(tokenStore: tokenStore)
        await viewModel.refresh()

        #expect(viewModel.state == .signedIn)
    }

    @Test(arguments: [Samples.corruptStore, Samples.ioFailure])
    func anUnreadableStoreShowsItsErrorAndIsNotSignedIn(error: StoreError) async throws {
        // Given a signed-in user whose store then becomes unreadable
        try await tokenStore.setTokens(SampleTokens.first)
        keyValueStore.fail(with: error)

        // When
        let viewModel = ProfileViewModel(tokenStore: tokenStore)
        await viewModel.refresh()

        // Then it says what is wrong rather than pretending the user signed out
        #expect(viewModel.state == .storeUnreadable(message: error.description))
    }

    @Test func refreshReadsTheStoreAgain() async throws {
        // Given an unreadable store
        keyValueStore.fail(with: Samples.corruptStore)
        let viewModel = ProfileViewModel(tokenStore: tokenStore)
        await viewModel.refresh()
        let states = ObservationRecorder { viewModel.state }

        // When it is repaired and someone signs in elsewhere
        keyValueStore.fail(with: nil)
        try await tokenStore.setTokens(SampleTokens.first)
        await viewModel.refresh()

        // Then
        try await states.waitForValues([.storeUnreadable(message: Samples.corruptStore.description), .signedIn])
    }

    @Test func signOutRemovesTheTokens() async throws {
        // Given a signed-in user
        try await tokenStore.setTokens(SampleTokens.first)
        let viewModel = ProfileViewModel(tokenStore: tokenStore)
        await viewModel.refresh()
        let states = ObservationRecorder { viewModel.state }

        // When
        await viewModel.signOut()

        // Then
        #expect(try await tokenStore.tokens() == nil)
        try await states.waitForValues([.signedIn, .signedOut])
    }

    @Test func aFailedSignOutOfAnUnreadableStoreShowsTheError() async throws {
        // Given a signed-in user whose store then fails
        try await tokenStore.setTokens(SampleTokens.first)
        let viewModel = ProfileViewModel(tokenStore: tokenStore)
        await viewModel.refresh()
        keyValueStore.fail(with: Samples.ioFailure)

        // When
        await viewModel.signOut()

        // Then the error shows, and nothing was removed
        #expect(viewModel.state == .storeUnreadable(message: Samples.ioFailure.description))
        keyValueStore.fail(with: nil)
        #expect(try await tokenStore.tokens() == SampleTokens.first)
    }

    @Test func aFailedResetOfAReadableStoreShowsTheResetError() async throws {
        // Given a store that reads but cannot remove
        let store = FailingResetTokenStore(pair: SampleTokens.first, resetError: Samples.ioFailure)
        let viewModel = ProfileViewModel(tokenStore: store)

        // When
        await viewModel.signOut()

        // Then
        #expect(viewModel.state == .signOutFailed(message: Samples.ioFailure.description))

        // And a later refresh that reads fine clears the error
        await viewModel.refresh()
        #expect(viewModel.state == .signedIn)
    }
}
