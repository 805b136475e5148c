/// `text` as one line a terminal shows as it is: control characters (escape sequences
/// a player or a server put in its message) become spaces, blanks are trimmed, and a long
/// line is cut to `limit` characters with an ellipsis.
public func printableLine(_ text: some StringProtocol, limit: Int = 300) -> String {
    let scalars = text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) }
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    let joined = String(scalars)  // trimmed as the text reads: a blank a mark follows is no blank
    let line = String(joined.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    return line.count > limit ? line.prefix(limit - 1) + "…" : line
}
