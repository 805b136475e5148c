import CSecret
import Dispatch
import Synchronization

/// Runs libsecret's blocking calls on one thread of their own — never on the concurrency
/// pool — each bounded by a deadline: when it passes, the call's GCancellable is
/// cancelled (GDBus then abandons the call) and the caller hears `.timedOut` at once.
struct KeyringCalls: Sendable {
    let library: LibSecret
    let deadline: Duration
    /// The one thread, shared by the copies.
    private let queue = DispatchQueue(label: "cocoacasts.keyring")

    /// What went wrong in a call.
    enum Failure: Error, Equatable {
        /// libsecret's error message.
        case failed(String)
        /// The deadline passed first.
        case timedOut
    }

    /// Runs `work` on the keyring's thread with a cancellable; the first of its result and
    /// the deadline wins.
    func run<T: Sendable>(
        _ work: @escaping @Sendable (_ cancellable: Pointer) -> Result<T, Failure>
    ) async -> Result<T, Failure> {
        let library = library
        let call = Call<T>(cancellable: Pointer(raw: library.functions.cancellable_new()))
        let seconds = Double(deadline.components.seconds) + Double(deadline.components.attoseconds) / 1e18
        return await withCheckedContinuation { continuation in
            call.continuation.withLock { $0 = continuation }
            queue.async {
                let result = work(call.cancellable)
                call.finish(result) { library.functions.object_unref($0.raw) }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                call.expire { library.functions.cancellable_cancel($0.raw) }
            }
        }
    }
}

/// A pointer into libsecret handed between the caller and the keyring's thread.
struct Pointer: @unchecked Sendable {
    // @unchecked: GObjects are reference-counted with atomic operations and libsecret's
    // objects may be used from any thread; each use here is serialized on one queue.
    let raw: UnsafeMutableRawPointer?
}

/// One call's state: whoever comes first (the result or the deadline) resumes the caller;
/// the cancellable is cancelled only while it is alive, and released once, after the call.
private final class Call<T: Sendable>: Sendable {
    let cancellable: Pointer
    let continuation = Mutex<CheckedContinuation<Result<T, KeyringCalls.Failure>, Never>?>(nil)
    private let finished = Mutex(false)

    init(cancellable: Pointer) {
        self.cancellable = cancellable
    }

    func finish(_ result: Result<T, KeyringCalls.Failure>, release: (Pointer) -> Void) {
        finished.withLock { finished in
            finished = true
            release(cancellable)
        }
        continuation.withLock { $0.take() }?.resume(returning: result)
    }

    /// Claims the caller before cancelling: the cancelled call then returns at once with
    /// "Operation was cancelled", which must not reach the caller in place of `.timedOut`.
    func expire(cancel: (Pointer) -> Void) {
        guard let caller = continuation.withLock({ $0.take() }) else { return }
        finished.withLock { finished in
            if !finished { cancel(cancellable) }
        }
        caller.resume(returning: .failure(.timedOut))
    }
}
