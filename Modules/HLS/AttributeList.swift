/// The attributes of a tag (`NAME=VALUE,…`, RFC 8216, 4.2), their quotes removed. Spaces or
/// tabs around a comma are passed over: packagers write `, DEFAULT=YES`, and players read it.
struct AttributeList {
    private(set) var values: [String: String] = [:]

    /// Reads `text`; `nil` when it is not an attribute list (a name without `=`, an
    /// unterminated quoted string, a name given twice).
    init?(_ text: Substring) {
        var rest = text.drop(while: Self.isBlank)
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "=") else { return nil }
            let name = String(rest[..<equals])
            guard !name.isEmpty, name.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "-" }),
                values[name] == nil
            else { return nil }
            rest = rest[rest.index(after: equals)...]
            let value: Substring
            if rest.first == "\"" {
                let afterQuote = rest.index(after: rest.startIndex)
                guard let closing = rest[afterQuote...].firstIndex(of: "\"") else { return nil }
                value = rest[afterQuote..<closing]
                rest = rest[rest.index(after: closing)...].drop(while: Self.isBlank)
                guard rest.isEmpty || rest.first == "," else { return nil }
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                var unquoted = rest[..<end]
                while let last = unquoted.last, Self.isBlank(last) { unquoted = unquoted.dropLast() }
                value = unquoted
                rest = rest[end...]
            }
            if rest.first == "," { rest = rest.dropFirst().drop(while: Self.isBlank) }
            values[name] = String(value)
        }
    }

    subscript(name: String) -> String? { values[name] }

    private static func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }
}
