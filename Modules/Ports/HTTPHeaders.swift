/// Header fields in the order given, looked up without regard to case (`ETag` is `etag`,
/// as HTTP/2 sends it).
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One field.
    public struct Field: Hashable, Sendable {
        public let name: String
        public let value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field]

    /// The fields given, in order.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// The fields of `dictionary`, sorted by name (a dictionary has no order of its own).
    public init(_ dictionary: [String: String]) {
        fields = dictionary.sorted { $0.key < $1.key }.map { Field(name: $0.key, value: $0.value) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The value of the first field called `name`; setting replaces every field of that
    /// name (where the first was), and `nil` removes them.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            let index = fields.firstIndex { $0.name.caseInsensitiveEquals(name) } ?? fields.endIndex
            fields.removeAll { $0.name.caseInsensitiveEquals(name) }
            if let newValue { fields.insert(Field(name: name, value: newValue), at: index) }
        }
    }

    /// Appends a field, keeping any of the same name (a response may repeat one).
    public mutating func append(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}

extension String {
    /// ASCII case-insensitive equality: header names are ASCII tokens.
    fileprivate func caseInsensitiveEquals(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        return zip(utf8, other.utf8).allSatisfy { mine, theirs in
            mine == theirs || (mine | 0x20 == theirs | 0x20 && (0x61...0x7A).contains(mine | 0x20))
        }
    }
}
