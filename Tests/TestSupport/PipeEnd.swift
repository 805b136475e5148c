import Foundation
import Synchronization

/// One end of a pipe (or `/dev/null`) this process holds: close-on-exec, and closed exactly
/// once — by ``close()``, or when it is dropped.
public final class PipeEnd: Sendable {
    private let state: Mutex<Int32>  // the descriptor, -1 once closed

    private init(_ descriptor: Int32) {
        state = Mutex(descriptor)
    }

    deinit {
        close()
    }

    /// The descriptor while open, else -1: for `posix_spawn` and `poll`, which do not keep it.
    var descriptor: Int32 { state.withLock { $0 } }

    /// Closes the descriptor, once; later calls do nothing.
    public func close() {
        state.withLock { descriptor in
            if descriptor >= 0 { closeDescriptor(descriptor) }
            descriptor = -1
        }
    }

    /// Runs `body` with the open descriptor, holding it open meanwhile; `nil` once closed.
    func withDescriptor<T>(_ body: (Int32) -> T) -> T? {
        state.withLock { $0 >= 0 ? body($0) : nil }
    }

    /// A new pipe: its reading and its writing end, both close-on-exec (`pipe2`, so that no
    /// child spawned by another thread meanwhile inherits either).
    static func makePipe() throws -> (reading: PipeEnd, writing: PipeEnd) {
        var descriptors: [Int32] = [-1, -1]
        #if canImport(Glibc)
            guard let pipe2 = CFunction.pipe2, pipe2(&descriptors, O_CLOEXEC) == 0 else {
                throw SpawnError.system("pipe2", errno)
            }
        #else
            // No pipe2: a spawn between these calls is harmless, as every spawn of ours closes
            // what it does not name (POSIX_SPAWN_CLOEXEC_DEFAULT).
            guard pipe(&descriptors) == 0 else { throw SpawnError.system("pipe", errno) }
            for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        #endif
        return (PipeEnd(descriptors[0]), PipeEnd(descriptors[1]))
    }

    /// `/dev/null`, for reading and writing, close-on-exec.
    static func openNullDevice() throws -> PipeEnd {
        let descriptor = open("/dev/null", O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw SpawnError.system("open /dev/null", errno) }
        return PipeEnd(descriptor)
    }

    /// Makes reads and writes return at once instead of waiting (the parent's ends, which
    /// ``PipeTraffic`` polls).
    func makeNonBlocking() {
        _ = withDescriptor { fcntl($0, F_SETFL, fcntl($0, F_GETFL) | O_NONBLOCK) }
    }
}

/// `close(2)`, outside the type whose `close()` shadows the name.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

/// Why a child could not be started.
public enum SpawnError: Error, CustomStringConvertible {
    /// A system call failed with `errno`.
    case system(String, Int32)

    public var description: String {
        switch self {
        case .system(let call, let number): "\(call) failed: \(String(cString: strerror(number)))"
        }
    }
}
