import Domain
import Ports
import PrivateFiles

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

/// The folders of the copies: one private folder per video under a private root, each named
/// by its video's id made safe for a file name (never by anything a server sent), and one lock
/// per copy, in `.locks` beside them, that every write and every removal takes.
struct CopyLibrary: Sendable {
    let root: URL

    /// The folder's name for video `videoID`: letters, digits, `-` and `_` kept, any other byte
    /// written as `%XX`, so that no id can name a path outside the library (nor a dot-name).
    static func folderName(forVideo videoID: String) -> String {
        let safe = videoID.utf8.map { byte in
            DownloadManifest.isPlain(byte)
                ? String(Unicode.Scalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }.joined()
        return safe.isEmpty ? "%00" : safe
    }

    /// The video id a folder's name stands for (``folderName(forVideo:)`` undone).
    static func videoID(ofFolder name: String) -> String {
        var bytes: [UInt8] = []
        var rest = name.utf8[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "%"), rest.count >= 2,
                let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func folder(forVideo videoID: String) -> CopyFolder {
        CopyFolder(root: root.appendingPathComponent(Self.folderName(forVideo: videoID)).path)
    }

    /// Checks the library's folders as the token store's (a link in their place is refused,
    /// never followed), creating them (and the one that holds them) when `creating`.
    func check(creating: Bool) throws(DownloadError) {
        let parent = creating ? [root.deletingLastPathComponent().path] : []
        try CopyFolder.checkPrivate(
            parent + [root.path, root.appendingPathComponent(".locks").path], creating: creating)
    }

    /// Takes video `videoID`'s lock, or says the copy is busy when a download holds it for
    /// longer than `waiting`.
    func lock(_ videoID: String, waiting: Duration = .milliseconds(300)) async throws(DownloadError) -> CopyLock {
        try check(creating: true)
        let lock = FileLock(
            path: root.appendingPathComponent(".locks/\(Self.folderName(forVideo: videoID)).lock").path,
            timeout: waiting)
        do {
            return CopyLock(lock: lock, descriptor: try await lock.acquire())
        } catch {
            if Task.isCancelled { throw DownloadError(.cancelled) }  // stopped while it waited
            throw CopyFolder.failure(error, path: folder(forVideo: videoID).root)
        }
    }

    /// The names of the copies' folders (links and files in their place included), or none
    /// when there is no library yet.
    func folderNames() throws(DownloadError) -> [String] {
        try check(creating: false)
        do {
            return (try FolderTree.names(in: root.path) ?? []).filter { !$0.hasPrefix(".") }
        } catch {
            throw DownloadError(.io(path: root.path, detail: "it could not be listed (\(error.words))"))
        }
    }

    /// Removes video `videoID`'s folder, whatever is in its place (a link is removed, never
    /// followed), under its lock: first renamed aside, so that no one finds half of it; what a
    /// removal that was stopped left aside goes too.
    func remove(_ videoID: String) async throws(DownloadError) -> Bool {
        let held = try await lock(videoID)
        defer { held.release() }
        let name = Self.folderName(forVideo: videoID)
        let asidePrefix = ".removing-\(name)-"
        let path = folder(forVideo: videoID).root
        do throws(FolderTree.Failure) {
            for left in try FolderTree.names(in: root.path) ?? [] where left.hasPrefix(asidePrefix) {
                try FolderTree.remove(root.appendingPathComponent(left).path)
            }
            guard FolderTree.status(path) != nil else { return false }
            let aside = root.appendingPathComponent(asidePrefix + UUID().uuidString).path
            guard rename(path, aside) == 0 else {
                throw FolderTree.Failure(path: path, words: String(cString: strerror(errno)))
            }
            try FolderTree.remove(aside)
        } catch {
            throw DownloadError(.io(path: error.path, detail: "it could not be removed (\(error.words))"))
        }
        return true
    }
}

/// A copy's lock, held.
struct CopyLock: Sendable {
    let lock: FileLock
    let descriptor: Int32

    func release() { lock.release(descriptor) }
}

extension String {
    /// The string after as many `0` as it takes to be `width` long.
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
