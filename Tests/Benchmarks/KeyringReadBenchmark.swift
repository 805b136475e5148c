import Domain
import FileTokenStore
import Foundation
import Ports
import SecretServiceStore
import Stores

/// 13. Reading the access token from the keyring (the Secret Service, over libsecret)
/// against reading it from the credentials file.
///
/// a. Warm: with the keyring's connection open, each read is one D-Bus search of the item,
///    its secret included, answered by another process; beside it row 5's two file reads.
///    Target: a keyring read at most 1 ms median, so that it stays small beside any
///    request it authorises.
/// b. Cold: opening the keyring — loading libsecret, connecting to the bus, opening a
///    session, finding the default collection — and the first read happen once per
///    process, so each sample is a child of its own (`--keyring-child`) that times just
///    that, beside a child that makes the file store and reads once. Target: at most
///    25 ms median, which every CLI command using the keyring pays.
///
/// It runs only against the private keyring Scripts/bench starts (`--keyring-bus`, the
/// bus the script also exports to this process), never the user's session bus, and its
/// items carry an `application` attribute of their own. Not in the instruction counts:
/// the time goes to D-Bus round trips and the keyring daemon, which callgrind, counting
/// this process's instructions, does not see.
enum KeyringReadBenchmark {
    static let origin = Origin(URL(string: "http://127.0.0.1:8080/api/v1")!)!

    static func run(runs: Int, benchmarkExecutable: String) async throws -> [Row] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cocoacasts-bench-keyring-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let application = "cocoacasts-bench-\(getpid())"
        let keyring = try await TokenStoreKind.keyring.tokenStore(application: application, directory: directory)
        let file = try await TokenStoreKind.file.tokenStore(application: application, directory: directory)
        for store in [keyring, file] {
            try await store.setTokens(TokenPair(accessToken: "a-\(UUID())", refreshToken: "r-\(UUID())"))
        }
        let parsing = KeyValueTokenStore(
            store: FileKeyValueStore(fileURL: TokenStoreKind.credentials(in: directory), cachesReads: false),
            scope: origin.description)
        let warm = try await Harness.compare(
            Variant("keyring, connection open", operations: 100) { try await read(keyring) },
            Variant("file, cached (stat + lookup)", operations: 2_000) { try await read(file) },
            Variant("file, parse every read", operations: 2_000) { try await read(parsing) },
            runs: runs)
        let cold = try coldReads(
            application: application, directory: directory, benchmarkExecutable: benchmarkExecutable, runs: runs)
        try await keyring.reset()
        let keyringRead = warm.a.median
        let opening = cold.a.median
        return [
            Row(
                benchmark: "13a. token read, keyring vs file", variants: warm.variants, ratio: warm.ratio,
                target: "keyring read ≤ 1 ms",
                measured: String(
                    format: "%@, %.0f× the cached file, %.0f× the parsed file", Report.time(keyringRead), warm.ratio,
                    warm.ratio(to: 2)),
                met: keyringRead <= 1e-3),
            Row(
                benchmark: "13b. keyring open + first read", variants: cold.variants, ratio: cold.ratio,
                target: "≤ 25 ms, once per process",
                measured: String(
                    format: "%@ (the file's first read: %@)", Report.time(opening), Report.time(cold.b.median)),
                met: opening <= 25e-3),
        ]
    }

    /// Why the row cannot run against `bus`, if it cannot: it must be the bus this
    /// process would connect to, so that no read reaches another keyring.
    static func unavailable(bus: String) -> String? {
        let session = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
        guard session == bus else {
            return "DBUS_SESSION_BUS_ADDRESS is \(session ?? "unset"), not the private keyring's bus \(bus)"
        }
        return nil
    }

    private static func read(_ store: KeyValueTokenStore) async throws {
        guard try await store.accessToken != nil else { throw BenchmarkError.noToken }
    }

    /// Children of each kind, interleaved, the first three of each discarded as warm-up.
    private static func coldReads(application: String, directory: URL, benchmarkExecutable: String, runs: Int)
        throws -> Comparison
    {
        var seconds = [[Double]](repeating: [], count: TokenStoreKind.allCases.count)
        for round in 0..<(runs + 3) {
            for (index, kind) in TokenStoreKind.allCases.enumerated() {
                let arguments = ["--keyring-child", kind.rawValue, application, directory.path]
                let (status, text) = try Spawn.standardError(of: benchmarkExecutable, arguments)
                guard status == 0, let measured = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    throw BenchmarkError.unexpected("--keyring-child \(kind.rawValue) exited \(status): \(text)")
                }
                if round >= 3 { seconds[index].append(measured) }
            }
        }
        return Comparison(labels: TokenStoreKind.allCases.map(\.label), samples: seconds)
    }

    /// What `--keyring-child STORE APPLICATION DIRECTORY` does in a process of its own:
    /// opens the store, reads the access token once, and writes the seconds that took on
    /// standard error (the one output `Spawn.standardError` collects).
    static func child(_ kind: TokenStoreKind, application: String, directory: URL) async throws {
        let clock = ContinuousClock()
        let started = clock.now
        try await read(try await kind.tokenStore(application: application, directory: directory))
        let elapsed = clock.now - started
        FileHandle.standardError.write(Data("\(elapsed.seconds)\n".utf8))
    }
}

/// The two stores row 13 reads; the raw values name them on `--keyring-child`'s command line.
enum TokenStoreKind: String, CaseIterable, Sendable {
    case keyring, file

    /// How the table names it.
    var label: String {
        switch self {
        case .keyring: "keyring: open + first read"
        case .file: "file: first read"
        }
    }

    /// The token store of this kind, over the keyring's items of `application` or the
    /// credentials file in `directory`.
    func tokenStore(application: String, directory: URL) async throws -> KeyValueTokenStore {
        let origin = KeyringReadBenchmark.origin
        switch self {
        case .keyring:
            let lockFile = directory.appendingPathComponent("keyring.lock").path
            let keyring = try await Keyring.open(lockFile: lockFile, application: application).get()
            return KeyValueTokenStore(store: keyring, scope: origin.description)
        case .file:
            return KeyValueTokenStore.credentialsFile(at: Self.credentials(in: directory), origin: origin)
        }
    }

    static func credentials(in directory: URL) -> URL { directory.appendingPathComponent("credentials.json") }
}
