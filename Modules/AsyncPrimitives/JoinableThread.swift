import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A thread of its own for work that blocks (in `curl_multi_poll`, `poll`, `waitid`), which
/// its owner waits for with ``join()``: once that returns, the thread has run its last
/// instruction, thread-local destructors included. One released unjoined is detached, so its
/// resources go back to the system when it ends.
///
/// Started with POSIX threads directly: Foundation's `Thread` would do the same, but on Linux
/// it is a CoreFoundation object, and naming it links CoreFoundation and ICU's tables (some
/// 36 MB) into every binary that uses it.
///
/// A library's exit handler (libcrypto's `OPENSSL_cleanup`, run by `exit`) frees what such
/// a thread may still be using while it tears its own state down; joining it first is what
/// makes the process's exit safe.
public final class JoinableThread: Sendable {
    // A thread handle (a pointer on Darwin) is joined or detached once, under `joined`'s lock.
    private enum Handle: @unchecked Sendable {
        case thread(pthread_t)
        case dispatched(DispatchSemaphore)
    }

    private let handle: Handle
    /// Whether the thread was joined; held while it is, so that every caller returns after the end.
    private let joined = Mutex(false)

    /// Starts `body` on a new thread named `name` (the kernel keeps its first 15 bytes) with
    /// `stackSize` bytes of stack; should the system refuse a thread (`EAGAIN`: a limit on
    /// threads reached), on one of Dispatch's, which ``join()`` then waits for all the same.
    public init(name: String, stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        if let thread = Self.start(name: name, stackSize: stackSize, body) {
            handle = .thread(thread)
        } else {
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                body()
                done.signal()
            }
            handle = .dispatched(done)
        }
    }

    deinit {
        guard case .thread(let thread) = handle, !joined.withLock({ $0 }) else { return }
        pthread_detach(thread)
    }

    /// Blocks until the body has returned and its thread has ended; later calls return at
    /// once. Never call it from the thread itself.
    public func join() {
        joined.withLock { joined in
            guard !joined else { return }
            switch handle {
            case .thread(let thread): pthread_join(thread, nil)
            case .dispatched(let done): done.wait()
            }
            joined = true
        }
    }

    /// The thread running `body`, or `nil` when the system refused one.
    private static func start(name: String, stackSize: Int, _ body: @escaping @Sendable () -> Void) -> pthread_t? {
        let context = Unmanaged.passRetained(ThreadContext(name: name, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, max(stackSize, Int(PTHREAD_STACK_MIN)))
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?  // set by a `pthread_create` that succeeds
        #endif
        guard pthread_create(&thread, &attributes, threadEntry, context) == 0 else {
            Unmanaged<ThreadContext>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}

/// What the new thread runs, handed over retained.
private final class ThreadContext: Sendable {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        var name = name
        while name.utf8.count > 15 { name.removeLast() }
        self.name = name
        self.body = body
    }
}

/// The new thread's entry: names it, then runs the body and lets the context go.
#if canImport(Glibc)
    private func threadEntry(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        let context = Unmanaged<ThreadContext>.fromOpaque(context!).takeRetainedValue()
        _ = setName?(pthread_self(), context.name)
        context.body()
        return nil
    }

    /// glibc's `pthread_setname_np`, which its headers declare only under `_GNU_SOURCE`.
    private let setName = dlsym(nil, "pthread_setname_np").map {
        unsafeBitCast($0, to: (@convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32).self)
    }
#else
    private func threadEntry(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        let context = Unmanaged<ThreadContext>.fromOpaque(context).takeRetainedValue()
        pthread_setname_np(context.name)
        context.body()
        return nil
    }
#endif
