import Domain
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

    let reference: String
    let json: Bool

    static func parse(_ parsed: CommandLineParser.Parsed, arguments: [String]) -> Self {
        Self(reference: arguments.joined(separator: " "), json: parsed.has(Grammar.json))
    }

    func run(_ context: CommandContext) async throws(ExitCode) -> ExitCode {
        await context.deliverKeptPositions()
        struct VideoOutput: Encodable {
            let videoID: String
            let duration: Int
            let videoURL: URL
            let imageURL: URL
        }
        let videoID = try await context.resolve(reference, on: .video, needingTheEpisode: false).id
        let (model, video) = try await context.video(videoID)
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
