import Foundation

/// What the process holds right now, read from `/proc/self`.
struct ProcessResources: Codable, Equatable {
    let openFiles: Int
    let threads: Int
    let residentKiB: Int

    static func now() -> ProcessResources {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? -1
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let rss =
            status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
            .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") } ?? -1
        return ProcessResources(openFiles: files - 1, threads: threads, residentKiB: rss)  // minus the listing's own
    }
}
