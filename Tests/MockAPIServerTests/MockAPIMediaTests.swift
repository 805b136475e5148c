import Domain
import Foundation
import PortContracts
import Testing

/// `Scripts/mock-api --media`: a WAV of silence per video, as long as the episode, served
/// with byte ranges and without any credential, at the root of the server's origin.
@Suite("Mock API server: media (--media)")
struct MockAPIMediaTests {
    private static let video = Probe.knownVideoID
    private static let wavRate = 8000
    private static let headerSize = 44

    /// The episode's duration in the fixture.
    private static func duration(of videoID: String) throws -> Int {
        let episodes = try JSONDecoder().decode([Episode].self, from: Fixtures.data(named: "episodes-catalog"))
        return try #require(episodes.first { $0.videoID == videoID }).videoDuration
    }

    /// A request for `/media/…` with no API token.
    private func media(
        _ probe: Probe, _ method: String = "GET", _ name: String = "\(video).wav", headers: [String: String] = [:]
    ) async throws -> HTTPReply {
        try await probe.send(
            method, "/media/\(name)", headers: headers, apiToken: nil, baseURL: probe.server.admin.origin)
    }

    private func videoURL(_ server: MockAPIServer) async throws -> URL {
        let probe = Probe(server)
        let tokens = try await probe.signIn()
        return try await probe.get("/videos/\(Self.video)", bearer: tokens.accessToken).decode(Video.self).videoURL
    }

    @Test func withoutMediaTheVideoURLsAreUnchangedAndThereIsNoMediaRoute() async throws {
        try await MockAPIServer.with { server async throws in
            #expect(try await videoURL(server) == URL(string: "https://player.vimeo.com/external/\(Self.video).m3u8"))
            #expect(try await media(Probe(server)).status == 404)
        }
    }

    @Test func withMediaTheVideoURLPointsAtTheServerItself() async throws {
        try await MockAPIServer.with(arguments: ["--media"]) { server async throws in
            let url = try await videoURL(server)
            #expect(url == server.mediaURL(videoID: Self.video))
            #expect(url.absoluteString == "http://127.0.0.1:\(server.port)/media/\(Self.video).wav")
        }
    }

    @Test(
        "the WAV header says the episode's length, or the cap's",
        arguments: [([] as [String], nil as Int?), (["--media-seconds", "3"], 3)])
    func header(arguments: [String], cap: Int?) async throws {
        try await MockAPIServer.with(arguments: ["--media"] + arguments) { server async throws in
            let seconds = try cap ?? Self.duration(of: Self.video)
            let dataSize = Self.wavRate * seconds
            let reply = try await media(Probe(server), headers: ["Range": "bytes=0-43"])
            #expect(reply.status == 206)
            #expect(reply.header("Content-Range") == "bytes 0-43/\(Self.headerSize + dataSize)")
            let header = reply.body
            #expect(header.count == Self.headerSize)
            func word(_ offset: Int) -> Int { header[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | Int($1) } }
            func half(_ offset: Int) -> Int { Int(header[offset]) | Int(header[offset + 1]) << 8 }
            #expect(String(decoding: header[0..<4], as: UTF8.self) == "RIFF" && word(4) == 36 + dataSize)
            #expect(String(decoding: header[8..<16], as: UTF8.self) == "WAVEfmt ")
            let format: [Int] = [word(16), half(20), half(22), word(24), word(28), half(32), half(34)]
            #expect(format == [16, 1, 1, 8000, 8000, 1, 8])  // PCM, mono, 8 kHz, 8000 bytes/s, 8 bits
            #expect(String(decoding: header[36..<40], as: UTF8.self) == "data" && word(40) == dataSize)
        }
    }

    @Test func theWholeFileIsAllSilenceAfterItsHeaderAndHEADSaysItsLength() async throws {
        try await MockAPIServer.with(arguments: ["--media", "--media-seconds", "2"]) { server async throws in
            let probe = Probe(server)
            let whole = try await media(probe)
            #expect(whole.status == 200 && whole.header("Accept-Ranges") == "bytes")
            #expect(whole.body.count == Self.headerSize + 2 * Self.wavRate)
            #expect(whole.body.dropFirst(Self.headerSize).allSatisfy { $0 == 0x80 })
            let head = try await media(probe, "HEAD")
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(head.header("Content-Length") == String(Self.headerSize + 2 * Self.wavRate))
            #expect(head.header("Accept-Ranges") == "bytes" && head.header("Content-Type") == "audio/wav")
        }
    }

    @Test(
        "byte ranges",
        arguments: [
            ("bytes=44-99", 206, "bytes 44-99/8044", 56), ("bytes=8000-", 206, "bytes 8000-8043/8044", 44),
            ("bytes=-10", 206, "bytes 8034-8043/8044", 10), ("bytes=0-99999", 206, "bytes 0-8043/8044", 8044),
            ("bytes=8044-", 416, "bytes */8044", 0), ("bytes=9000-9999", 416, "bytes */8044", 0),
            ("bytes=-0", 416, "bytes */8044", 0), ("bytes=5-3", 200, nil, 8044), ("bytes=0-1,5-6", 200, nil, 8044),
            ("lines=0-1", 200, nil, 8044), ("bytes=١-٢", 200, nil, 8044),
        ] as [(String, Int, String?, Int)])
    func byteRanges(range: String, status: Int, contentRange: String?, length: Int) async throws {
        try await MockAPIServer.with(arguments: ["--media", "--media-seconds", "1"]) { server async throws in
            let reply = try await media(Probe(server), headers: ["Range": range])
            #expect(reply.status == status)
            #expect(reply.header("Content-Range") == contentRange)
            #expect(reply.header("Accept-Ranges") == "bytes")
            #expect(reply.body.count == length)
        }
    }

    @Test func anUnknownVideosMediaIsNotFound() async throws {
        try await MockAPIServer.with(arguments: ["--media"]) { server async throws in
            let probe = Probe(server)
            #expect(try await media(probe, "GET", "no-such-video.wav").status == 404)
            #expect(try await media(probe, "GET", "\(Self.video).mp3").status == 404)
            #expect(try await media(probe, "POST").status == 405)
        }
    }

    @Test func mediaNeedsNoCredentialAndTheAdminRoutesShowWhetherOneArrived() async throws {
        try await MockAPIServer.with(arguments: ["--media", "--media-seconds", "1"]) { server async throws in
            let probe = Probe(server)
            #expect(try await media(probe).status == 200)
            #expect(try await media(probe, "HEAD").status == 200)
            #expect(try await server.admin.count(MockAPIRoute.media) == 1)
            #expect(try await server.admin.count(MockAPIRoute.mediaHead) == 1)
            #expect(try await server.admin.count(MockAPIRoute.mediaCredentials) == 0)

            _ = try await media(probe, headers: ["Authorization": "Bearer not-for-a-cdn"])
            _ = try await probe.send(
                "GET", "/media/\(Self.video).wav", apiToken: Probe.apiToken, baseURL: server.admin.origin)
            #expect(try await server.admin.count(MockAPIRoute.mediaCredentials) == 2)
            let log = try await server.admin.requests().filter { $0.path.hasPrefix("/media/") }
            #expect(log.map { $0.headers.contains("authorization") } == [false, false, true, false])
            #expect(log.map { $0.headers.contains("x-api-token") } == [false, false, false, true])
            let raw = String(decoding: try JSONEncoder().encode(log.map(\.headers)), as: UTF8.self)
            #expect(!raw.contains("not-for-a-cdn") && !raw.contains(Probe.apiToken))
        }
    }
}
