import Domain
import Foundation
import Presentation
import TerminalUI

extension Commands {
    func episodes(json: Bool) async -> ExitCode {
        let model = EpisodesViewModel(apiService: services.api)
        guard
            await load(
                "Fetching episodes…", while: { model.isFetching },
                {
                    await model.fetchEpisodes()
                })
        else { return .interrupted }
        if let failure = model.failure { return report(failure, context: .episodes) }
        if json {
            printJSON(model.episodes.map(\.episode))
        } else {
            console.print(Screens.episodes(model, style: style))
        }
        return .success
    }

    func episode(id: Int, json: Bool) async -> ExitCode {
        let model = EpisodesViewModel(apiService: services.api)
        guard
            await load(
                "Fetching episodes…", while: { model.isFetching },
                {
                    await model.fetchEpisodes()
                })
        else { return .interrupted }
        if let failure = model.failure { return report(failure, context: .episodes) }
        guard let row = model.episodes.first(where: { $0.id == id }) else {
            console.printError("cocoacasts: there is no episode \(id); see cocoacasts episodes.")
            return .failure
        }
        if json {
            printJSON(row.episode)
        } else {
            console.print(Screens.episode(EpisodeViewModel(episode: row.episode), style: style))
        }
        return .success
    }

    func video(reference: String, json: Bool) async -> ExitCode {
        struct VideoOutput: Encodable {
            let videoID: String
            let duration: Int
            let videoURL: URL
            let imageURL: URL
        }
        var videoID = reference
        if Int(reference) != nil {
            let episodes = EpisodesViewModel(apiService: services.api)
            await episodes.fetchEpisodes()
            guard !Task.isCancelled else { return .interrupted }
            if let failure = episodes.failure { return report(failure, context: .video) }
            videoID = episodes.episodes.first { String($0.id) == reference }?.episode.videoID ?? reference
        }
        let model = VideoViewModel(videoID: videoID, apiService: services.api)
        guard await load("Fetching the video…", while: { model.isFetching }, { await model.fetchVideo() }) else {
            return .interrupted
        }
        if let failure = model.failure { return report(failure, context: .video) }
        guard let video = model.video else { return .failure }
        if json {
            printJSON(
                VideoOutput(
                    videoID: videoID, duration: video.duration, videoURL: video.videoURL, imageURL: video.imageURL))
        } else {
            console.print(Screens.video(model, style: style))
        }
        return .success
    }

    func progress(videoID: String, action: Invocation.ProgressAction, json: Bool) async -> ExitCode {
        let model = VideoProgressViewModel(videoID: videoID, apiService: services.api)
        guard
            await load(
                "Syncing the progress…", while: { model.isFetching },
                {
                    switch action {
                    case .show: await model.fetchProgress()
                    case .set(let seconds): await model.saveProgress(cursor: seconds)
                    case .delete: await model.deleteProgress()
                    }
                })
        else { return .interrupted }
        if let failure = model.failure { return report(failure, context: .progress) }
        if json, let progress = model.progress {
            printJSON(progress)
        } else if action == .delete {
            console.print("Deleted the progress of video \(TerminalText.sanitized(videoID)).")
        } else {
            console.print(Screens.progress(model, style: style))
        }
        return .success
    }
}
