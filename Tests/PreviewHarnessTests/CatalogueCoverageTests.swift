import Domain
import Ports
import Presentation
import Stubs
import Testing

@testable import cocoacasts_preview

@Suite("The catalogue shows every state of every view-model, and every message")
@MainActor
struct CatalogueCoverageTests {
    /// Every state each screen's view-model can be in. The switch is exhaustive, and
    /// each list is its `State.Kind.allCases`: a new screen or a new kind fails a test
    /// until a preview shows it.
    static func kinds(of screen: PreviewScreen) -> [String] {
        switch screen {
        case .episodes: EpisodesViewModel.State.Kind.allCases.map(\.rawValue)
        case .episode: [Catalogue.episodeDetailState]
        case .signIn: SignInViewModel.State.Kind.allCases.map(\.rawValue)
        case .video: VideoViewModel.State.Kind.allCases.map(\.rawValue)
        case .progress: VideoProgressViewModel.State.Kind.allCases.map(\.rawValue)
        case .profile: ProfileViewModel.State.Kind.allCases.map(\.rawValue)
        }
    }

    /// Where a screen's API failures are described; `nil` for screens that make no request.
    static func context(of screen: PreviewScreen) -> APIErrorMapper.Context? {
        switch screen {
        case .episodes: .episodes
        case .signIn: .signIn
        case .video: .video
        case .progress: .progress
        case .episode, .profile: nil
        }
    }

    /// The case of a store error, without its payload (exhaustive, so a new case fails to compile here).
    static func caseName(of error: StoreError) -> String {
        switch error {
        case .corrupt: "corrupt"
        case .insecurePermissions: "insecurePermissions"
        case .lockTimeout: "lockTimeout"
        case .io: "io"
        case .untrustedLocation: "untrustedLocation"
        }
    }

    /// Every preview with what it drew.
    static func renderings() async throws -> [(preview: Preview, rendering: Preview.Rendering)] {
        let content = try APIPreviewClient().content
        var renderings: [(preview: Preview, rendering: Preview.Rendering)] = []
        for preview in Catalogue.previews {
            renderings.append((preview, await preview.render(content: content)))
        }
        return renderings
    }

    @Test(arguments: PreviewScreen.allCases)
    func everyStateOfTheViewModelHasAPreview(screen: PreviewScreen) async throws {
        let shown = try await Self.renderings().filter { $0.preview.screen == screen }.map(\.rendering.state)
        let missing = Set(Self.kinds(of: screen)).subtracting(shown)
        #expect(missing.isEmpty, "no preview of \(screen.rawValue) shows \(missing.sorted())")
    }

    @Test(arguments: PreviewScreen.allCases)
    func everyAPIErrorMessageOfTheScreenHasAPreview(screen: PreviewScreen) async throws {
        let shown = try await Self.renderings().filter { $0.preview.screen == screen }.compactMap(\.rendering.message)
        let messages = Self.context(of: screen).map { context in
            APIError.Kind.allCases.compactMap { APIErrorMapper(error: APIError($0), context: context).message }
        }
        let missing = Set(messages ?? []).subtracting(shown)
        #expect(missing.isEmpty, "no preview of \(screen.rawValue) shows \(missing.sorted())")
    }

    @Test func everyStoreFailureHasAPreview() async throws {
        let renderings = try await Self.renderings()
        let caseNames = ["corrupt", "insecurePermissions", "lockTimeout", "io", "untrustedLocation"]
        #expect(StoreFailures.all.map(Self.caseName(of:)).sorted() == caseNames.sorted())
        let profile = Set(renderings.filter { $0.preview.screen == .profile }.compactMap(\.rendering.message))
        #expect(profile == Set(StoreFailures.all.map(\.description)))
        let signIn = renderings.filter { $0.preview.screen == .signIn }.compactMap(\.rendering.message)
        #expect(signIn.contains(StoreFailures.readOnly.description))
    }

    @Test func everyPreviewShowsTheStateItIsListedWithAndItsMessage() async throws {
        for (preview, rendering) in try await Self.renderings() {
            #expect(rendering.state == preview.state, "\(preview.name)")
            let isFailure = ["failed", "storeUnreadable", "signOutFailed"].contains(rendering.state)
            #expect((rendering.message != nil) == isFailure, "\(preview.name)")
            if let message = rendering.message { #expect(rendering.text.contains(message), "\(preview.name)") }
        }
    }

    @Test func namesAreUniqueAndMakeFileNames() {
        let names = Catalogue.previews.map(\.name)
        #expect(Set(names).count == names.count)
        for preview in Catalogue.previews {
            #expect(preview.name.hasPrefix(preview.screen.rawValue + "/"))
            #expect(preview.variant.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(preview.name)")
        }
    }

    /// The in-flight previews run against a service that answers after a day: only a
    /// preview that draws and cancels ever returns, within the time limit.
    @Test(.timeLimit(.minutes(1)))
    func inFlightPreviewsNeverWaitForAnAnswer() async throws {
        let content = try APIPreviewClient().content
        let inFlight = Catalogue.previews.filter { ["loading", "signingIn"].contains($0.state) }
        #expect(inFlight.count == 4)
        for preview in inFlight {
            #expect(await preview.render(content: content).state == preview.state)
        }
    }
}
