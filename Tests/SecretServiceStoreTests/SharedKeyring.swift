import Foundation
import PortContracts
import Synchronization
import TestSupport
import Testing

/// The one private keyring this test process talks to in-process.
///
/// libsecret keeps one connection to the session bus per process, found through
/// `DBUS_SESSION_BUS_ADDRESS` at its first use: so the address is set once, before any
/// test opens a store, and every test shares the keyring (each with its own
/// `application` attribute, so their items never meet). It is stopped when the process exits.
enum SharedKeyring {
    /// The running keyring, or why there is none.
    static let started = Task { () async -> Result<PrivateKeyring, any Error> in
        if let missing = PrivateKeyring.missing { return .failure(Missing(reason: missing)) }
        let home = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "cocoacasts-keyring-\(UUID().uuidString.prefix(8))")
        do {
            let keyring = try await PrivateKeyring.start(home: home)
            setenv("DBUS_SESSION_BUS_ADDRESS", keyring.busAddress, 1)
            running.withLock { $0 = keyring }
            atexit {
                SharedKeyring.running.withLock { keyring in
                    keyring?.kill()
                    // Best effort at exit: a leftover directory in the temporary folder harms nothing.
                    if let home = keyring?.home { try? FileManager.default.removeItem(at: home) }
                }
            }
            return .success(keyring)
        } catch {
            return .failure(error)
        }
    }

    private static let running = Mutex<PrivateKeyring?>(nil)

    /// The keyring, or `nil` after the test was marked skipped with the reason.
    static func keyring() async throws -> PrivateKeyring? {
        switch await started.value {
        case .success(let keyring): return keyring
        case .failure(let missing as Missing):
            try skip(because: missing.reason)
            return nil
        case .failure(let error):
            throw error  // a keyring that is installed but does not start is a failure, not a skip
        }
    }

    struct Missing: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }
}
