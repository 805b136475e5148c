import CCurl
import Synchronization

/// The 256 bytes where curl writes what went wrong with a transfer (`CURLOPT_ERRORBUFFER`),
/// owned by an object of its own so that every path frees it: a transfer refused while it
/// is being made (a header it cannot carry, `curl_easy_init` failing) never runs its own
/// `deinit`, but the properties it had set are released, this one among them.
final class CurlErrorBuffer {
    /// Buffers allocated and not yet freed, in the whole process: a refused request that
    /// kept its buffer would show here (`CurlTransferOwnershipTests`).
    static let live = Atomic<Int>(0)

    /// The buffer curl writes into, NUL-terminated, empty until it says something.
    let pointer: UnsafeMutablePointer<CChar>

    init() {
        pointer = .allocate(capacity: Int(CCURL_ERROR_SIZE))
        pointer.initialize(repeating: 0, count: Int(CCURL_ERROR_SIZE))
        Self.live.add(1, ordering: .relaxed)
    }

    deinit {
        pointer.deallocate()
        Self.live.subtract(1, ordering: .relaxed)
    }

    /// What curl wrote, or `""`.
    var message: String { String(cString: pointer) }
}
