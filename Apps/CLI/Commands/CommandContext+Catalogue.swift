import Domain
import Ports
import Presentation
import TerminalUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension CommandContext {
    /// The video a `video`, `progress`, `watch` or `download` argument names, and its episode
    /// when the catalogue was read; throws when fetching the catalogue failed or the words
    /// named no one episode (each said already) or it was interrupted.
    ///
    /// The rule: a reference with a letter is words, matched against the catalogue (see
    /// ``episode(namedBy:among:)``); episode ids are whole numbers of at most six digits
    /// without a leading zero (the catalogue's are three); video ids are anything else
    /// (Vimeo's are nine digits).
    /// Only a reference that could be an episode id costs a catalogue fetch — none when the
    /// catalogue saved within the last day has the id (or, `needingTheEpisode`, the video id) —
    /// it names that episode's video when an episode has the id, else it is taken as a video id — unless
    /// `needingTheEpisode` (to check `--set` against the video's length), which looks the
    /// video up in the catalogue whatever the reference.
    /// A failure to read the catalogue is reported with `sentence` after its cause.
    func resolve(
        _ reference: String, on screen: APIErrorMapper.Context, needingTheEpisode: Bool, sentence: Sentence = .screens
    ) async throws(ExitCode) -> (id: String, episode: Episode?) {
        let isWords = Self.isWords(reference)
        guard needingTheEpisode || isWords || Self.couldBeEpisodeID(reference) else { return (reference, nil) }
        // An id names the same episode: one a saved catalogue of the last day holds costs no request.
        if !isWords, let saved = await savedEpisode(reference) { return (saved.videoID, saved) }
        guard !Task.isCancelled else { throw .interrupted }
        let episodes = EpisodesViewModel(apiService: services.api)
        await episodes.fetchEpisodes()
        guard !Task.isCancelled else { throw .interrupted }
        if case .failed(_, let failure, _) = episodes.state {
            throw report(failure, on: screen, asking: .episodes, sentence: sentence)
        }
        let rows = episodes.state.rows.map(\.episode)
        if isWords {
            let episode = try await episode(namedBy: reference, among: rows)
            return (episode.videoID, episode)
        }
        if Self.couldBeEpisodeID(reference), let episode = rows.first(where: { String($0.id) == reference }) {
            return (episode.videoID, episode)
        }
        return (reference, rows.first { $0.videoID == reference })
    }

    /// The episode whose id or video id is `reference` in the saved catalogue, when it was
    /// saved within the last day (an older one is asked again: a video may have been replaced).
    private func savedEpisode(_ reference: String) async -> Episode? {
        let catalogue: Catalogue
        do throws(APIError) {
            catalogue = try await services.api.catalogue(policy: .offlineOnly)
        } catch {
            return nil  // nothing saved, or not readable: the catalogue is asked for, and its failure said
        }
        let savedAt: Date? =
            switch catalogue.source {
            case .fresh(let savedAt), .saved(let savedAt, _): savedAt
            case .network: nil
            }
        guard let savedAt, Date().timeIntervalSince(savedAt) < 86_400 else { return nil }
        return catalogue.episodes.first {
            Self.couldBeEpisodeID(reference) ? String($0.id) == reference : $0.videoID == reference
        }
    }

    /// Whether `reference` names episodes by their words rather than an id: it holds a letter
    /// (the catalogue's ids are digits). Words are matched here, never sent as an id.
    nonisolated static func isWords(_ reference: String) -> Bool {
        reference.contains(where: \.isLetter)
    }

    /// The one episode `words` name (said on standard error, so that output stays the
    /// command's): the only match, or the only one whose title holds every word; of several,
    /// the one picked on a terminal (cancelled: 130), else they are listed with a usage error
    /// (64); none is said as an unknown id (1). The picker shows how far the viewer is in each
    /// unless `offline` (nothing may be sent).
    func episode(namedBy words: String, among episodes: [Episode], offline: Bool = false) async throws(ExitCode)
        -> Episode
    {
        let search = EpisodeSearch(words)
        var found = search.filter(episodes)
        let titled = found.filter(search.isInTheTitle)
        if titled.count == 1 { found = titled }
        let quoted = "“\(words)”"
        switch found.count {
        case 0:
            let nearest = search.didYouMean(among: episodes).map { " " + $0 } ?? ""
            console.fail(
                "No episode matches \(quoted).\(nearest) `cocoacasts episodes WORDS` lists what the words find.")
            throw .failure
        case 1:
            notice("\(quoted) is episode \(found[0].id), “\(found[0].title)”.")
            return found[0]
        case _ where console.isTerminalInput && console.isErrorTerminal:
            let percents: [String: Int] =
                try await offline
                ? [:] : withSpinner("Reading how far you are in each…") { await self.percents(of: found) }
            let rows = found.map { EpisodePicker.Row(episode: $0, percent: percents[$0.videoID]) }
            guard let chosen = PickerSession.choose(from: rows, on: console, style: appearance.error) else {
                throw .interrupted
            }
            notice("\(quoted): episode \(chosen.id), “\(chosen.title)”.")
            return chosen
        default:
            let shown = found.prefix(10).map { "  \($0.id)  \($0.title)" }
            let more = found.count > shown.count ? ["  … and \(found.count - shown.count) more"] : []
            console.fail(
                (["\(quoted) matches \(found.count) episodes, the best first: name one by its id."] + shown + more)
                    .joined(separator: "\n"), keepingNewlines: true)
            throw .usage
        }
    }

    /// How far the viewer is in each of `episodes`, in percent, for the picker; none when
    /// no one is signed in, or the server cannot tell (said: the picker still offers them).
    private func percents(of episodes: [Episode]) async -> [String: Int] {
        do throws(APIError) {
            let cursors = try await ContinueWatchingViewModel.positions(of: episodes, from: services.api)
            return Dictionary(
                episodes.compactMap { episode in
                    cursors[episode.videoID].map {
                        (episode.videoID, ContinueWatchingItem.percent($0, of: episode.videoDuration))
                    }
                }, uniquingKeysWith: { first, _ in first })
        } catch  where error.kind == .unauthorized || error.kind == .cancelled {
            return [:]  // no one signed in has no positions to show; a signal says itself
        } catch {
            notice("the picker shows no progress: \(error)")
            return [:]
        }
    }

    /// Whether `reference` could be an episode id: one to six digits, no leading zero.
    static func couldBeEpisodeID(_ reference: String) -> Bool {
        (1...6).contains(reference.count) && reference.allSatisfy(\.isASCII) && reference.allSatisfy(\.isNumber)
            && (reference == "0" || reference.first != "0")
    }
}

