#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A copy an earlier release made, whose manifest has a total size but no part records: its
/// parts are the files its local playlists list (or its one file), at the sizes found. When
/// they do not add up to the total it was written with, which part changed cannot be told,
/// so every part is marked damaged and the next download fetches them again.
struct EarlierCopy {
    let folder: CopyFolder
    let manifest: EarlierManifest

    func records() -> [DownloadManifest.PartRecord] {
        guard manifest.complete else { return [] }  // a partial one goes on as a new one would
        if manifest.kind == .file {
            let name = "video." + Part.fileExtension(of: URL(string: manifest.source), fallback: "mp4")
            return [DownloadManifest.PartRecord(name: name, bytes: manifest.bytes)]
        }
        let names = ["video", "audio"].flatMap { files(listedIn: "\($0)/index.m3u8") }
        var records = names.compactMap { name in
            folder.size(of: name).map { DownloadManifest.PartRecord(name: name, bytes: $0) }
        }
        if records.count != names.count || records.reduce(0, { $0 + $1.bytes }) != manifest.bytes {
            records = names.map { DownloadManifest.PartRecord(name: $0, bytes: 0, damaged: true) }
        }
        return records
    }

    /// The files the local playlist `playlist` lists (names the download chose), initialization
    /// sections first where they come; none when there is no such playlist.
    private func files(listedIn playlist: String) -> [String] {
        guard case .success(let data?) = folder.contents(of: playlist) else { return [] }
        let base = String(playlist.split(separator: "/")[0])
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
            if line.hasPrefix("#EXT-X-MAP:"), let uri = line.firstRange(of: "URI=\"") {
                return base + "/" + line[uri.upperBound...].prefix { $0 != "\"" }
            }
            return line.isEmpty || line.hasPrefix("#") ? nil : base + "/" + line
        }.filter(DownloadManifest.isSafe)
    }
}
