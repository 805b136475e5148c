import Domain
import Ports
import PrivateFiles

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``/Ports/ResponseCache`` of one file per entry in a private directory.
///
/// The directory gets the token store's checks: it must be this user's, writable by
/// nobody else and not a symbolic link, or it is not used at all (reads find nothing,
/// writes write nothing, ``clear()`` and ``summary()`` throw), so that another user can
/// neither plant a list nor have the cache remove or `chmod` their victim's files. It is
/// created 0700, every file 0600; an entry file that is not this user's or that others
/// may write is refused, and one larger than ``sizeLimit`` is dropped unread.
///
/// An entry is written to a temporary file and renamed over the old one, so a reader
/// sees the old entry or the new one, never half of one (entries are not flushed: one
/// cut short by a crash reads as corrupt, and is dropped). Reading an entry marks it
/// used, and a write that takes the entries past ``sizeLimit`` removes the least recently
/// used first. Many processes may share the directory: a file that vanishes meanwhile
/// is skipped, and another writer's temporary file is left alone until it is old enough
/// to have been abandoned. Problems never reach the caller as errors; each is reported
/// to `onProblem`.
public actor FileResponseCache: ResponseCache {
    /// The directory holding the entries.
    public nonisolated let directory: URL
    /// The most bytes the entries may take together, and one entry alone.
    public nonisolated let sizeLimit: Int
    private let onProblem: @Sendable (FileResponseCacheProblem) -> Void
    /// Whether the directory's refusal was reported already: once per cache is enough.
    private var reportedRefusal = false

    /// The default bound: 32 MiB.
    public static let defaultSizeLimit = 32 << 20

    /// How old another process's temporary file must be before it counts as abandoned (its
    /// writer was killed before the rename) and may be removed.
    static let abandonedAfter: TimeInterval = 600

    /// A cache in `directory`, created when first written.
    ///
    /// - Parameters:
    ///   - sizeLimit: the most bytes the entries may take; an entry larger than this is not saved.
    ///   - onProblem: sees the directory refused, each entry dropped or refused, each write that failed.
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
        guard let folder = open(creating: false) else { return nil }
        let name = EntryFormat.fileName(for: key)
        let data: Data
        switch folder.readEntry(name, limit: sizeLimit) {
        case .missing: return nil
        case .read(let bytes): data = bytes
        case .refused(let problem):
            report(.entry, folder.path(of: name), "was refused: it \(problem)")
            return nil
        case .tooLarge(let size):
            drop(name, in: folder, because: "it is \(size) bytes, more than the limit of \(sizeLimit)")
            return nil
        case .failed(let detail):
            report(.entry, folder.path(of: name), "could not be read: \(detail)")
            return nil
        }
        switch EntryFormat.decode(data, key: key) {
        case .entry(let response):
            if !folder.markUsed(name) { report(.entry, folder.path(of: name), "could not be marked used") }
            return response
        case .otherKey:
            return nil
        case .corrupt(let detail):
            drop(name, in: folder, because: detail)
            return nil
        }
    }

    public func store(_ response: CachedResponse, for key: ResponseCacheKey) async {
        let name = EntryFormat.fileName(for: key)
        let data: Data
        do {
            data = try EntryFormat.encode(response, key: key)
        } catch {
            return report(.entry, file(for: key).path, "could not be encoded: \(error)")
        }
        guard data.count <= sizeLimit else {
            return report(
                .entry, file(for: key).path, "was not saved: \(data.count) bytes exceed the limit of \(sizeLimit)")
        }
        guard let folder = open(creating: true) else { return }
        do throws(FileFailure) {
            try folder.write(data, to: name, through: EntryFormat.temporaryName(for: name))
        } catch {
            return report(.entry, folder.path(of: name), "could not be written: \(error)")
        }
        evict(in: folder, keeping: name)
    }

    /// Removes the entry, when it is this user's alone (another's is left, and reported).
    public func removeResponse(for key: ResponseCacheKey) async {
        guard let folder = open(creating: false) else { return }
        let name = EntryFormat.fileName(for: key)
        do throws(FileFailure) {
            guard let info = try folder.status(of: name) else { return }
            if let problem = OwnershipProblem.ofFile(info) {
                return report(.entry, folder.path(of: name), "was left: it \(problem)")
            }
            try folder.remove(name)
        } catch {
            report(.entry, folder.path(of: name), "could not be removed: \(error)")
        }
    }

    /// Removes every entry, and the temporary files abandoned by writes that were cut off;
    /// another process's write in progress is left to finish.
    public func clear() async throws(ResponseCacheError) {
        guard let folder = try openForUser(creating: false) else { return }
        let (entries, temporaries) = try list(folder)
        for file in entries + temporaries.filter(isAbandoned) {
            do throws(FileFailure) {
                try folder.remove(file.name)
            } catch {
                throw ResponseCacheError("\(folder.path(of: file.name)) could not be removed: \(error)")
            }
        }
    }

    /// Where the cache is, how many entries it holds and their size (temporary files are
    /// not entries).
    public func summary() throws(ResponseCacheError) -> FileResponseCacheSummary {
        var entries: [CacheDirectory.Listing] = []
        if let folder = try openForUser(creating: false) { entries = try list(folder).entries }
        return FileResponseCacheSummary(
            directory: directory, entryCount: entries.count, byteCount: entries.reduce(0) { $0 + $1.size })
    }

    /// The directory, or `nil` when it is missing (and not to be created) or refused; a
    /// refusal is reported.
    private func open(creating: Bool) -> CacheDirectory? {
        do throws(CacheDirectoryRefusal) {
            return try CacheDirectory.open(directory.path, creating: creating)
        } catch {
            if !reportedRefusal { report(.directory, error.path, error.detail) }
            reportedRefusal = true
            return nil
        }
    }

    /// The directory for what a user asked for (clear, summary): a refusal is the error.
    private func openForUser(creating: Bool) throws(ResponseCacheError) -> CacheDirectory? {
        do throws(CacheDirectoryRefusal) {
            return try CacheDirectory.open(directory.path, creating: creating)
        } catch {
            throw ResponseCacheError(error.description)
        }
    }

    private func list(_ folder: borrowing CacheDirectory) throws(ResponseCacheError) -> (
        entries: [CacheDirectory.Listing], temporaries: [CacheDirectory.Listing]
    ) {
        do throws(FileFailure) {
            return try folder.listing()
        } catch {
            throw ResponseCacheError("\(folder.path) could not be read: \(error)")
        }
    }

    /// Removes an entry that cannot be used (this user's: refused files never come here).
    private func drop(_ name: String, in folder: borrowing CacheDirectory, because reason: String) {
        report(.entry, folder.path(of: name), "was dropped: \(reason)")
        do throws(FileFailure) {
            try folder.remove(name)
        } catch {
            report(.entry, folder.path(of: name), "could not be removed: \(error)")
        }
    }

    func report(_ subject: FileResponseCacheProblem.Subject, _ path: String, _ detail: String) {
        onProblem(FileResponseCacheProblem(subject: subject, path: path, detail: detail))
    }
}
