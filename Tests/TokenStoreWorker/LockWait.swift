import Domain
import FileTokenStore
import Foundation
import Ports
import Stores

/// `writers` tasks store a pair while another process holds the lock (each gives up after
/// half a second), and a ticker beside them counts its 10 ms sleeps. Prints
/// `ticks <n> failures <m>`: waiting tasks that blocked the runtime's threads (two on a
/// two-core machine) would leave the ticker almost no ticks; waiting tasks that suspend
/// leave it about a hundred a second.
func waitForLock(store url: URL, origin: Origin, writers: Int) async {
    let store = KeyValueTokenStore.credentialsFile(at: url, origin: origin, lockTimeout: .milliseconds(500))
    let waiting = (0..<writers).map { index in
        Task { () async -> Bool in
            do throws(StoreError) {
                try await store.setTokens(TokenPair(accessToken: "w\(index)", refreshToken: "w\(index)"))
                return false
            } catch {
                return error.description.contains("held the lock")
            }
        }
    }
    let ticker = Task { () async -> Int in
        var ticks = 0
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(10))
            ticks += 1
        }
        return ticks
    }
    var failures = 0
    for writer in waiting where await writer.value { failures += 1 }
    ticker.cancel()
    print("ticks \(await ticker.value) failures \(failures)")
}
