/// A value that `--json` writes as `null` when absent, where synthesized `Encodable`
/// leaves the key out: a script reads `"server": null` as "none", and a missing key as a
/// mistake.
struct Nullable<Wrapped: Encodable & Equatable>: Encodable, Equatable {
    let value: Wrapped?

    init(_ value: Wrapped?) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}
