import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A thread of its own for work that blocks (in `poll`, `waitid`, `curl_multi_poll`), started
/// with POSIX threads directly.
///
/// Foundation's `Thread` would do the same, but on Linux it is a CoreFoundation object, and
/// naming it links CoreFoundation and ICU's tables (some 36 MB) into every binary that uses it.
public enum DetachedThread {
    /// Runs `body` on a new detached thread named `name` (the kernel keeps its first 15
    /// bytes) with `stackSize` bytes of stack. Should the system refuse a thread (`EAGAIN`:
    /// a limit on threads reached), `body` runs on one of Dispatch's instead, which it then
    /// occupies while it blocks — late rather than never.
    public static func run(name: String, stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Context(name: name, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, max(stackSize, Int(PTHREAD_STACK_MIN)))
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?
        #endif
        guard pthread_create(&thread, &attributes, threadEntry, context) != 0 else { return }
        Unmanaged<Context>.fromOpaque(context).release()
        DispatchQueue.global().async(execute: body)
    }

    /// What the new thread runs, handed over retained.
    fileprivate final class Context: Sendable {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            var name = name
            while name.utf8.count > 15 { name.removeLast() }
            self.name = name
            self.body = body
        }
    }
}

/// The new thread's entry: names it, then runs the body and lets the context go.
#if canImport(Glibc)
    private func threadEntry(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        let context = Unmanaged<DetachedThread.Context>.fromOpaque(context!).takeRetainedValue()
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
        let context = Unmanaged<DetachedThread.Context>.fromOpaque(context).takeRetainedValue()
        pthread_setname_np(context.name)
        context.body()
        return nil
    }
#endif
