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
        let names = ["video", "audio"].flatMap { rendition -> [String] in
            guard case .success(let files?) = folder.files(listedIn: rendition) else { return [] }
            return files.filter(DownloadManifest.isSafe)
        }
        var records = names.compactMap { name in
            folder.size(of: name).map { DownloadManifest.PartRecord(name: name, bytes: $0) }
        }
        if records.count != names.count || records.reduce(0, { $0 + $1.bytes }) != manifest.bytes {
            records = names.map { DownloadManifest.PartRecord(name: $0, bytes: 0, damaged: true) }
        }
        return records
    }

}

extension CopyFolder {
    /// The files the local playlist of subfolder `rendition` (`video`, `audio`) lists, in order
    /// (names the download chose): each initialization section (`EXT-X-MAP`) where it comes,
    /// then the segments after it; `nil` when there is no such playlist.
    func files(listedIn rendition: String) -> Result<[String]?, ReadFailure> {
        contents(of: "\(rendition)/index.m3u8").map { data in
            data.map { data in
                String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
                    if line.hasPrefix("#EXT-X-MAP:"), let uri = line.firstRange(of: "URI=\"") {
                        return rendition + "/" + line[uri.upperBound...].prefix { $0 != "\"" }
                    }
                    return line.isEmpty || line.hasPrefix("#") ? nil : rendition + "/" + line
                }
            }
        }
    }
}
