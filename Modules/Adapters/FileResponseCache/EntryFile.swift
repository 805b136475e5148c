import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file operations of the cache, in POSIX terms where modes and atomicity matter.
enum EntryFile {
    /// What reading a file found.
    enum ReadResult {
        case missing
        case read(Data)
        case failed(String)
    }

    /// An entry's file, its size and when it was last used.
    struct Listing {
        let url: URL
        let size: Int
        let lastUsed: Date
    }

    /// The file's bytes; a file that is not there is `missing`, not a failure.
    static func read(_ url: URL) -> ReadResult {
        do {
            return .read(try Data(contentsOf: url))
        } catch CocoaError.fileReadNoSuchFile {
            return .missing
        } catch {
            return .failed(error.localizedDescription)
        }
    }

    /// Creates `directory` (and its parents) when missing, and makes it `0700`.
    static func createPrivateDirectory(_ directory: URL) throws {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        guard chmod(directory.path, 0o700) == 0 else { throw POSIXFailure("chmod", errno) }
    }

    /// Writes `data` to a new `0600` temporary file beside `url` and renames it over `url`.
    ///
    /// Not flushed to disk: a reader sees the old entry or the new one whole, and after a
    /// crash an entry cut short reads as corrupt and is dropped and fetched again — cheaper
    /// for a cache than an `fsync` on every revalidation.
    static func writeAtomically(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw POSIXFailure("open", errno) }
        var failure: POSIXFailure?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, failure == nil {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno != EINTR {
                    failure = POSIXFailure("write", errno)
                }
            }
        }
        close(descriptor)
        if failure == nil, rename(temporary, url.path) != 0 { failure = POSIXFailure("rename", errno) }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// Marks the file used now; `false` when it could not be (it only ages sooner).
    static func touch(_ url: URL) -> Bool {
        utimes(url.path, nil) == 0
    }

    /// Removes the file; `nil` when done or it was not there, else what went wrong.
    static func remove(_ url: URL) -> String? {
        unlink(url.path) == 0 || errno == ENOENT ? nil : String(cString: strerror(errno))
    }

    /// The entries in `directory`, and the temporary files left by writes that were cut off;
    /// none when the directory does not exist yet.
    static func entries(in directory: URL) throws -> [Listing] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch CocoaError.fileReadNoSuchFile {
            return []
        }
        return try names.filter { $0.hasSuffix(EntryFormat.suffix) || $0.hasSuffix(".tmp") }.compactMap { name in
            let url = directory.appendingPathComponent(name)
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { return nil }
            return Listing(
                url: url, size: (attributes[.size] as? NSNumber)?.intValue ?? 0,
                lastUsed: attributes[.modificationDate] as? Date ?? .distantPast)
        }
    }
}

/// A system call that failed, with its errno's text.
struct POSIXFailure: Error, CustomStringConvertible {
    let description: String

    init(_ call: String, _ code: Int32) {
        description = "\(call): \(String(cString: strerror(code)))"
    }
}
