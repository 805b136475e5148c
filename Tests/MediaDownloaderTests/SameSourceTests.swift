import Foundation
import Testing

@testable import MediaDownloader

/// Which stream a partial copy was made from: the one a resumed download goes on with.
@Suite("DownloadManifest: the same source, whatever its query, and on 127.0.0.1 whatever its port")
struct SameSourceTests {
    @Test(arguments: [
        ("https://cdn.example/v/1.m3u8?sig=a", "https://cdn.example/v/1.m3u8?sig=b", true),
        ("http://127.0.0.1:40123/media/1.wav", "http://127.0.0.1:51234/media/1.wav", true),
        ("https://cdn.example:8443/v/1.m3u8", "https://cdn.example:9443/v/1.m3u8", false),
        ("http://127.0.0.1:40123/media/1.wav", "http://127.0.0.1:40123/media/2.wav", false),
        ("http://127.0.0.1:40123/media/1.wav", "http://localhost:40123/media/1.wav", false),
        ("https://cdn.example/v/1.m3u8", "http://cdn.example/v/1.m3u8", false),
    ])
    func sameSource(earlier: String, now: String, same: Bool) throws {
        #expect(DownloadManifest.isSameSource(earlier, try #require(URL(string: now))) == same)
    }
}
