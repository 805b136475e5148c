import Foundation

/// A fresh directory under the system's temporary directory, removed with its contents
/// when the closure that uses it returns or throws.
public struct TemporaryDirectory: Sendable {
    public let url: URL

    /// Runs `body` with a new temporary directory.
    public static func with<T>(_ body: (TemporaryDirectory) async throws -> T) async throws -> T {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("cocoacasts-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try await body(TemporaryDirectory(url: url))
    }

    /// A path inside the directory.
    public func file(_ relativePath: String) -> URL {
        url.appendingPathComponent(relativePath)
    }

    /// The octal permission bits of `url`, such as `"600"`.
    public static func mode(of url: URL) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return String((attributes[.posixPermissions] as? Int ?? -1) & 0o777, radix: 8)
    }
}
