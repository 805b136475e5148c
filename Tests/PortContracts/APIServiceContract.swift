import Domain
import Foundation
import Ports
import Testing

/// The behaviour every ``APIService`` must have.
///
/// ``cases`` is the full contract of a service backed by the API (the HTTP client over
/// the mock server or the in-process mock); ``casesForFixtures`` is the part that also
/// holds for a fixture-backed service, which signs nobody in or out.
public typealias APIServiceContract = Contract<APIServiceSubject>

/// A service under test, and the store it takes its tokens from (empty at the start).
public struct APIServiceSubject: Sendable {
    public let service: any APIService
    /// Where a sign-in's tokens go so that the service sends them.
    public let tokenStore: any TokenStore

    public init(service: any APIService, tokenStore: any TokenStore) {
        self.service = service
        self.tokenStore = tokenStore
    }

    /// Signs the demo user in and stores the tokens.
    func signIn() async throws {
        try await tokenStore.setTokens(
            try await service.requestTokens(email: DemoAccount.email, password: DemoAccount.password))
    }
}

extension Contract where Subject == APIServiceSubject {
    /// The whole contract, for services backed by the API.
    public static var cases: [APIServiceContract] { casesForFixtures + authenticationCases + progressCases }
}

/// The demo account of the mock API.
public enum DemoAccount {
    /// The demo e-mail address.
    public static let email = "demo@cocoacasts.com"
    public static let password = "cocoacasts"
    /// The series' API token, which the mock APIs accept by default.
    public static let apiToken = "1772bb7bc78941e2b51c9c67d17ee76e"
}

extension Contract where Subject == APIServiceSubject {
    /// The cases that hold for every service, fixture-backed ones included.
    public static var casesForFixtures: [APIServiceContract] {
        [
            APIServiceContract("episodes have unique ids and videos") { subject async throws in
                let episodes = try await subject.service.episodes()
                #expect(!episodes.isEmpty)
                #expect(Set(episodes.map(\.id)).count == episodes.count)
                #expect(Set(episodes.map(\.videoID)).count == episodes.count)
            },
            APIServiceContract("the demo account signs in") { subject async throws in
                let tokens = try await subject.service.requestTokens(
                    email: DemoAccount.email, password: DemoAccount.password)
                #expect(!tokens.accessToken.isEmpty && !tokens.refreshToken.isEmpty)
            },
            APIServiceContract("an episode's video plays once signed in") { subject async throws in
                let episode = try #require(try await subject.service.episodes().first)
                try await subject.signIn()
                let video = try await subject.service.video(id: episode.videoID)
                #expect(video.duration > 0)
                #expect(video.videoURL.scheme == "https")
            },
            APIServiceContract("progress can be read, saved and deleted once signed in") { subject async throws in
                let episode = try #require(try await subject.service.episodes().first)
                try await subject.signIn()
                let saved = try await subject.service.updateProgressForVideo(id: episode.videoID, cursor: 42)
                #expect(saved.cursor >= 0)
                _ = try await subject.service.progressForVideo(id: episode.videoID)
                try await subject.service.deleteProgressForVideo(id: episode.videoID)
            },
        ]
    }

    static var authenticationCases: [APIServiceContract] {
        [
            APIServiceContract("a wrong password is unauthorized") { subject async throws in
                await #expect(throws: APIError.unauthorized(.status(401, reason: "Unauthorized"))) {
                    try await subject.service.requestTokens(email: DemoAccount.email, password: "wrong")
                }
            },
            APIServiceContract("a video needs a signed-in user") { subject async throws in
                let episode = try #require(try await subject.service.episodes().first)
                await #expect(throws: APIError.unauthorized(.notSignedIn)) {
                    try await subject.service.video(id: episode.videoID)
                }
            },
            APIServiceContract("a video matches its episode; an unknown one fails") { subject async throws in
                let episodes = try await subject.service.episodes()
                try await subject.signIn()
                for episode in episodes.prefix(3) {
                    #expect(try await subject.service.video(id: episode.videoID).duration == episode.videoDuration)
                }
                let notFound = APIError.failedRequest(.status(404, reason: "Not Found"))
                await #expect(throws: notFound) { try await subject.service.video(id: "no-such-video") }
                await #expect(throws: notFound) { try await subject.service.video(id: "../auth") }
            },
        ]
    }

    static var progressCases: [APIServiceContract] {
        [
            APIServiceContract("progress round-trips and starts at zero") { subject async throws in
                let id = try #require(try await subject.service.episodes().last?.videoID)
                try await subject.signIn()
                #expect(try await subject.service.progressForVideo(id: id) == VideoProgress(videoID: id, cursor: 0))
                #expect(
                    try await subject.service.updateProgressForVideo(id: id, cursor: 42)
                        == VideoProgress(videoID: id, cursor: 42))
                #expect(try await subject.service.progressForVideo(id: id).cursor == 42)
                try await subject.service.deleteProgressForVideo(id: id)
                #expect(try await subject.service.progressForVideo(id: id).cursor == 0)
            },
            APIServiceContract("progress needs a signed-in user") { subject async throws in
                let id = try #require(try await subject.service.episodes().first?.videoID)
                let signedOut = APIError.unauthorized(.notSignedIn)
                await #expect(throws: signedOut) { try await subject.service.progressForVideo(id: id) }
                await #expect(throws: signedOut) { try await subject.service.updateProgressForVideo(id: id, cursor: 1) }
                await #expect(throws: signedOut) { try await subject.service.deleteProgressForVideo(id: id) }
            },
        ]
    }
}
