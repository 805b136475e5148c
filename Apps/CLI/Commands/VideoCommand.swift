import Domain
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
        name: "video", arguments: ["<id or words>", "[more-words...]"], options: [Grammar.json],
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
        self.init(reference: arguments.joined(separator: " "), json: parsed.has(Grammar.json))
    }

    func run(_ context: CommandContext) async -> ExitCode {
        await context.deliverKeptPositions()
        struct VideoOutput: Encodable {
            let videoID: String
            let duration: Int
            let videoURL: URL
            let imageURL: URL
        }
        let videoID: String
        switch await context.resolve(reference, on: .video, needingTheEpisode: false) {
        case .video(let id, _): videoID = id
        case .ended(let status): return status
        }
        let model: VideoViewModel
        switch await context.video(videoID) {
        case .success(let fetched): model = fetched
        case .failure(let ended): return ended.status
        }
        guard case .loaded(let video) = model.state else { return .failure }
        if json {
            context.printJSON(
                VideoOutput(
                    videoID: videoID, duration: video.duration, videoURL: video.videoURL, imageURL: video.imageURL))
        } else {
            context.console.print(Screens.video(model, style: context.style))
        }
        return .success
    }
}
