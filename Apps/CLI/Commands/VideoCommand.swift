import Combinators
import Domain
import FoundationHTTP
import Ports
import Presentation
import TerminalUI
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `cocoacasts video EPISODE|VIDEO`: a protected video's stream URL and duration.
struct VideoCommand: ServiceCommand, Equatable {
    static let spec = CommandLineParser.CommandSpec(
        name: "video", arguments: ["<episode-id or video-id>"], options: [Grammar.json],
        summary: "Show an episode's video: its URL and duration (needs sign-in)",
        examples: [
            ("cocoacasts video 556", "the video of episode 556"),
            ("cocoacasts video 632759499", "a video by its id (as `episodes --json` lists them)"),
        ])
    static let settingsUsed = Set(ConfigKey.allCases)
    static let callsTheAPI = true

    let reference: String
    let json: Bool

    init(reference: String, json: Bool) {
        self.reference = reference
        self.json = json
    }

    init(_ parsed: CommandLineParser.Parsed, arguments: [String]) {
        self.init(reference: arguments[0], json: parsed.flag("--json"))
    }

    func run(_ context: CommandContext) async -> ExitCode {
        await context.video(reference: reference, json: json)
    }
}

extension CommandContext {
    fileprivate func video(reference: String, json: Bool) async -> ExitCode {
        await sendPendingProgress()
        struct VideoOutput: Encodable {
            let videoID: String
            let duration: Int
            let videoURL: URL
            let imageURL: URL
        }
        let videoID: String
        switch await resolve(reference, context: .video, needingTheEpisode: false) {
        case .video(let id, _): videoID = id
        case .ended(let status): return status
        }
        let model = VideoViewModel(videoID: videoID, apiService: services.api)
        guard await load("Fetching the video…", { await model.fetchVideo() }) else { return .interrupted }
        if case .failed(_, let failure, _) = model.state {
            return report(failure, context: .video, asking: .video(id: videoID), subject: "video \(videoID)")
        }
        guard case .loaded(let video) = model.state else { return .failure }
        if json {
            printJSON(
                VideoOutput(
                    videoID: videoID, duration: video.duration, videoURL: video.videoURL, imageURL: video.imageURL))
        } else {
            console.print(Screens.video(model, style: style))
        }
        return .success
    }
}
