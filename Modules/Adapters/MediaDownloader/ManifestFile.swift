import Ports
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a copy's folder's manifest says.
enum ManifestReading: Sendable, Equatable {
    /// There is none (a folder made, then stopped before its first write).
    case none
    /// It cannot be read: why, in words.
    case unreadable(String)
    /// A later version of cocoacasts wrote it, in this format: it is not touched.
    case newer(Int)
    case manifest(DownloadManifest)
}

/// The manifest of a copy's folder, with its journal folded in: read whole or said unreadable,
/// written atomically.
extension CopyFolder {
    /// The one field every manifest is read for first.
    private struct ManifestFormat: Decodable {
        let format: Int?
    }

    /// The manifest, the parts its journal recorded since laid over its own; one of an earlier
    /// release is upgraded, its parts found from its local playlists.
    func readManifest() -> ManifestReading {
        let file = path(DownloadManifest.fileName)
        let data: Data
        switch contents(of: DownloadManifest.fileName) {
        case .success(let found?): data = found
        case .success(nil): return .none
        case .failure(let words): return .unreadable("\(file) cannot be read (\(words))")
        }
        let decoder = JSONDecoder()
        do {
            // A later version's manifest may hold anything but its format, which is read first.
            let format = try decoder.decode(ManifestFormat.self, from: data).format
            if let format, format > DownloadManifest.currentFormat { return .newer(format) }
            do {
                var manifest = try decoder.decode(DownloadManifest.self, from: data)
                manifest.parts = Self.laid(journalRecords(), over: manifest.parts)
                return .manifest(manifest)
            } catch {
                // Not today's manifest: an earlier release's is read below, or the copy is unreadable.
            }
            let earlier = try decoder.decode(EarlierManifest.self, from: data)
            return .manifest(earlier.upgraded(records: EarlierCopy(folder: self, manifest: earlier).records()))
        } catch {
            return .unreadable("\(file) is not a manifest this version reads")
        }
    }

    /// `records` laid over `parts`: the later record of a name wins.
    static func laid(_ records: [DownloadManifest.PartRecord], over parts: [DownloadManifest.PartRecord])
        -> [DownloadManifest.PartRecord]
    {
        var byName: [String: Int] = [:]
        var merged = parts
        for (index, part) in merged.enumerated() { byName[part.name] = index }
        for record in records {
            if let index = byName[record.name] {
                merged[index] = record
            } else {
                byName[record.name] = merged.count
                merged.append(record)
            }
        }
        return merged
    }

    /// Writes `manifest` (its parts the whole list) and empties the journal, which it holds.
    func writeManifest(_ manifest: DownloadManifest) throws(DownloadError) {
        var manifest = manifest
        manifest.updated = Date().timeIntervalSince1970
        try write(try json(manifest, for: DownloadManifest.fileName), as: DownloadManifest.fileName)
        remove(Self.journalName)
    }
}

/// The journal (`parts.jsonl`): the parts that became whole since the manifest was last
/// written, one JSON line each, appended before the part gets its final name: a part with its
/// final name is recorded, and a line cut short by a crash is passed over when read.
extension CopyFolder {
    static let journalName = "parts.jsonl"
    private static let appending = Mutex(())

    /// Records the whole part `record` in the journal.
    func journal(_ record: DownloadManifest.PartRecord) throws(DownloadError) {
        let line = try json(record, for: Self.journalName) + Data("\n".utf8)
        // One write(2) a line, one line at a time: O_APPEND keeps lines whole.
        try Self.appending.withLock { _ throws(DownloadError) in
            let writer = try appender(Self.journalName)
            try writer.write(line)
            try writer.close()
        }
    }

    /// Every whole line's record in the journal, in the order written.
    func journalRecords() -> [DownloadManifest.PartRecord] {
        guard case .success(let data?) = contents(of: Self.journalName) else { return [] }
        let decoder = JSONDecoder()
        return data.split(separator: UInt8(ascii: "\n")).compactMap { line -> DownloadManifest.PartRecord? in
            do {
                return try decoder.decode(DownloadManifest.PartRecord.self, from: Data(line))
            } catch {
                return nil  // a line a crash cut short: its part has no final name
            }
        }
    }

    /// `value` in JSON, its keys sorted, to be written as file `name`.
    func json(_ value: some Encodable, for name: String) throws(DownloadError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(value)
        } catch {
            throw DownloadError(.io(path: path(name), detail: "\(error)"))
        }
    }
}
