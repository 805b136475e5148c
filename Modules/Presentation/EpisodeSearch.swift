import Domain

/// Finds episodes by the words a viewer remembers: an episode matches when its title or
/// excerpt holds every word, whatever their case and order (`sign swiftui` finds "Building a
/// Sign In Form Using SwiftUI"), in the form typed or another form of it (`cache` finds
/// "Caching", `images` finds "Image"), or typed one slip away from it — a letter missing,
/// extra or wrong, or two letters swapped (`cachng` finds "Caching", `swfitui` "SwiftUI") — when
/// it has four letters or more and no episode holds it in a form of its own; the best matches
/// come first.
///
/// A word ranks an episode higher in its title than in its excerpt, and higher as a whole
/// word than as another form of it or as a part of a longer one (as fzf ranks a match at a
/// word's start over one inside it), a slip lowest; equal ranks keep the server's order (the
/// newest first).
/// Case is folded by Swift's own Unicode lower-casing, which needs no locale and no ICU.
public struct EpisodeSearch: Equatable, Sendable {
    /// The words, lower-cased; none matches every episode.
    public let words: [String]

    /// A search for the words of `text` (split at white space).
    public init(_ text: String) {
        words = text.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
    }

    /// Whether `episode`'s title or excerpt holds every word, in some form or one slip away.
    public func matches(_ episode: Episode) -> Bool {
        score(Text(episode.title), Text(episode.excerpt), forgiving: Set(words)) != nil
    }

    /// The episodes of `episodes` that match, the best first, at most `limit` of them. A slip
    /// is forgiven only in a word that no episode holds as typed or in another form: a word
    /// that is there (`form`) does not also find its neighbours (`from`).
    public func filter(_ episodes: [Episode], limit: Int? = nil) -> [Episode] {
        let texts = episodes.map { (title: Text($0.title), excerpt: Text($0.excerpt)) }
        let forgiving = Set(
            words.filter { word in
                !texts.contains { $0.title.place(of: word) != nil || $0.excerpt.place(of: word) != nil }
            })
        let ranked = zip(episodes, texts).enumerated().compactMap { index, pair in
            score(pair.1.title, pair.1.excerpt, forgiving: forgiving).map { (pair.0, $0, index) }
        }
        .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }
        .map(\.0)
        return limit.map { Array(ranked.prefix($0)) } ?? ranked
    }

    /// Whether `episode`'s title alone holds every word, in some form (a slip aside): of several
    /// matches, the one whose title the words name.
    public func isInTheTitle(_ episode: Episode) -> Bool {
        let title = Text(episode.title)
        return !words.isEmpty && words.allSatisfy { title.place(of: $0) != nil }
    }

    /// How well a title and an excerpt match: the sum of each word's best place; `nil` when a
    /// word is in neither. A word of `forgiving` may be one slip away.
    private func score(_ title: Text, _ excerpt: Text, forgiving: Set<String>) -> Int? {
        guard !words.isEmpty else { return 0 }
        var total = 0
        for word in words {
            let slips = forgiving.contains(word)
            let inTitle = title.place(of: word, forgivingASlip: slips).map { $0 * 4 }
            let inExcerpt = excerpt.place(of: word, forgivingASlip: slips)
            guard let best = [inTitle, inExcerpt].compactMap({ $0 }).max() else { return nil }
            total += best
        }
        return total
    }

    /// The episodes of `episodes` whose titles come nearest to the words, when none matches:
    /// those whose words are each within a few slips of one of the title's (a third of the
    /// word's letters), the nearest first, at most `limit`.
    public func nearest(_ episodes: [Episode], limit: Int = 3) -> [Episode] {
        guard !words.isEmpty else { return [] }
        let ranked = episodes.enumerated().compactMap { index, episode -> (Episode, Int, Int)? in
            let title = Text(episode.title).words
            var total = 0
            for word in words {
                let slips = title.map { Slips.between(word, $0) }.min() ?? Int.max
                guard slips <= max(1, word.count / 3) else { return nil }
                total += slips
            }
            return (episode, total, index)
        }
        return ranked.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.2 < $1.2 }.prefix(limit).map(\.0)
    }

    /// `Did you mean 13 “Caching Images on Disk”?` with the titles nearest to the words (see
    /// ``nearest(_:limit:)``), for a search that found nothing; `nil` when none is near.
    public func didYouMean(among episodes: [Episode]) -> String? {
        let near = nearest(episodes)
        guard !near.isEmpty else { return nil }
        return "Did you mean " + near.map { "\($0.id) “\($0.title)”" }.joined(separator: ", ") + "?"
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

        /// How `word` is found here: 6 as a word, 4 as another form of one or a word's start,
        /// 2 inside a word, 1 one slip away from a word when `forgivingASlip` (a word of four
        /// letters or more); `nil` when it is not.
        func place(of word: String, forgivingASlip: Bool = false) -> Int? {
            if words.contains(word) { return 6 }
            let stem = EpisodeSearch.stem(word)
            if words.contains(where: { $0.hasPrefix(word) || (stem.count >= 3 && $0.hasPrefix(stem)) }) { return 4 }
            if whole.contains(word) { return 2 }
            guard forgivingASlip, word.count >= 4 else { return nil }
            return words.contains { Slips.areOneApart(word, $0) } ? 1 : nil
        }
    }
}

/// How many slips of the keyboard part two words: letters missing, extra or wrong, and two
/// neighbours swapped, each one slip (the optimal string alignment distance).
enum Slips {
    /// Whether `a` and `b` are exactly one slip apart, found without a table (the picker asks
    /// it of every word of every excerpt at each key).
    static func areOneApart(_ a: String, _ b: String) -> Bool {
        let (countA, countB) = (a.count, b.count)
        guard abs(countA - countB) <= 1, a != b else { return false }
        var (i, j) = (a.startIndex, b.startIndex)
        while i < a.endIndex, j < b.endIndex, a[i] == b[j] {
            a.formIndex(after: &i)
            b.formIndex(after: &j)
        }
        let (restA, restB) = (a[i...], b[j...])
        if countA > countB { return restA.dropFirst().elementsEqual(restB) }
        if countA < countB { return restA.elementsEqual(restB.dropFirst()) }
        if restA.dropFirst().elementsEqual(restB.dropFirst()) { return true }
        return restA.count >= 2 && restA.first == restB.dropFirst().first && restB.first == restA.dropFirst().first
            && restA.dropFirst(2).elementsEqual(restB.dropFirst(2))
    }

    static func between(_ typed: String, _ word: String) -> Int {
        let a = Array(typed)
        let b = Array(word)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        // Three rows of the table: the one before the previous, the previous and this one.
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
