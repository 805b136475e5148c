import Domain
import Ports
import Presentation
import TestSupport
import Testing

/// Every `State.Kind` of every loading view-model can be reached through its public API,
/// so the preview gallery can show each one; a new case without a way to reach it fails.
@MainActor
@Suite("State kinds")
struct StateKindTests {
    @Test func everyEpisodesKindIsReachable() async throws {
        var kinds: Set<EpisodesViewModel.State.Kind> = []
        for answer: Result<[Episode], APIError> in [
            .success([Samples.episode(id: 1)]), .success([]), .failure(.unknown),
        ] {
            let spy = SpyAPIService()
            spy.episodesResult = answer
            spy.holdNextCall()
            let viewModel = EpisodesViewModel(apiService: spy)
            kinds.insert(viewModel.state.kind)
            let fetch = Task { await viewModel.fetchEpisodes() }
            try await spy.waitUntilCalled()
            kinds.insert(viewModel.state.kind)
            spy.release()
            await fetch.value
            kinds.insert(viewModel.state.kind)
        }
        #expect(kinds == Set(EpisodesViewModel.State.Kind.allCases))
    }

    @Test func everySignInKindIsReachable() async throws {
        var kinds: Set<SignInViewModel.State.Kind> = []
        for answer: Result<SignInResponse, APIError> in [.success(SampleTokens.first), .failure(.unauthorized)] {
            let spy = SpyAPIService()
            spy.signInResult = answer
            spy.holdNextCall()
            let viewModel = SignInViewModel(apiService: spy, tokenStore: KeyValueTokenStore(store: SpyKeyValueStore()))
            kinds.insert(viewModel.state.kind)
            viewModel.email = Samples.email
            viewModel.password = Samples.password
            kinds.insert(viewModel.state.kind)
            let signIn = Task { await viewModel.signIn() }
            try await spy.waitUntilCalled()
            kinds.insert(viewModel.state.kind)
            spy.release()
            await signIn.value
            kinds.insert(viewModel.state.kind)
        }
        #expect(kinds == Set(SignInViewModel.State.Kind.allCases))
    }

    @Test func everyVideoKindIsReachable() async throws {
        var kinds: Set<VideoViewModel.State.Kind> = []
        for answer: Result<Video, APIError> in [.success(Samples.video(duration: 1)), .failure(.unauthorized)] {
            let spy = SpyAPIService()
            spy.videoResult = answer
            spy.holdNextCall()
            let viewModel = VideoViewModel(videoID: "1", apiService: spy)
            kinds.insert(viewModel.state.kind)
            let fetch = Task { await viewModel.fetchVideo() }
            try await spy.waitUntilCalled()
            kinds.insert(viewModel.state.kind)
            spy.release()
            await fetch.value
            kinds.insert(viewModel.state.kind)
        }
        #expect(kinds == Set(VideoViewModel.State.Kind.allCases))
    }

    @Test func everyVideoProgressKindIsReachable() async throws {
        var kinds: Set<VideoProgressViewModel.State.Kind> = []
        for answer: Result<VideoProgress, APIError> in [.success(SpyAPIService.sampleProgress), .failure(.unknown)] {
            let spy = SpyAPIService()
            spy.progressResult = answer
            spy.holdNextCall()
            let viewModel = VideoProgressViewModel(videoID: "1", apiService: spy)
            kinds.insert(viewModel.state.kind)
            let fetch = Task { await viewModel.fetchProgress() }
            try await spy.waitUntilCalled()
            kinds.insert(viewModel.state.kind)
            spy.release()
            await fetch.value
            kinds.insert(viewModel.state.kind)
        }
        #expect(kinds == Set(VideoProgressViewModel.State.Kind.allCases))
    }

    @Test func everyProfileKindIsReachable() async throws {
        let keyValueStore = SpyKeyValueStore()
        let tokenStore = KeyValueTokenStore(store: keyValueStore)
        var kinds: Set<ProfileViewModel.State.Kind> = []
        let viewModel = ProfileViewModel(tokenStore: tokenStore)
        kinds.insert(viewModel.state.kind)
        await viewModel.refresh()
        kinds.insert(viewModel.state.kind)
        try await tokenStore.setTokens(SampleTokens.first)
        await viewModel.refresh()
        kinds.insert(viewModel.state.kind)
        keyValueStore.fail(with: Samples.corruptStore)
        await viewModel.refresh()
        kinds.insert(viewModel.state.kind)
        let failingSignOut = ProfileViewModel(
            tokenStore: FailingResetTokenStore(pair: SampleTokens.first, resetError: Samples.ioFailure))
        await failingSignOut.signOut()
        kinds.insert(failingSignOut.state.kind)
        #expect(kinds == Set(ProfileViewModel.State.Kind.allCases))
    }
}
