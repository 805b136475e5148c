/// A command line `cocoacasts-preview` cannot run, with the hint that fixes it.
enum UsageError: Error, Equatable, CustomStringConvertible {
    /// An option that does not exist.
    case unknownOption(String, suggestion: String?)
    /// A value given to an option that takes none.
    case unexpectedValue(String)
    /// A word where a command was expected.
    case unknownCommand(String, suggestion: String?)
    /// A preview name given without `render`.
    case previewWithoutCommand(String)
    /// A name that is no preview's.
    case unknownPreview(String, suggestion: String?)
    /// `render` without a name.
    case missingPreviewName
    /// `--html` without a directory.
    case missingDirectory
    /// Two things to do at once.
    case conflicting(String, String)

    /// What is wrong and what to do.
    var description: String {
        switch self {
        case let .unknownOption(name, suggestion):
            "unknown option '\(name)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "; see --help")
        case .unexpectedValue(let name): "'\(name)' takes no value"
        case let .unknownCommand(word, suggestion):
            "unknown command '\(word)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "; see --help")
        case .previewWithoutCommand(let name):
            "'\(name)' is a preview; draw it with: cocoacasts-preview render \(name)"
        case let .unknownPreview(name, suggestion):
            "unknown preview '\(name)'"
                + (suggestion.map { ". Did you mean '\($0)'? See --list for every preview." }
                    ?? "; see --list for every preview")
        case .missingPreviewName: "render needs a preview name (see --list), or use --all"
        case .missingDirectory: "--html needs a directory: --html DIR"
        case let .conflicting(first, second): "\(first) and \(second) cannot be used together"
        }
    }
}

/// "Did you mean …?" for a mistyped option or preview name, by edit distance.
enum Suggestion {
    /// The candidate closest to `word`, if it is close enough to be what was meant.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(Array(word.lowercased()), Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }

    /// The Levenshtein distance between `a` and `b`.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
