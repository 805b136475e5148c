import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a copy is what its manifest says: every part it lists as whole on disk at its
/// size, and, when verifying, with its digest; every path inside its folder.
struct CopyCheck {
    let folder: CopyFolder
    let manifest: DownloadManifest

    /// Whether the copy is complete: its download said so, it lists every part, and each is
    /// on disk as written (by size; by digest too when `verifying`).
    func isComplete(verifying: Bool = false) -> Bool {
        manifest.complete && manifest.parts.count == manifest.partCount && problems(verifying: verifying).isEmpty
    }

    /// What is wrong with the parts listed as whole; none when the copy is as written.
    func problems(verifying: Bool) -> [PartProblem] {
        if let unsafe = manifest.parts.first(where: { !DownloadManifest.isSafe($0.name) }) {
            return [
                PartProblem(
                    part: DownloadManifest.fileName, words: "it names \(unsafe.name), a path outside the copy's folder")
            ]
        }
        // A part's folder must be the copy's own, not a link to another.
        let folders = Set(manifest.parts.compactMap { $0.name.split(separator: "/").dropLast().first.map(String.init) })
        if let linked = folders.sorted().first(where: { !CopyFolder(root: folder.path($0)).isDirectory }) {
            return [PartProblem(part: linked, words: "it is not a folder of the copy's own (a link, or a file)")]
        }
        return manifest.parts.compactMap { part in
            if part.damaged == true {
                return PartProblem(part: part.name, words: "its bytes are not the ones it was written with")
            }
            guard let size = folder.size(of: part.name) else {
                return PartProblem(part: part.name, words: "it is missing")
            }
            guard size == part.bytes else {
                return PartProblem(
                    part: part.name, words: "it is \(size) bytes, not the \(part.bytes) it was written with")
            }
            if verifying, let expected = part.sha256, PartDigest.ofFile(folder.path(part.name)) != expected {
                return PartProblem(part: part.name, words: "its bytes are not the ones it was written with")
            }
            return nil
        }
    }

    /// Video `videoID`'s copy as it is on disk; `nil` for a folder that holds nothing (a first
    /// download that failed before it wrote anything).
    static func copy(videoID: String, in library: CopyLibrary, verifying: Bool) -> LocalCopy? {
        let folder = library.folder(forVideo: videoID)
        let bytes = folder.bytesOnDisk()
        guard folder.isDirectory else {
            return damaged(
                videoID, folder, [PartProblem(part: folder.root, words: "it is not a folder (a link, or a file)")],
                bytes)
        }
        let words: String
        switch folder.readManifest() {
        case .none:
            guard folder.holdsAnything else { return nil }
            words = "it is missing"
        case .newer(let format):
            words = "it was written by a later version of cocoacasts (format \(format)), which reads it"
        case .unreadable(let why): words = why
        case .manifest(let manifest):
            let problems = CopyCheck(folder: folder, manifest: manifest).problems(verifying: verifying)
            let state: LocalCopy.State =
                if !problems.isEmpty {
                    .damaged(problems)
                } else if manifest.complete && manifest.parts.count == manifest.partCount {
                    .complete
                } else {
                    .partial(done: manifest.parts.count, parts: manifest.partCount, failed: manifest.failed ?? [])
                }
            return LocalCopy(
                videoID: videoID, episode: manifest.episode, quality: manifest.quality,
                chosen: manifest.chosen.flatMap(VideoQuality.init), state: state, bytes: bytes,
                updated: Date(timeIntervalSince1970: manifest.updated),
                playable: URL(fileURLWithPath: folder.path(manifest.playable)), duration: manifest.duration,
                metadata: manifest.metadata ?? [:], gaps: manifest.gaps ?? 0)
        }
        return damaged(videoID, folder, [PartProblem(part: DownloadManifest.fileName, words: words)], bytes)
    }

    /// Video `videoID`'s copy with every digest checked; a part whose bytes changed is
    /// recorded damaged in the journal (under the copy's lock, which the caller holds), so
    /// that the next download fetches it again.
    static func verify(videoID: String, in library: CopyLibrary) throws(DownloadError) -> LocalCopy? {
        guard let copy = copy(videoID: videoID, in: library, verifying: true) else { return nil }
        let folder = library.folder(forVideo: videoID)
        guard case .damaged(let problems) = copy.state,
            case .manifest(let manifest) = folder.readManifest()
        else { return copy }
        let changed = Set(problems.map(\.part))
        for var part in manifest.parts where changed.contains(part.name) && part.damaged != true {
            part.damaged = true
            try folder.journal(part)
        }
        return copy
    }

    private static func damaged(_ videoID: String, _ folder: CopyFolder, _ problems: [PartProblem], _ bytes: Int)
        -> LocalCopy
    {
        LocalCopy(
            videoID: videoID, episode: nil, quality: nil, chosen: nil, state: .damaged(problems), bytes: bytes,
            updated: folder.modified, playable: URL(fileURLWithPath: folder.root), duration: nil, metadata: [:])
    }
}

extension CopyFolder {
    /// Whether the folder is there, as a folder, a link or a file.
    var exists: Bool { FolderTree.status(root) != nil }

    /// Whether it is a folder, not a link to one.
    var isDirectory: Bool { FolderTree.status(root).map { ($0.st_mode & S_IFMT) == S_IFDIR } ?? false }

    /// When it last changed.
    var modified: Date {
        guard let info = FolderTree.status(root) else { return Date(timeIntervalSince1970: 0) }
        #if canImport(Darwin)
            return Date(timeIntervalSince1970: Double(info.st_mtimespec.tv_sec))
        #else
            return Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec))
        #endif
    }

    /// Whether anything is in it.
    var holdsAnything: Bool {
        do {
            return !(try FolderTree.names(in: root) ?? []).isEmpty
        } catch {
            return true  // what cannot be listed is not taken for nothing
        }
    }

    /// The bytes its regular files take (a link counts as nothing, and is not followed); what
    /// cannot be listed counts as nothing, as the copy's check says what is wrong with it.
    func bytesOnDisk() -> Int {
        func total(_ path: String) -> Int {
            guard let info = FolderTree.status(path) else { return 0 }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return Int(info.st_size)
            case S_IFDIR:
                do {
                    return (try FolderTree.names(in: path) ?? []).reduce(0) { $0 + total(path + "/" + $1) }
                } catch {
                    return 0
                }
            default: return 0
            }
        }
        return isDirectory ? total(root) : 0
    }
}
