import Foundation

/// A home of its own for the `cocoacasts` runs of a row, signed in to a mock server as the
/// demo account; ``remove()`` takes it away with whatever the runs wrote there.
struct BenchHome {
    let directory: URL
    /// The environment of every run: the home and its XDG folders, a plain `PATH`, the server.
    let environment: [String: String]

    /// Its `XDG_CONFIG_HOME`, where the token file and the players' settings go.
    var configuration: URL { directory.appendingPathComponent("config") }

    /// A new home signed in to `server`; `name` tells its folder from the other rows'.
    init(signedInTo server: URL, cli: String, name: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cocoacasts-bench-\(name)-\(UUID())")
        environment = [
            "HOME": directory.path, "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
            "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path,
            "PATH": "/usr/local/bin:/usr/bin:/bin", "COCOACASTS_BASE_URL": server.absoluteString,
        ]
        let signIn = Spawn.run(
            cli, ["signin", "--email", "demo@cocoacasts.com", "--password-stdin"], environment: environment,
            input: "cocoacasts\n")
        guard signIn.status == 0 else {
            remove()
            throw BenchmarkError.unexpected("signin exited \(signIn.status)")
        }
    }

    /// Removes the home; one that cannot be removed is said, as it may hold large copies.
    func remove() {
        do {
            try FileManager.default.removeItem(at: directory)
        } catch {
            print("(could not remove \(directory.path): \(error))")
        }
    }
}
