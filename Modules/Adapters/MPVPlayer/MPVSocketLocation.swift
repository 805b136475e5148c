import Domain
import Ports
import PrivateFiles

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where mpv's control socket lives: `$XDG_RUNTIME_DIR/cocoacasts` (the per-user runtime
/// directory systemd makes 0700), else `cocoacasts-<uid>` in the temporary directory
/// (`$TMPDIR`, else `/tmp`).
///
/// Whoever can connect to the socket controls mpv — its `run` command starts any program
/// — so the directory is created 0700 and checked as the token store's is (ssh's checks:
/// this user's, not a link, nobody else may write it) before a socket is placed in it.
struct MPVSocketLocation: Sendable {
    let directory: String

    init(environment: [String: String]) {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            directory = runtime + "/cocoacasts"
        } else {
            let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
            directory = temporary + "/cocoacasts-\(geteuid())"
        }
    }

    /// The longest socket path `connect` takes (`sun_path` less its terminating NUL).
    static let longestPath = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// A fresh socket path in the directory, which is created private or checked first.
    func newSocketPath() throws(PlayerError) -> String {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let path = base + "/mpv-\(getpid())-\(String(UInt32.random(in: .min ... .max), radix: 16)).sock"
        guard path.utf8.count <= Self.longestPath else {
            throw .couldNotStart(
                name: "mpv",
                reason: "its control socket \(path) would be \(path.utf8.count) bytes long, and a socket path "
                    + "may have at most \(Self.longestPath); set XDG_RUNTIME_DIR or TMPDIR to a shorter directory")
        }
        do {
            try PrivateDirectory(path: base).ensure()
        } catch {
            throw .couldNotStart(name: "mpv", reason: Self.reason(for: error))
        }
        return path
    }

    private static func reason(for error: StoreError) -> String {
        switch error {
        case .untrustedLocation(let path, let problem, _):
            "\(path), the directory of its control socket, \(problem), so another user could control "
                + "the player; it must be a directory of yours that only you may write (`chmod 700 "
                + "\(shellQuoted(path))` when it is yours; else move it away), or set XDG_RUNTIME_DIR"
        case .io(let path, let detail):
            "\(path), the directory of its control socket, could not be used: \(detail)"
        case .corrupt, .insecurePermissions, .lockTimeout:
            "the directory of its control socket could not be used: \(error)"
        }
    }
}
