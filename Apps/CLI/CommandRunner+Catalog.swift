import Domain
import Foundation
import FoundationHTTP
import Ports
import Presentation
import TerminalUI

extension CommandRunner {
    func episodes(json: Bool, policy: CachePolicy) async -> ExitCode {
        let model = EpisodesViewModel(apiService: services.api, policy: policy)
        guard await load("Fetching episodes…", { await model.fetchEpisodes() }) else { return .interrupted }
        if case .failed(_, let failure, _) = model.state {
            return report(failure, context: .episodes, asking: .episodes)
        }
        noticeASavedList(model.state)
        if json {
            printJSON(model.state.rows.map(\.episode))
        } else if !console.isOutputTerminal {
            // For scripts, as gh does: whole fields, no header, no padding to a width.
            let rows = model.state.rows
            if !rows.isEmpty { console.print(EpisodeTable.tabSeparated(rows)) }
        } else if case .offline(let rows, _, _) = model.state {
            console.print(EpisodeTable.render(rows, width: appearance.width, style: style))
        } else {
            console.print(Screens.episodes(model, width: appearance.width, style: style))
        }
        return .success
    }

    func episode(id: Int, json: Bool, policy: CachePolicy) async -> ExitCode {
        let model = EpisodesViewModel(apiService: services.api, policy: policy)
        guard await load("Fetching episodes…", { await model.fetchEpisodes() }) else { return .interrupted }
        if case .failed(_, let failure, _) = model.state {
            return report(failure, context: .episodes, asking: .episodes)
        }
        noticeASavedList(model.state)
        guard let row = model.state.rows.first(where: { $0.id == id }) else {
            console.fail("There is no episode \(id); see cocoacasts episodes.")
            return .failure
        }
        if json {
            printJSON(row.episode)
        } else {
            console.print(
                Screens.episode(EpisodeViewModel(episode: row.episode), width: appearance.width, style: style))
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

    func progress(reference: String, action: Invocation.ProgressAction, json: Bool) async -> ExitCode {
        let videoID: String
        let duration: Int?
        var isSet = false
        if case .set = action { isSet = true }
        switch await resolve(reference, context: .progress, needingTheEpisode: isSet) {
        case .video(let id, let episode):
            videoID = id
            duration = episode?.videoDuration
            if case .set(let seconds, let typed) = action, let duration = episode?.videoDuration, seconds > duration {
                console.fail(UsageError.beyondTheVideo(typed: typed, duration: duration).description)
                return .usage
            }
        case .ended(let status): return status
        }
        let model = VideoProgressViewModel(videoID: videoID, apiService: services.api)
        let synced = await load("Syncing the progress…") {
            switch action {
            case .show: await model.fetchProgress()
            case .set(let seconds, _): await model.saveProgress(cursor: seconds)
            case .delete: await model.deleteProgress()
            }
        }
        guard synced else { return .interrupted }
        if case .failed(_, let failure, _) = model.state {
            let endpoint: APIEndpoint =
                switch action {
                case .show: .progressForVideo(id: videoID)
                case .set(let seconds, _): .updateProgressForVideo(id: videoID, cursor: seconds)
                case .delete: .deleteProgressForVideo(id: videoID)
                }
            return report(
                failure, context: action == .show ? .progress : .progressUpdate, asking: endpoint,
                subject: "video \(videoID)")
        }
        if json, case .loaded(let progress) = model.state {
            printJSON(progress)
        } else if action == .delete {
            console.say("Deleted the progress of video \(videoID).")
        } else {
            console.print(Screens.progress(model, duration: duration, style: style))
        }
        return .success
    }
}

extension CommandRunner {
    /// What a `video` or `progress` argument names: a video (and its episode when the
    /// catalogue was read), or nothing, because fetching the catalogue failed (and was
    /// reported) or was interrupted.
    enum Resolution {
        case video(id: String, episode: Episode?)
        case ended(ExitCode)
    }

    /// The video a `video` or `progress` argument names, and its episode when the catalogue was read.
    ///
    /// The rule: episode ids are whole numbers of at most six digits without a leading zero
    /// (the catalogue's are three); video ids are anything else (Vimeo's are nine digits).
    /// Only a reference that could be an episode id costs a catalogue fetch — it names that
    /// episode's video when an episode has the id, else it is taken as a video id — unless
    /// `needingTheEpisode` (to check `--set` against the video's length), which looks the
    /// video up in the catalogue whatever the reference.
    func resolve(_ reference: String, context: APIErrorMapper.Context, needingTheEpisode: Bool) async -> Resolution {
        guard needingTheEpisode || Self.couldBeEpisodeID(reference) else { return .video(id: reference, episode: nil) }
        let episodes = EpisodesViewModel(apiService: services.api)
        await episodes.fetchEpisodes()
        guard !Task.isCancelled else { return .ended(.interrupted) }
        if case .failed(_, let failure, _) = episodes.state {
            return .ended(report(failure, context: context, asking: .episodes))
        }
        let rows = episodes.state.rows.map(\.episode)
        if Self.couldBeEpisodeID(reference), let episode = rows.first(where: { String($0.id) == reference }) {
            return .video(id: episode.videoID, episode: episode)
        }
        return .video(id: reference, episode: rows.first { $0.videoID == reference })
    }

    /// Whether `reference` could be an episode id: one to six digits, no leading zero.
    static func couldBeEpisodeID(_ reference: String) -> Bool {
        (1...6).contains(reference.count) && reference.allSatisfy(\.isASCII) && reference.allSatisfy(\.isNumber)
            && (reference == "0" || reference.first != "0")
    }
}

extension CommandRunner {
    /// Says on standard error (dimmed on a terminal) that the list shown is a saved one,
    /// because the server could not be reached.
    func noticeASavedList(_ state: EpisodesViewModel.State) {
        guard case .offline(_, _, let message) = state else { return }
        console.notice(message, style: appearance.error)
    }

    /// `cocoacasts cache clear`.
    func clearCache() async -> ExitCode {
        guard let saved = services.savedCatalogue else {
            console.say("Nothing is saved.")
            return .success
        }
        do {
            try await saved.clear()
        } catch {
            console.fail("the saved catalogue could not be cleared: \(error)")
            return .localState
        }
        console.say("Cleared the saved catalogue in \(saved.directory).")
        return .success
    }
}

extension EpisodesViewModel.State {
    /// The episodes fetched, or saved: none before a fetch, or when it found none.
    fileprivate var rows: [EpisodeRowViewModel] {
        switch self {
        case .loaded(let rows), .offline(let rows, _, _): rows
        case .idle, .loading, .empty, .failed: []
        }
    }
}
