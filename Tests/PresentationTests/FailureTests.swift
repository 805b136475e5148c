import Domain
import Ports
import Presentation
import TestSupport
import Testing

@MainActor
@Suite("Failures are kept as values, so callers can act on their kind")
struct FailureTests {
    @Test(arguments: APIError.oneOfEachKind)
    func aLoadKeepsItsAPIError(error: APIError) async {
        let spy = SpyAPIService()
        spy.episodesResult = .failure(error)
        let model = EpisodesViewModel(apiService: spy)
        await model.fetchEpisodes()
        #expect(model.failure == (error == .cancelled ? nil : .api(error)))
    }

    @Test func aStoreThatCannotBeWrittenIsAStoreFailure() async {
        let values = SpyKeyValueStore()
        let failure = StoreError.io(path: "/x", detail: "read-only file system")
        values.fail(with: failure)
        let spy = SpyAPIService()
        spy.signInResult = .success(SampleTokens.first)
        let model = SignInViewModel(apiService: spy, tokenStore: KeyValueTokenStore(store: values))
        model.email = DemoAccount.email
        model.password = "pw"
        await model.signIn()
        #expect(model.failure == .store(failure))
        #expect(model.errorMessage == failure.description)
    }
}
