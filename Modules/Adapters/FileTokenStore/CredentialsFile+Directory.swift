import Domain
import Foundation

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
    /// tokens: one that is a symbolic link (it is not resolved: a link could lead anywhere,
    /// and to check where it leads now proves nothing about later), is not a directory,
    /// belongs to another user, or is writable by its group or others. A directory that
    /// does not exist yet passes (it is created private).
    func checkDirectory() throws(StoreError) {
        var info = stat()
        guard lstat(directory, &info) == 0 else {
            if errno == ENOENT { return }
            throw .io(path: directory, detail: Self.describe(errno))
        }
        let mode = info.st_mode & 0o7777
        let problem: (String, String)? =
            if info.st_mode & S_IFMT == S_IFLNK {
                (
                    "is a symbolic link",
                    "Replace it with a directory of your own (`mkdir -m 700`), or choose another place with --store."
                )
            } else if info.st_mode & S_IFMT != S_IFDIR {
                ("is not a directory", "Move it away and try again: a private directory is created in its place.")
            } else if info.st_uid != geteuid() {
                (
                    "belongs to another user",
                    "Move it away and try again: a private directory is created in its place."
                )
            } else if mode & 0o022 != 0 {
                (
                    "is writable by other users (mode \(String(mode, radix: 8)))",
                    "Run `chmod 700 \(Self.shellQuoted(directory))` and try again."
                )
            } else {
                nil
            }
        if let (problem, fix) = problem { throw .untrustedLocation(path: directory, problem: problem, fix: fix) }
    }

    /// `path` as a shell word: as it is when it holds nothing a shell would act on, else in
    /// single quotes, so a fix the user copies runs on the right file.
    static func shellQuoted(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "/._-+~@%,:".unicodeScalars.contains($0)
        }
        return plain ? path : "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// Flushes the directory, so that a rename survives a crash.
    func syncDirectory() {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

}
