import Domain
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

/// The directory around the credentials file: creating it privately, flushing it, and
/// the files that live beside the credentials.
extension CredentialsFile {
    /// The stamp of a file moved aside: ISO 8601's basic format in UTC, `20231114T221320Z`,
    /// which sorts by time as text.
    static let asideStamp = Date.ISO8601FormatStyle(dateSeparator: .omitted, timeSeparator: .omitted)

    /// Renames the file to `<name>.corrupt-<UTC timestamp>` beside it and returns the new path.
    func moveAside(at date: Date = Date()) throws(StoreError) -> String {
        let stamp = Self.asideStamp.format(date)
        var target = "\(path).corrupt-\(stamp)"
        var counter = 1
        while access(target, F_OK) == 0 {
            counter += 1
            target = "\(path).corrupt-\(stamp)-\(counter)"
        }
        guard rename(path, target) == 0 else { throw .io(path: path, detail: Self.describe(errno)) }
        syncDirectory()
        return target
    }

    /// Removes temporary files that a writer killed before its rename left behind. Only
    /// call it while holding the store's lock, when no other writer is mid-write.
    func removeAbandonedTemporaryFiles() {
        let prefix = ".\(Path.lastComponent(of: path)).tmp-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix(prefix) { unlink("\(directory)/\(name)") }
    }

    /// Creates the directory private and checks it (see ``/PrivateFiles/PrivateDirectory/ensure(holding:)``).
    func ensureDirectory() throws(StoreError) {
        try PrivateDirectory(path: directory).ensure(holding: path)
    }

    /// Flushes the directory, so that a rename survives a crash.
    func syncDirectory() {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
