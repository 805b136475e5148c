import Foundation

/// Executables built beside the test bundle (`swift build` puts every product of the
/// package in one directory).
public enum BuiltProduct {
    /// The directory of the running test binary.
    public static let directory: URL = URL(
        fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
    ).deletingLastPathComponent()

    /// The built executable `name`.
    public static func url(named name: String) -> URL {
        directory.appendingPathComponent(name)
    }
}
