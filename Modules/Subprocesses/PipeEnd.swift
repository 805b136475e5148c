import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// This process's end of a pipe to a child (``Subprocess/Stream/pipe``): close-on-exec, so
/// that no other child inherits it, and closed exactly once — by ``close()``, or when it is
/// dropped.
public final class PipeEnd: Sendable {
    private let state: Mutex<Int32>  // the descriptor, -1 once closed

    private init(_ descriptor: Int32) {
        state = Mutex(descriptor)
    }

    deinit {
        close()
    }

    /// The descriptor while open, else -1: for `poll`, which does not keep it. Reading and
    /// writing go through ``withDescriptor(_:)``, which holds it open meanwhile.
    public var descriptor: Int32 { state.withLock { $0 } }

    /// Closes the descriptor, once; later calls do nothing.
    public func close() {
        state.withLock { descriptor in
            if descriptor >= 0 { closeDescriptor(descriptor) }
            descriptor = -1
        }
    }

    /// Runs `body` with the open descriptor, holding it open meanwhile; `nil` once closed.
    public func withDescriptor<T>(_ body: (Int32) -> T) -> T? {
        state.withLock { $0 >= 0 ? body($0) : nil }
    }

    /// Makes reads and writes return at once (`EAGAIN`) instead of waiting, for a reader
    /// that polls.
    public func makeNonBlocking() {
        _ = withDescriptor { fcntl($0, F_SETFL, fcntl($0, F_GETFL) | O_NONBLOCK) }
    }

    /// A new pipe: its reading and its writing end, both close-on-exec from the start
    /// (`pipe2`), so that no child another thread spawns meanwhile inherits either.
    static func makePipe() throws(SpawnError) -> (reading: PipeEnd, writing: PipeEnd) {
        var descriptors: [Int32] = [-1, -1]
        #if canImport(Glibc)
            guard let pipe2 = SystemFunctions.pipe2 else { throw SpawnError(code: ENOSYS, step: "pipe2") }
            guard pipe2(&descriptors, O_CLOEXEC) == 0 else { throw SpawnError(code: errno, step: "pipe2") }
        #else
            // No pipe2: a spawn between these calls is harmless, as every spawn of ours closes
            // what it does not name (POSIX_SPAWN_CLOEXEC_DEFAULT).
            guard pipe(&descriptors) == 0 else { throw SpawnError(code: errno, step: "pipe") }
            for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        #endif
        return (PipeEnd(descriptors[0]), PipeEnd(descriptors[1]))
    }
}

/// `close(2)`, outside the type whose `close()` shadows the name.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
