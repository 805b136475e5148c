import Domain
import Foundation
import PortContracts
import Ports
import Stores
import Stubs
import Testing

@Suite("APIPreviewClient answers with the bundled fixtures")
struct APIPreviewClientTests {
    @Test("meets the API contract where it applies", arguments: APIServiceContract.casesForFixtures)
    func contract(_ check: APIServiceContract) async throws {
        try await check.run(on: .init(service: try APIPreviewClient(), tokenStore: KeyValueTokenStore.inMemory()))
    }

    @Test func everyOperationReturnsItsFixture() async throws {
        let client = try APIPreviewClient()
        let decoder = JSONDecoder()
        #expect(try await client.episodes() == decoder.decode([Episode].self, from: Fixtures.data(named: "episodes")))
        #expect(try await client.video(id: "x") == decoder.decode(Video.self, from: Fixtures.data(named: "video")))
        #expect(
            try await client.requestTokens(email: "a", password: "b")
                == decoder.decode(
                    TokenPair.self, from: Fixtures.data(named: "auth-success")))
        #expect(try await client.progressForVideo(id: "123").cursor == 124)
        #expect(
            try await client.updateProgressForVideo(id: "123", cursor: 1) == VideoProgress(videoID: "123", cursor: 124))
    }

    @Test func aMissingResourceIsAClearError() async throws {
        try await TemporaryDirectory.with { directory in
            let bundle = try #require(Bundle(path: directory.url.path))
            #expect(throws: PreviewFixtureError.missingResource("episodes.json")) {
                try APIPreviewClient(bundle: bundle)
            }
            #expect(PreviewFixtureError.missingResource("episodes.json").description.contains("episodes.json"))
        }
    }

    @Test func aBrokenResourceIsAClearError() async throws {
        try await TemporaryDirectory.with { directory in
            for name in Fixtures.names { try Fixtures.data(named: name).write(to: directory.file("\(name).json")) }
            try Data("[{]".utf8).write(to: directory.file("video.json"))
            let bundle = try #require(Bundle(path: directory.url.path))
            #expect(throws: PreviewFixtureError.invalidResource("video.json")) { try APIPreviewClient(bundle: bundle) }
        }
    }
}
