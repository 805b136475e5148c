import Domain
import Foundation
import Ports

/// A ``Ports/ResponseCache`` of one file per entry in a private directory.
///
/// The directory is created `0700` and every file `0600`; an entry is written to a
/// temporary file and renamed over the old one, so a reader sees the old entry or the
/// new one, never half of one (entries are not flushed: one cut short by a crash reads
/// as corrupt, and is dropped). Reading an entry marks it used (its modification time),
/// and a write that takes the directory past ``sizeLimit`` removes the least recently
/// used entries first. An entry that cannot be read is removed and reads as absent, and
/// a write that fails leaves the cache as it was: neither is ever an error for the user,
/// but each is reported to `onProblem`.
public actor FileResponseCache: ResponseCache {
    /// The directory holding the entries.
    public nonisolated let directory: URL
    /// The most bytes the entries may take together.
    public nonisolated let sizeLimit: Int
    private let onProblem: @Sendable (FileResponseCacheProblem) -> Void

    /// The default bound: 32 MiB.
    public static let defaultSizeLimit = 32 << 20

    /// A cache in `directory`, created when first written.
    ///
    /// - Parameters:
    ///   - sizeLimit: the most bytes the entries may take; an entry larger than this is not saved.
    ///   - onProblem: sees each entry dropped as unreadable and each write that failed.
    public init(
        directory: URL, sizeLimit: Int = defaultSizeLimit,
        onProblem: @escaping @Sendable (FileResponseCacheProblem) -> Void = { _ in }
    ) {
        self.directory = directory
        self.sizeLimit = sizeLimit
        self.onProblem = onProblem
    }

    /// A cache in ``CacheLocation/defaultDirectory(environment:)``.
    public init(
        environment: [String: String], sizeLimit: Int = defaultSizeLimit,
        onProblem: @escaping @Sendable (FileResponseCacheProblem) -> Void = { _ in }
    ) {
        self.init(
            directory: CacheLocation.defaultDirectory(environment: environment), sizeLimit: sizeLimit,
            onProblem: onProblem)
    }

    /// The entry's file for `key`.
    public nonisolated func file(for key: ResponseCacheKey) -> URL {
        directory.appendingPathComponent(EntryFormat.fileName(for: key))
    }

    public func response(for key: ResponseCacheKey) async -> CachedResponse? {
        let url = file(for: key)
        let data: Data
        switch EntryFile.read(url) {
        case .missing: return nil
        case .failed(let detail):
            report(url, "could not be read: \(detail)")
            return nil
        case .read(let bytes): data = bytes
        }
        switch EntryFormat.decode(data, key: key) {
        case .entry(let response):
            if !EntryFile.touch(url) { report(url, "could not be marked used") }
            return response
        case .otherKey:
            return nil
        case .corrupt(let detail):
            report(url, "was dropped: \(detail)")
            EntryFile.remove(url).map { report(url, "could not be removed: \($0)") }
            return nil
        }
    }

    public func store(_ response: CachedResponse, for key: ResponseCacheKey) async {
        let url = file(for: key)
        do {
            let data = try EntryFormat.encode(response, key: key)
            guard data.count <= sizeLimit else {
                report(url, "was not saved: \(data.count) bytes exceed the limit of \(sizeLimit)")
                return
            }
            try EntryFile.createPrivateDirectory(directory)
            try EntryFile.writeAtomically(data, to: url)
            try evict(keeping: url)
        } catch {
            report(url, "could not be written: \(error)")
        }
    }

    public func removeResponse(for key: ResponseCacheKey) async {
        let url = file(for: key)
        EntryFile.remove(url).map { report(url, "could not be removed: \($0)") }
    }

    public func clear() async throws(ResponseCacheError) {
        for entry in try listing() {
            if let detail = EntryFile.remove(entry.url) {
                throw ResponseCacheError("\(entry.url.path) could not be removed: \(detail)")
            }
        }
    }

    /// Where the cache is, how many entries it holds and their size.
    public func summary() throws(ResponseCacheError) -> FileResponseCacheSummary {
        let entries = try listing()
        return FileResponseCacheSummary(
            directory: directory, entryCount: entries.count, byteCount: entries.reduce(0) { $0 + $1.size })
    }

    private func listing() throws(ResponseCacheError) -> [EntryFile.Listing] {
        do {
            return try EntryFile.entries(in: directory)
        } catch {
            throw ResponseCacheError("\(directory.path) could not be read: \(error.localizedDescription)")
        }
    }

    /// Removes the least recently used entries until the rest fit ``sizeLimit``, never `kept`.
    private func evict(keeping kept: URL) throws {
        var entries = try EntryFile.entries(in: directory).sorted { $0.lastUsed < $1.lastUsed }
        var total = entries.reduce(0) { $0 + $1.size }
        while total > sizeLimit, let oldest = entries.first {
            entries.removeFirst()
            guard oldest.url.lastPathComponent != kept.lastPathComponent else { continue }
            if let detail = EntryFile.remove(oldest.url) {
                report(oldest.url, "could not be evicted: \(detail)")
            }
            total -= oldest.size
        }
    }

    private func report(_ url: URL, _ detail: String) {
        onProblem(FileResponseCacheProblem(path: url.path, detail: detail))
    }
}

/// Something the file cache met and got past without troubling the user: an entry
/// dropped as unreadable, a write that failed.
public struct FileResponseCacheProblem: Hashable, Sendable, CustomStringConvertible {
    /// The file concerned.
    public let path: String
    /// What happened to it.
    public let detail: String

    /// `<path> was dropped: the header is not readable`.
    public var description: String { "\(path) \(detail)" }
}

/// What `status` shows of the cache.
public struct FileResponseCacheSummary: Hashable, Sendable {
    /// The cache's directory.
    public nonisolated let directory: URL
    /// The number of saved entries.
    public let entryCount: Int
    /// Their total size in bytes.
    public let byteCount: Int
}
