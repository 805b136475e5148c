import Domain
import PrivateFiles

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The local copies of this user: one private folder per video under a private root
/// (`$XDG_DATA_HOME/cocoacasts/videos`, by default `~/.local/share/cocoacasts/videos`), each
/// named by its video's id made safe for a file name, never by anything a server sent.
public struct DownloadLibrary: Sendable {
    /// The folder that holds one folder per video.
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// The library of `environment`'s user: `$XDG_DATA_HOME/cocoacasts/videos` when that is an
    /// absolute path (as the XDG specification asks), else `~/.local/share/cocoacasts/videos`.
    public init(environment: [String: String]) {
        let home =
            environment["HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home.appendingPathComponent(".local/share")
        self.init(root: data.appendingPathComponent("cocoacasts/videos"))
    }

    /// One video's copy as the library knows it.
    public struct Copy: Sendable, Equatable {
        public let videoID: String
        public let folder: URL
        public let manifest: DownloadManifest

        /// What a player opens.
        public var playable: URL { folder.appendingPathComponent(manifest.playable) }
    }

    /// The folder for video `videoID`: letters, digits, `-` and `_` kept, any other byte
    /// written as `%XX`, so that no id can name a path outside the library.
    public func folder(forVideo videoID: String) -> URL {
        let safe = videoID.utf8.map { byte -> String in
            let character = Character(Unicode.Scalar(byte))
            return (byte < 0x80 && (character.isLetter || character.isNumber)) || byte == 0x2D || byte == 0x5F
                ? String(character) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }.joined()
        return root.appendingPathComponent(safe.isEmpty ? "%00" : safe)
    }

    /// Creates the library's folders private (0700), checked as the token store's.
    public func prepare() throws(StoreError) {
        try PrivateDirectory(path: root.deletingLastPathComponent().path).ensure()
        try PrivateDirectory(path: root.path).ensure()
    }

    /// The copy of `videoID`, complete or not; `nil` when there is none.
    public func copy(of videoID: String) -> Copy? {
        let folder = folder(forVideo: videoID)
        return ManifestFile(folder: CopyFolder(folder)).read().map {
            Copy(videoID: videoID, folder: folder, manifest: $0)
        }
    }

    /// Every copy, most recently written first.
    public func copies() throws(StoreError) -> [Copy] {
        try PrivateDirectory(path: root.path).check()
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: root.path)
        } catch {
            if !FileManager.default.fileExists(atPath: root.path) { return [] }
            throw .io(path: root.path, detail: "it could not be listed (\(error))")
        }
        return names.compactMap { copy(of: Self.videoID(ofFolder: $0)) }
            .sorted { $0.manifest.updated > $1.manifest.updated }
    }

    /// The bytes every copy takes on disk, whole parts and partial ones.
    public func bytes() throws(StoreError) -> Int {
        guard FileManager.default.fileExists(atPath: root.path) else { return 0 }
        let names: [String]
        do {
            names = try FileManager.default.subpathsOfDirectory(atPath: root.path)
        } catch {
            throw .io(path: root.path, detail: "it could not be listed (\(error))")
        }
        let folder = CopyFolder(root)
        return names.reduce(0) { $0 + (folder.size(of: $1) ?? 0) }
    }

    /// The bytes `videoID`'s copy takes on disk, whole parts and partial ones.
    public func bytes(ofVideo videoID: String) throws(StoreError) -> Int {
        let folder = folder(forVideo: videoID)
        guard FileManager.default.fileExists(atPath: folder.path) else { return 0 }
        let names: [String]
        do {
            names = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        } catch {
            throw .io(path: folder.path, detail: "it could not be listed (\(error))")
        }
        return names.reduce(0) { $0 + (CopyFolder(folder).size(of: $1) ?? 0) }
    }

    /// The video id a folder's name stands for (``folder(forVideo:)`` undone).
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

    /// Removes `videoID`'s copy; `false` when there was none.
    public func remove(_ videoID: String) throws(StoreError) -> Bool {
        let folder = folder(forVideo: videoID)
        guard FileManager.default.fileExists(atPath: folder.path) else { return false }
        do {
            try FileManager.default.removeItem(at: folder)
        } catch {
            throw .io(path: folder.path, detail: "it could not be removed (\(error))")
        }
        return true
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
