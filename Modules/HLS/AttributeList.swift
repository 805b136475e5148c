/// The attributes of a tag (`NAME=VALUE,…`, RFC 8216, 4.2), their quotes removed.
struct AttributeList {
    private(set) var values: [String: String] = [:]

    /// Reads `text`; `nil` when it is not an attribute list (a name without `=`, an
    /// unterminated quoted string, a name given twice).
    init?(_ text: Substring) {
        var rest = text[...]
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
                rest = rest[rest.index(after: closing)...]
                guard rest.isEmpty || rest.first == "," else { return nil }
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                value = rest[..<end]
                rest = rest[end...]
            }
            if rest.first == "," { rest = rest.dropFirst() }
            values[name] = String(value)
        }
    }

    subscript(name: String) -> String? { values[name] }
}
