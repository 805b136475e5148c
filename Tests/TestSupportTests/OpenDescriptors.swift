import Foundation

/// The descriptors this test process has open (`/proc/self/fd`), to find leaks by.
enum OpenDescriptors {
    /// Whether this system lists them (Linux's `/proc`).
    static let available = FileManager.default.fileExists(atPath: "/proc/self/fd")

    /// How many are open now.
    static func count() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }

    /// The most open over a second, taken before a test's work: compared with the fewest
    /// after it (``settledCount()``), what other tests hold for a moment counts for the
    /// work, never against it (a single count before once made 20 keyrings look like 32 leaks).
    static func busiestCount() async throws -> Int {
        var most = 0
        for _ in 0..<10 {
            most = max(most, try count())
            try await Task.sleep(for: .milliseconds(100))
        }
        return most
    }

    /// The fewest open over five seconds: other tests' descriptors come and go, a leak stays.
    /// (One second was too short under AddressSanitizer, whose slower suite has more tests
    /// holding descriptors at once: 38 more seen after 20 keyrings, none with the test alone.)
    static func settledCount() async throws -> Int {
        var fewest = Int.max
        for _ in 0..<50 {
            fewest = min(fewest, try count())
            try await Task.sleep(for: .milliseconds(100))
        }
        return fewest
    }
}
