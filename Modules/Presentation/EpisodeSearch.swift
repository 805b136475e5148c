import Domain

/// Finds episodes by the words a viewer remembers: an episode matches when its title or
/// excerpt holds every word, whatever their case and order (`sign swiftui` finds "Building a
/// Sign In Form Using SwiftUI"), in the form typed or another form of it (`cache` finds
/// "Caching", `images` finds "Image"); the best matches come first.
///
/// A word ranks an episode higher in its title than in its excerpt, and higher as a whole
/// word than as another form of it or as a part of a longer one (as fzf ranks a match at a
/// word's start over one inside it); equal ranks keep the server's order (the newest first).
/// Case is folded by Swift's own Unicode lower-casing, which needs no locale and no ICU.
public struct EpisodeSearch: Equatable, Sendable {
    /// The words, lower-cased; none matches every episode.
    public let words: [String]

    /// A search for the words of `text` (split at white space).
    public init(_ text: String) {
        words = text.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
    }

    /// Whether `episode`'s title or excerpt holds every word, in some form.
    public func matches(_ episode: Episode) -> Bool {
        score(episode) != nil
    }

    /// The episodes of `episodes` that match, the best first, at most `limit` of them.
    public func filter(_ episodes: [Episode], limit: Int? = nil) -> [Episode] {
        let ranked = episodes.enumerated().compactMap { index, episode in
            score(episode).map { (episode, $0, index) }
        }
        .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }
        .map(\.0)
        return limit.map { Array(ranked.prefix($0)) } ?? ranked
    }

    /// Whether `episode`'s title alone holds every word, in some form: of several matches, the
    /// one whose title the words name.
    public func isInTheTitle(_ episode: Episode) -> Bool {
        let title = Text(episode.title)
        return !words.isEmpty && words.allSatisfy { title.place(of: $0) != nil }
    }

    /// How well `episode` matches: the sum of each word's best place; `nil` when a word is in
    /// neither its title nor its excerpt.
    func score(_ episode: Episode) -> Int? {
        guard !words.isEmpty else { return 0 }
        let title = Text(episode.title)
        let excerpt = Text(episode.excerpt)
        var total = 0
        for word in words {
            let inTitle = title.place(of: word).map { $0 * 4 }
            let inExcerpt = excerpt.place(of: word)
            guard let best = [inTitle, inExcerpt].compactMap({ $0 }).max() else { return nil }
            total += best
        }
        return total
    }

    /// A word without the ending that sets its forms apart (`caching`, `cached`, `caches` and
    /// `cache` are all `cach`), kept at three letters at least.
    static func stem(_ word: String) -> String {
        for ending in ["ing", "ed", "es", "s", "e"] where word.hasSuffix(ending) && word.count - ending.count >= 3 {
            return String(word.dropLast(ending.count))
        }
        return word
    }

    /// A title or an excerpt, lower-cased, and its words.
    private struct Text {
        let whole: String
        let words: [String]

        init(_ text: String) {
            whole = text.lowercased()
            words = whole.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        }

        /// How `word` is found here: 3 as a word, 2 as another form of one or a word's start,
        /// 1 inside a word; `nil` when it is not.
        func place(of word: String) -> Int? {
            if words.contains(word) { return 3 }
            let stem = EpisodeSearch.stem(word)
            if words.contains(where: { $0.hasPrefix(word) || (stem.count >= 3 && $0.hasPrefix(stem)) }) { return 2 }
            return whole.contains(word) ? 1 : nil
        }
    }
}
