/// Which store holds the tokens, and why, as `status` and `--verbose` tell it.
public struct TokenStoreInUse: Encodable, Equatable, Sendable {
    public enum Kind: String, Encodable, Sendable {
        case keyring
        case file
    }

    public let kind: Kind
    /// The keyring collection's label, or the token file's path.
    public let place: String
    /// Why the file serves (the real reason), or `nil` for the keyring.
    public let reason: String?

    /// `keyring (Login)`, or `file <path> (<reason>)`.
    public var summary: String {
        switch kind {
        case .keyring: "keyring (\(place))"
        case .file: "file \(place)" + (reason.map { " (\($0))" } ?? "")
        }
    }

    /// `{"kind": "keyring", "collection": "Login", "reason": null}` or
    /// `{"kind": "file", "reason": "…"}`: the reason always present, null for the keyring.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        if kind == .keyring { try container.encode(place, forKey: .collection) }
        try container.encode(reason, forKey: .reason)
    }

    private enum CodingKeys: String, CodingKey {
        case kind
        case collection
        case reason
    }

    public init(kind: Kind, place: String, reason: String?) {
        self.kind = kind
        self.place = place
        self.reason = reason
    }
}
