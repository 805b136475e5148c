import Domain
import FileTokenStore
import Foundation
import PortContracts
import Ports
import Stores

/// Stores in a temporary directory, with the origins tests use.
enum StoreFixture {
    static let origin = Origin(URL(string: "http://127.0.0.1:8080/api/v1")!)!
    static let otherOrigin = Origin(URL(string: "https://api.example.com/api/v1")!)!

    /// The credentials file a test's stores share: inside a directory that does not exist yet.
    static func credentials(in directory: TemporaryDirectory) -> URL {
        directory.file("config/cocoacasts/credentials.json")
    }

    /// A store of the test's file. Its lock wait is long, so that stores of one test taking
    /// turns never give up on a busy machine; a test of giving up passes its own.
    static func store(
        in directory: TemporaryDirectory, origin: Origin = origin, lockTimeout: Duration = .seconds(60),
        notices: @escaping @Sendable (String) -> Void = { _ in }
    ) -> KeyValueTokenStore {
        .credentialsFile(at: credentials(in: directory), origin: origin, lockTimeout: lockTimeout, notices: notices)
    }

    static func write(_ text: String, to url: URL, mode: Int = 0o600) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }
}
