import Domain
import Foundation
import PortContracts
import Testing

@Suite("Fixtures decode into the domain models")
struct FixtureDecodingTests {
    private let decoder = JSONDecoder()

    @Test func episodesListDecodes() throws {
        let episodes = try decoder.decode([Episode].self, from: Fixtures.data(named: "episodes"))
        #expect(episodes.count == 12)
        #expect(episodes[0].id == 1)
        #expect(episodes[0].title == "Customizing Views with Modifiers")
        #expect(episodes[0].videoDuration == 513)
        #expect(episodes[0].videoID == "595188603")
    }

    @Test func catalogueDecodesWithUniqueIdentifiers() throws {
        let catalogue = try decoder.decode([Episode].self, from: Fixtures.data(named: "episodes-catalog"))
        #expect(catalogue.count == 25)
        #expect(Set(catalogue.map(\.id)).count == 25)
        #expect(Set(catalogue.map(\.videoID)).count == 25)
        #expect(catalogue.first?.imageURL.host == "cdn.cocoacasts.com")
    }

    @Test func videoDecodes() throws {
        let video = try decoder.decode(Video.self, from: Fixtures.data(named: "video"))
        #expect(video.duration == 279)
        #expect(video.videoURL.absoluteString == "https://player.vimeo.com/external/417515716.m3u8")
    }

    @Test(arguments: ["video-progress", "update-progress-for-video"])
    func progressDecodes(fixture: String) throws {
        let progress = try decoder.decode(VideoProgress.self, from: Fixtures.data(named: fixture))
        #expect(progress == VideoProgress(videoID: "123", cursor: 124))
    }

    @Test func signInResponseDecodes() throws {
        let tokens = try decoder.decode(TokenPair.self, from: Fixtures.data(named: "auth-success"))
        #expect(tokens.accessToken == "3c50db664bac4a7586b23c13551f9ead")
        #expect(tokens.refreshToken == "b7ec02b3ea224fd4bc4195730995f953")
    }

    @Test func failureBodyDecodesAndIsNoTokenPair() throws {
        let body = try Fixtures.data(named: "auth-failure")
        #expect(try decoder.decode(ErrorResponse.self, from: body) == ErrorResponse(reason: "Unauthorized"))
        #expect(throws: DecodingError.self) { try decoder.decode(TokenPair.self, from: body) }
    }

    @Test func encodingKeepsTheAPIKeys() throws {
        let episode = try decoder.decode([Episode].self, from: Fixtures.data(named: "episodes"))[0]
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(episode)) as? [String: Any]
        #expect(Set(object?.keys ?? [:].keys) == ["id", "title", "excerpt", "imageURL", "videoDuration", "videoID"])
    }
}
