/// A player command (`--player`, `COCOACASTS_PLAYER`, config `player`) split into words as
/// a POSIX shell splits simple words — without running a shell, so that nothing in it is
/// ever expanded or executed:
///
/// - blanks separate words; `'…'` keeps everything literally; `"…"` keeps everything but
///   `\"`, `\\`, `\$` and `` \` ``; a backslash outside quotes keeps the next character;
/// - `~` or `~/…` at the start of a word is `$HOME`;
/// - what a shell would expand or run — `$`, `` ` ``, `;`, `|`, `&`, `<`, `>`, `(`, `)`,
///   `*`, `?`, `[`, `~user`, a `#` starting a word — is refused unquoted, with a message
///   that says to quote it or to put the command in a script.
enum CommandWords {
    /// The words of `command`.
    static func split(_ command: String, home: String?) throws(CommandWordsError) -> [String] {
        var words: [String] = []
        var word: String?
        var tilde = false  // the word began with an unquoted ~, which is $HOME
        var characters = command.makeIterator()
        while let character = characters.next() {
            if tilde, word == "~", character != "/", !" \t\n".contains(character) { throw .shellSyntax("~") }
            switch character {
            case " ", "\t", "\n":
                if let finished = word { words.append(try expanded(finished, tilde: tilde, home: home)) }
                word = nil
                tilde = false
            case "'":
                guard let quoted = scan(&characters, until: "'") else { throw .unterminated("'") }
                word = (word ?? "") + quoted
            case "\"":
                word = (word ?? "") + (try doubleQuoted(&characters))
            case "\\":
                if let escaped = characters.next(), escaped != "\n" { word = (word ?? "") + String(escaped) }
            case "~" where word == nil:
                word = "~"
                tilde = true
            case "$", "`", ";", "|", "&", "<", ">", "(", ")", "*", "?", "[":
                throw .shellSyntax(character)
            case "#" where word == nil:
                throw .shellSyntax(character)
            default:
                word = (word ?? "") + String(character)
            }
        }
        if let finished = word { words.append(try expanded(finished, tilde: tilde, home: home)) }
        guard !words.isEmpty else { throw .empty }
        return words
    }

    private static func expanded(_ word: String, tilde: Bool, home: String?) throws(CommandWordsError) -> String {
        guard tilde else { return word }
        guard let home, !home.isEmpty else { throw .noHome }
        return home + word.dropFirst()
    }

    private static func scan(_ characters: inout String.Iterator, until end: Character) -> String? {
        var text = ""
        while let character = characters.next() {
            if character == end { return text }
            text.append(character)
        }
        return nil
    }

    private static func doubleQuoted(_ characters: inout String.Iterator) throws(CommandWordsError) -> String {
        var text = ""
        while let character = characters.next() {
            switch character {
            case "\"": return text
            case "$", "`": throw .shellSyntax(character)
            case "\\":
                guard let next = characters.next() else { throw .unterminated("\"") }
                if !"\"\\$`\n".contains(next) { text.append("\\") }
                if next != "\n" { text.append(next) }
            default: text.append(character)
            }
        }
        throw .unterminated("\"")
    }
}

/// Why a player command could not be split into words.
enum CommandWordsError: Error, Equatable, CustomStringConvertible {
    case empty
    case unterminated(Character)
    case shellSyntax(Character)
    case noHome

    var description: String {
        switch self {
        case .empty: "it is empty"
        case .unterminated(let quote): "it has an unterminated \(quote) quote"
        case .shellSyntax(let character):
            "\(character) is shell syntax, which a player command does not run; quote it, or put the command "
                + "in a script and give the script's path"
        case .noHome: "it starts with ~ but HOME is not set"
        }
    }
}
