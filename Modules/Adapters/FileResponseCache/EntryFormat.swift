import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One entry's file: a line of JSON (the key, validators, date and freshness, and the
/// body's length), then the body byte for byte, so a large body is never re-encoded.
enum EntryFormat {
    private struct Header: Codable {
        var version: Int
        var key: String
        var entityTag: String?
        var lastModified: String?
        var date: Double
        var cacheControl: CacheControl
        var bodyLength: Int
    }

    private static let version = 1

    /// The file's bytes for `response` saved under `key`.
    static func encode(_ response: CachedResponse, key: ResponseCacheKey) throws -> Data {
        let header = Header(
            version: version, key: key.description, entityTag: response.entityTag, lastModified: response.lastModified,
            date: response.date.timeIntervalSince1970, cacheControl: response.cacheControl,
            bodyLength: response.body.count)
        var data = try JSONEncoder().encode(header)
        data.append(UInt8(ascii: "\n"))
        data.append(response.body)
        return data
    }

    /// What reading a file found.
    enum Decoded {
        /// The entry.
        case entry(CachedResponse)
        /// A well-formed entry of another key whose file name is the same.
        case otherKey
        /// Bytes that are no entry: the text says what is wrong, never what they hold.
        case corrupt(String)
    }

    /// The entry a file's `data` holds for `key`.
    static func decode(_ data: Data, key: ResponseCacheKey) -> Decoded {
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else { return .corrupt("no header line") }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data[data.startIndex..<newline])
        } catch {
            return .corrupt("the header is not readable")
        }
        let body = data[data.index(after: newline)...]
        guard header.version == version else { return .corrupt("version \(header.version) is unknown") }
        guard header.bodyLength == body.count, header.date.isFinite else {
            return .corrupt("the body is \(body.count) bytes, not \(header.bodyLength)")
        }
        guard header.key == key.description else { return .otherKey }
        return .entry(
            CachedResponse(
                body: Data(body), entityTag: header.entityTag, lastModified: header.lastModified,
                date: Date(timeIntervalSince1970: header.date), cacheControl: header.cacheControl))
    }

    /// The file name of `key`: a 64-bit FNV-1a hash of it in hex, so any route fits a
    /// name; the key inside the file tells a collision apart.
    static func fileName(for key: ResponseCacheKey) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.description.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + suffix
    }

    /// What every entry's file name ends with.
    static let suffix = ".response"
}

extension EntryFormat {
    /// Whether `name` is one ``fileName(for:)`` makes: 16 hex digits and the suffix.
    static func isEntryName(_ name: String) -> Bool {
        let utf8 = Array(name.utf8)
        return utf8.count == 16 + suffix.utf8.count && name.hasSuffix(suffix)
            && utf8.prefix(16).allSatisfy("0123456789abcdef".utf8.contains)
    }

    /// A new temporary file's name for entry `name`: `.<entry>.<UUID>.tmp`.
    static func temporaryName(for name: String) -> String {
        ".\(name).\(UUID().uuidString).tmp"
    }

    /// Whether `name` is one ``temporaryName(for:)`` makes.
    static func isTemporaryName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[4] == "tmp" else { return false }
        return isEntryName("\(parts[1]).\(parts[2])") && UUID(uuidString: String(parts[3])) != nil
    }
}
