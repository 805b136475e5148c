import Foundation
import PortContracts
import TestSupport
import Testing

/// A home that cannot be written — a read-only file system, mounted over an empty directory in a
/// mount namespace of its own (`unshare -m`), which root too cannot write — is said by `signin`
/// as the store's problem, before the password is asked.
@Suite("signin says a store that cannot be written before asking for the password")
struct UnwritableStoreTests {
    @Test func aReadOnlyHomeIsSaidBeforeThePasswordIsAsked() async throws {
        try await TemporaryDirectory.with { directory in
            let home = directory.file("read-only-home")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let probe = try await ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/unshare"),
                ["-m", "sh", "-c", "mount -t tmpfs -o ro,size=64k tmpfs \"$0\"", home.path])
            guard probe.status == 0 else {
                return try skip(because: "no mount namespace here (unshare -m: \(probe.stderr))")
            }
            let session = try await PseudoTerminal.run(
                [
                    "/usr/bin/unshare", "-m", "sh", "-c", "mount -t tmpfs -o ro,size=64k tmpfs \"$0\" && exec \"$@\"",
                    home.path, CLIProcess.binary.path, "signin", "--email", "demo@cocoacasts.com",
                ],
                environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm"],
                answers: [["Password: ", "cocoacasts"]], columns: 300, timeout: .seconds(30))
            #expect(session.status == 74, "\(session.stdout)")
            #expect(!session.stdout.contains("Password:"), "asked for the password: \(session.stdout)")
            #expect(
                session.stdout.contains(
                    "The token file \(home.path)/.config/cocoacasts/credentials.json could not be used: its directory "
                        + "\(home.path)/.config could not be created (Read-only file system)."), "\(session.stdout)")
            // No server error either: read without the temporary home's path, whose random name
            // may hold "500" itself.
            #expect(!session.stdout.replacingOccurrences(of: home.path, with: "HOME").contains("500"))
        }
    }
}
