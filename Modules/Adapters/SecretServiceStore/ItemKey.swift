#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A store key as an item's origin and the value's name within it: `<origin>#<name>`,
/// or a bare `<name>` for the origin "".
struct ItemKey: Hashable {
    let origin: String
    let name: String

    var key: String { origin.isEmpty ? name : "\(origin)#\(name)" }

    /// `values` as each origin's contents.
    static func grouped(_ values: [String: String]) -> [String: [String: String]] {
        var grouped: [String: [String: String]] = [:]
        for (key, value) in values {
            let parsed = ItemKey(key)
            grouped[parsed.origin, default: [:]][parsed.name] = value
        }
        return grouped
    }

    /// An item's secret: its contents as a JSON object, keys sorted.
    static func encode(_ contents: [String: String]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(contents), as: UTF8.self)
    }

    /// The contents of a secret, or `nil` when it is not a JSON object of strings (the
    /// caller's error then says so).
    static func decode(_ secret: String) -> [String: String]? {
        try? JSONDecoder().decode([String: String].self, from: Data(secret.utf8))
    }
}

extension ItemKey {
    /// `key` split at its last `#`.
    init(_ key: String) {
        if let hash = key.lastIndex(of: "#") {
            origin = String(key[..<hash])
            name = String(key[key.index(after: hash)...])
        } else {
            origin = ""
            name = key
        }
    }
}
