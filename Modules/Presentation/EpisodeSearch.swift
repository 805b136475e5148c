import Domain

/// Finds episodes by the words a viewer remembers: an episode matches when its title or
/// excerpt contains every word, whatever their case and order (`sign swiftui` finds
/// "Building a Sign In Form Using SwiftUI").
///
/// Case is folded by Swift's own Unicode lower-casing, which needs no locale and no ICU.
public struct EpisodeSearch: Equatable, Sendable {
    /// The words, lower-cased; none matches every episode.
    public let words: [String]

    /// A search for the words of `text` (split at white space).
    public init(_ text: String) {
        words = text.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
    }

    /// Whether `episode`'s title or excerpt contains every word.
    public func matches(_ episode: Episode) -> Bool {
        guard !words.isEmpty else { return true }
        let haystack = episode.title.lowercased() + "\n" + episode.excerpt.lowercased()
        return words.allSatisfy { haystack.contains($0) }
    }

    /// The episodes of `episodes` that match, in their order, at most `limit` of them.
    public func filter(_ episodes: [Episode], limit: Int? = nil) -> [Episode] {
        let found = episodes.lazy.filter(matches)
        return limit.map { Array(found.prefix($0)) } ?? Array(found)
    }
}
