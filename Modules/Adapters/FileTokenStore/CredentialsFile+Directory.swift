import Domain
import Foundation
import PrivateFiles

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
    /// Renames the file to `<name>.corrupt-<UTC timestamp>` beside it and returns the new path.
    func moveAside(at date: Date = Date()) throws(StoreError) -> String {
        let stamp = ISO8601DateFormatter.string(
            from: date, timeZone: TimeZone(identifier: "UTC")!,
            formatOptions: [
                .withYear, .withMonth, .withDay, .withTime, .withTimeZone,
            ])
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
        let prefix = ".\((path as NSString).lastPathComponent).tmp-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix(prefix) { unlink("\(directory)/\(name)") }
    }

    /// Creates the directory with `mkdir(2)` mode 0700 — private from its first moment
    /// (a umask can only take bits away) — and any missing parents, when it does not
    /// exist; then checks it as ssh checks `~/.ssh` (see ``checkDirectory()``).
    func ensureDirectory() throws(StoreError) {
        let parent = (directory as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw .io(path: parent, detail: "the directory could not be created (\(error.localizedDescription))")
        }
        guard mkdir(directory, 0o700) == 0 || errno == EEXIST else {
            throw .io(path: directory, detail: "the directory could not be created (\(Self.describe(errno)))")
        }
        try checkDirectory()
    }

    /// Refuses a directory that another user could use to replace, remove or lock the
    /// tokens (see ``OwnershipProblem``). A directory that does not exist yet passes (it is
    /// created private).
    func checkDirectory() throws(StoreError) {
        var info = stat()
        guard lstat(directory, &info) == 0 else {
            if errno == ENOENT { return }
            throw .io(path: directory, detail: Self.describe(errno))
        }
        guard let problem = OwnershipProblem.ofDirectory(info) else { return }
        let fix =
            switch problem {
            case .symbolicLink:
                "Replace it with a directory of your own (`mkdir -m 700`), or choose another place with --store."
            case .writableByOthers: "Run `chmod 700 \(shellQuoted(directory))` and try again."
            case .notADirectory, .notAFile, .otherOwner:
                "Move it away and try again: a private directory is created in its place."
            }
        throw .untrustedLocation(path: directory, problem: problem.description, fix: fix)
    }

    /// Flushes the directory, so that a rename survives a crash.
    func syncDirectory() {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

}
