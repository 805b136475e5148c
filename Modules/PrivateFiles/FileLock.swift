import Dispatch
import Domain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory `flock` on a lock file beside the store, shared by every process that
/// uses the store. Waiting polls with a growing pause — suspending the caller, never
/// blocking a thread — and gives up after `timeout` with
/// ``/Domain/StoreError/lockTimeout(path:seconds:)`` rather than hanging. The token file and the
/// keyring each take one, so that every process excludes the others whichever holds the pair.
public struct FileLock: Sendable {
    public let path: String
    public let timeout: Duration

    /// A lock on the file at `path` (created 0600 when missing; its directory must exist).
    public init(path: String, timeout: Duration) {
        self.path = path
        self.timeout = timeout
    }

    /// Takes the lock, suspending (not blocking a thread) while another process holds it.
    /// A caller cancelled while it waits stops waiting (it holds nothing and has sent
    /// nothing yet); the pause between tries itself ignores cancellation, so the loop never
    /// spins.
    public func acquire() async throws(StoreError) -> Int32 {
        let descriptor = try openLockFile()
        var pause: Duration = .milliseconds(1)
        let deadline = ContinuousClock.now + timeout
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard ContinuousClock.now < deadline else {
                close(descriptor)
                let (seconds, attoseconds) = timeout.components
                throw .lockTimeout(path: path, seconds: Double(seconds) + Double(attoseconds) / 1e18)
            }
            guard !Task.isCancelled else {
                close(descriptor)
                throw .io(path: path, detail: "the wait for the lock was cancelled")
            }
            await Self.pause(for: pause)
            pause = min(pause * 2, .milliseconds(20))
        }
        return descriptor
    }

    private static func pause(for duration: Duration) async {
        let microseconds = Int(duration.components.attoseconds / 1_000_000_000_000)
        await withCheckedContinuation { continuation in
            DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds(microseconds)) { continuation.resume() }
        }
    }

    /// Releases the lock taken by `acquire`.
    public func release(_ descriptor: Int32) {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Opens (or creates, 0600) the lock file without following a link planted at its
    /// path, and refuses one that another user could hold or replace.
    private func openLockFile() throws(StoreError) -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            guard errno == ELOOP else { throw .io(path: path, detail: String(cString: strerror(errno))) }
            throw .untrustedLocation(
                path: path, problem: "is a symbolic link",
                fix: "Remove it (`rm \(shellQuoted(path))`) and try again.")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let failure = StoreError.io(path: path, detail: String(cString: strerror(errno)))
            close(descriptor)
            throw failure
        }
        guard let problem = OwnershipProblem.ofFile(info) else { return descriptor }
        close(descriptor)
        throw .untrustedLocation(
            path: path, problem: problem.description, fix: "Remove it (`rm \(shellQuoted(path))`) and try again.")
    }
}
