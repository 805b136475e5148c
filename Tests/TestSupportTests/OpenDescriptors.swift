import Foundation

/// The descriptors this test process has open (`/proc/self/fd`), to find leaks by.
enum OpenDescriptors {
    /// Whether this system lists them (Linux's `/proc`).
    static let available = FileManager.default.fileExists(atPath: "/proc/self/fd")

    /// How many are open now.
    static func count() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }

    /// The fewest open over a second: other tests' descriptors come and go, a leak stays.
    static func settledCount() async throws -> Int {
        var fewest = Int.max
        for _ in 0..<10 {
            fewest = min(fewest, try count())
            try await Task.sleep(for: .milliseconds(100))
        }
        return fewest
    }
}