extension CommandContext {
    /// The episodes, as `episodes` and `episode` show them: the kept positions sent first
    /// (unless `policy` keeps off the network), fetched under the spinner, a saved list said
    /// as one; a failure reported, its status the failure's (a signal: 130).
    func episodes(policy: CachePolicy) async throws(ExitCode) -> EpisodesViewModel {
        if policy != .offlineOnly { await deliverKeptPositions() }
        let model = EpisodesViewModel(apiService: services.api, policy: policy)
        try await withSpinner("Fetching episodes…") { await model.fetchEpisodes() }
        if case .failed(_, let failure, _) = model.state { throw report(failure, on: .episodes, asking: .episodes) }
        if case .offline(_, _, let message) = model.state { notice(message) }
        return model
    }

    /// Video `videoID`, fetched under the spinner, as `video` and `download` ask for it, and
    /// the video it loaded; a failure reported, its status the failure's (a signal: 130).
    func video(_ videoID: String) async throws(ExitCode) -> (model: VideoViewModel, video: Video) {
        let model = VideoViewModel(videoID: videoID, apiService: services.api)
        try await withSpinner("Fetching the video…") { await model.fetchVideo() }
        if case .failed(_, let failure, _) = model.state {
            throw report(failure, on: .video, asking: .video, about: videoID, subject: "video \(videoID)")
        }
        guard case .loaded(let video) = model.state else { throw .failure }
        return (model, video)
    }
}

extension EpisodesViewModel.State {
    /// The episodes fetched, or saved: none before a fetch, or when it found none.
    var rows: [EpisodeViewModel] {
        switch self {
        case .loaded(let rows), .offline(let rows, _, _): rows
        case .idle, .loading, .empty, .failed: []
        }
    }
}
