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

    /// Writes `contents` as an executable file (mode 755) at `target`.
    ///
    /// `install(1)` writes the file, not this process: a process that starts a child while
    /// it holds a file open for writing lends the child that descriptor until the child's
    /// `exec`, and executing the file meanwhile fails with ETXTBSY ("Text file busy") — which
    /// the parallel tests of this process, each starting children, once hit.
    public static func writeExecutable(_ contents: String, to target: URL) async throws {
        let staged = target.deletingLastPathComponent().appendingPathComponent(".\(UUID().uuidString).staged")
        try contents.write(to: staged, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: staged) }
        let installed = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/install"), ["-m", "755", staged.path, target.path])
        guard installed.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: installed.stderr])
        }
    }

    /// The octal permission bits of `url`, such as `"600"`.
    public static func mode(of url: URL) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return String((attributes[.posixPermissions] as? Int ?? -1) & 0o777, radix: 8)
    }
}
