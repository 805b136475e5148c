import Foundation

/// The API's JSON fixtures, read from the one copy in the repository (the Stubs
/// adapter's resources), so tests of any module use the same bytes without depending
/// on the Stubs module.
public enum Fixtures {
    /// The repository's root directory.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The directory that holds the fixtures.
    public static let directory = repositoryRoot.appendingPathComponent("Modules/Adapters/Stubs/Resources")

    /// The names of every fixture file, without the `.json` extension.
    public static let names = [
        "auth-failure", "auth-success", "episodes-catalog", "episodes",
        "update-progress-for-video", "video-progress", "video",
    ]

    /// The bytes of fixture `name` (without `.json`).
    public static func data(named name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent("\(name).json"))
    }
}
