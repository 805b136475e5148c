import Domain
import Foundation
import Presentation
import TerminalUI

extension Commands {
    func episodes(json: Bool) async -> ExitCode {
        let model = EpisodesViewModel(apiService: services.api)
        guard await load("Fetching episodes…", { await model.fetchEpisodes() }) else { return .interrupted }
        if case .failed(_, let failure, _) = model.state { return report(failure, context: .episodes) }
        if json {
            printJSON(model.state.rows.map(\.episode))
        } else {
            console.print(Screens.episodes(model, style: style))
        }
        return .success
    }

    func episode(id: Int, json: Bool) async -> ExitCode {
        let model = EpisodesViewModel(apiService: services.api)
        guard await load("Fetching episodes…", { await model.fetchEpisodes() }) else { return .interrupted }
        if case .failed(_, let failure, _) = model.state { return report(failure, context: .episodes) }
        guard let row = model.state.rows.first(where: { $0.id == id }) else {
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
            if case .failed(_, let failure, _) = episodes.state { return report(failure, context: .video) }
            videoID = episodes.state.rows.first { String($0.id) == reference }?.episode.videoID ?? reference
        }
        let model = VideoViewModel(videoID: videoID, apiService: services.api)
        guard await load("Fetching the video…", { await model.fetchVideo() }) else { return .interrupted }
        if case .failed(_, let failure, _) = model.state { return report(failure, context: .video) }
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

    func progress(videoID: String, action: Invocation.ProgressAction, json: Bool) async -> ExitCode {
        let model = VideoProgressViewModel(videoID: videoID, apiService: services.api)
        let synced = await load("Syncing the progress…") {
            switch action {
            case .show: await model.fetchProgress()
            case .set(let seconds): await model.saveProgress(cursor: seconds)
            case .delete: await model.deleteProgress()
            }
        }
        guard synced else { return .interrupted }
        if case .failed(_, let failure, _) = model.state { return report(failure, context: .progress) }
        if json, case .loaded(let progress) = model.state {
            printJSON(progress)
        } else if action == .delete {
            console.print("Deleted the progress of video \(TerminalText.sanitized(videoID)).")
        } else {
            console.print(Screens.progress(model, style: style))
        }
        return .success
    }
}

extension EpisodesViewModel.State {
    /// The episodes fetched: none before a fetch, or when it found none.
    fileprivate var rows: [EpisodeRowViewModel] {
        if case .loaded(let rows) = self { rows } else { [] }
    }
}
