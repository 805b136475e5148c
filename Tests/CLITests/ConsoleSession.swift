import Foundation

/// A ```console block of a Markdown file: the command lines after `$ `, and the block as
/// the terminal should show it. A real run's transcript matches the block when, line by
/// line, they agree once ports and times are normalised, where a line that is `…` alone
/// stands for any number of lines and a `…` within a line for any text.
struct ConsoleSession: Sendable {
    /// The block's lines, the command lines included.
    let lines: [String]

    /// The commands, in order.
    var commands: [String] {
        lines.filter { $0.hasPrefix("$ ") }.map { String($0.dropFirst(2)) }
    }

    /// Every ```console block of `markdown`, in order.
    static func sessions(inMarkdown markdown: String) -> [ConsoleSession] {
        var sessions: [ConsoleSession] = []
        var block: [String]?
        for line in markdown.components(separatedBy: "\n") {
            if block == nil, line == "```console" {
                block = []
            } else if let lines = block, line == "```" {
                sessions.append(ConsoleSession(lines: lines))
                block = nil
            } else {
                block?.append(line)
            }
        }
        return sessions
    }

    /// The mock server a command starts in the background (`Scripts/mock-api --port 8080 … &`):
    /// the port the block shows and the other arguments; `nil` for any other command.
    static func mockServer(startedBy command: String) -> (port: String, arguments: [String])? {
        let words = command.split(separator: " ").map(String.init)
        guard words.first == "Scripts/mock-api", words.last == "&" else { return nil }
        var arguments = Array(words.dropFirst().dropLast())
        guard let flag = arguments.firstIndex(of: "--port"), flag + 1 < arguments.count else { return nil }
        let port = arguments[flag + 1]
        arguments.removeSubrange(flag...flag + 1)
        return (port, arguments)
    }

    /// Whether `transcript` is what the block shows.
    func isShown(by transcript: [String]) -> Bool {
        Self.matches(lines.map(Pattern.init), transcript.map(Self.normalised))
    }

    /// `line` as a terminal shows it and without what differs from run to run: no control
    /// sequences (a player's colours, its keypad mode), and ports, durations, ages, dates
    /// and trailing spaces (a prompt's, which a Markdown file does not keep) normalised.
    static func normalised(_ line: String) -> String {
        var text = line.replacingOccurrences(of: "\r", with: "")
        for (pattern, replacement) in [
            (#"\x{1B}\[[0-9;?]*[A-Za-z]|\x{1B}[=>]"#, ""),
            (#"(127\.0\.0\.1|localhost):[0-9]+"#, "$1:PORT"),
            (#"\([0-9]+ ms\)"#, "(N ms)"),
            (#"[0-9]+ (s|seconds?|minutes?|hours?|days?) ago|just now"#, "AGE"),
            (#"^< Date: .*$"#, "< Date: DATE"),
        ] {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// One line of a block: any lines, or a line with `…` standing for any text.
    enum Pattern {
        case anyLines
        /// The texts between the `…`s.
        case line([String])

        init(_ line: String) {
            let text = ConsoleSession.normalised(line)
            self =
                text.trimmingCharacters(in: .whitespaces) == "…" ? .anyLines : .line(text.components(separatedBy: "…"))
        }

        func matches(_ line: String) -> Bool {
            guard case .line(let pieces) = self else { return true }
            guard pieces.count > 1 else { return line == pieces[0] }
            guard line.hasPrefix(pieces[0]) else { return false }
            var rest = line.dropFirst(pieces[0].count)
            for piece in pieces.dropFirst().dropLast() {
                guard let found = rest.range(of: piece) else { return false }
                rest = rest[found.upperBound...]
            }
            return rest.hasSuffix(pieces[pieces.count - 1])
        }
    }

    /// Whether `patterns` match `lines` as a whole, `anyLines` taking none or more.
    private static func matches(_ patterns: [Pattern], _ lines: [String]) -> Bool {
        // matched[p][l]: patterns from p on match lines from l on.
        var matched = Array(repeating: Array(repeating: false, count: lines.count + 1), count: patterns.count + 1)
        matched[patterns.count][lines.count] = true
        for p in stride(from: patterns.count - 1, through: 0, by: -1) {
            for l in stride(from: lines.count, through: 0, by: -1) {
                switch patterns[p] {
                case .anyLines:
                    matched[p][l] = matched[p + 1][l] || (l < lines.count && matched[p][l + 1])
                case .line:
                    matched[p][l] = l < lines.count && patterns[p].matches(lines[l]) && matched[p + 1][l + 1]
                }
            }
        }
        return matched[0][0]
    }
}
