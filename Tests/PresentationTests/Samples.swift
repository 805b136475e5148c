import Domain
import Foundation
import PortContracts
import Ports
import Stubs

/// Values the view-model tests share: the API's fixtures, decoded, and a few made-up ones.
enum Samples {
    /// The episodes of `episodes.json`.
    static func episodes() throws -> [Episode] {
        try JSONDecoder().decode([Episode].self, from: Fixtures.data(named: "episodes"))
    }

    /// The video of `video.json` (279 seconds).
    static func video() throws -> Video {
        try JSONDecoder().decode(Video.self, from: Fixtures.data(named: "video"))
    }

    /// A made-up episode, to tell one answer from another.
    static func episode(id: Int, title: String = "An episode", videoDuration: Int = 513) -> Episode {
        Episode(
            id: id, title: title, excerpt: "About \(title).",
            imageURL: URL(string: "https://cdn.cocoacasts.com/\(id).svg")!, videoDuration: videoDuration,
            videoID: "video-\(id)")
    }

    /// A made-up video of `duration` seconds.
    static func video(duration: Int) -> Video {
        Video(
            duration: duration, videoURL: URL(string: "https://player.cocoacasts.com/\(duration).m3u8")!,
            imageURL: URL(string: "https://cdn.cocoacasts.com/\(duration).jpg")!)
    }

    /// A scripted service whose calls pass `gate`, answering what the tests script (by
    /// default: ``PortContracts/SampleTokens/first``, no episodes, ``scriptedVideo``, a
    /// progress of 0 s, and the progress just saved).
    static func scriptedService(timeout: Duration = .seconds(180)) -> (SpyAPIService<StubAPIService>, SpyGate) {
        let gate = SpyGate(timeout: timeout)
        let progress = VideoProgress(videoID: "632759499", cursor: 0)
        let content = PreviewContent(
            episodes: [], video: scriptedVideo, tokens: SampleTokens.first, progress: progress,
            updatedProgress: progress)
        return (SpyAPIService(StubAPIService(content: content), gate: gate), gate)
    }

    /// The video the scripted service answers unless told otherwise.
    static let scriptedVideo = Video(
        duration: 513, videoURL: URL(string: "https://player.cocoacasts.com/632759499/video.m3u8")!,
        imageURL: URL(string: "https://cdn.cocoacasts.com/632759499/poster.jpg")!)

    /// A valid e-mail address.
    static let email = "bart@cocoacasts.com"
    /// A password that must never show in a description.
    static let password = "s3cret-Passw0rd"
    /// A store failure with a recognisable description: the file system refused.
    static let ioFailure = StoreError.io(path: "/home/bart/.config/cocoacasts/credentials.json", detail: "disk full")
    /// A store failure of another kind: the content does not parse.
    static let corruptStore = StoreError.corrupt(
        path: "/home/bart/.config/cocoacasts/credentials.json", detail: "not JSON")
}
