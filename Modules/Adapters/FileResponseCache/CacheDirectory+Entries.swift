import PrivateFiles

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Entries and temporary files in the cache's directory: only names the cache itself
/// makes (see ``EntryFormat``) and files this user owns are ever read, counted or removed.
extension CacheDirectory {
    /// What reading an entry's file found.
    enum EntryRead {
        case missing
        case read(Data)
        /// Not to be trusted (a link, another user's, writable by others): left alone.
        case refused(OwnershipProblem)
        /// Larger than the cache may hold: the file was not read.
        case tooLarge(Int)
        case failed(String)
    }

    /// A file of the cache's, its size and when it was last written or used.
    struct Listing {
        let name: String
        let size: Int
        let lastUsed: Date
    }

    /// The bytes of entry `name`, checked before they are read: one `fstat`, then at most
    /// `limit` bytes.
    func readEntry(_ name: String, limit: Int) -> EntryRead {
        let file: Int32
        do throws(FileFailure) {
            guard let opened = try openForReading(name) else { return .missing }
            file = opened
        } catch {
            return error.code == ELOOP ? .refused(.symbolicLink) : .failed(error.description)
        }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0 else { return .failed(FileFailure(call: "stat", code: errno).description) }
        if let problem = OwnershipProblem.ofFile(info) { return .refused(problem) }
        let size = Int(info.st_size)
        guard size <= limit else { return .tooLarge(size) }
        var data = Data(count: size)
        var total = 0
        while total < size {
            let count = data.withUnsafeMutableBytes { read(file, $0.baseAddress! + total, size - total) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failed(FileFailure(call: "read", code: errno).description) }
            if count == 0 { break }
            total += count
        }
        return .read(data.prefix(total))
    }

    /// Marks entry `name` used now (its modification time); `false` when it could not be.
    /// An entry another process removed meanwhile needs no marking.
    func markUsed(_ name: String) -> Bool {
        utimensat(descriptor, name, nil, AT_SYMLINK_NOFOLLOW) == 0 || errno == ENOENT
    }

    /// The entries of this user's, and the temporary files of this user's that a write
    /// left behind; files that vanish while they are listed (another process renamed or
    /// removed them) are skipped.
    func listing() throws(FileFailure) -> (entries: [Listing], temporaries: [Listing]) {
        var entries: [Listing] = []
        var temporaries: [Listing] = []
        for name in try names() {
            let isEntry = EntryFormat.isEntryName(name)
            guard isEntry || EntryFormat.isTemporaryName(name), let info = try status(of: name),
                OwnershipProblem.ofFile(info) == nil
            else { continue }
            #if canImport(Darwin)
                let modified = info.st_mtimespec
            #else
                let modified = info.st_mtim
            #endif
            let listing = Listing(
                name: name, size: Int(info.st_size),
                lastUsed: Date(timeIntervalSince1970: Double(modified.tv_sec) + Double(modified.tv_nsec) / 1e9))
            if isEntry { entries.append(listing) } else { temporaries.append(listing) }
        }
        return (entries, temporaries)
    }
}
