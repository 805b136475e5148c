import Foundation
import PortContracts
import Testing

/// The built CLI on a machine that works against it: a file-size limit, a token
/// directory other users can write.
@Suite("cocoacasts on a hostile machine")
struct HostileMachineTests {
    /// Before the fix the refresh was sent, its answer could not be written, and the next
    /// run presented the revoked refresh token: signed out. Now the store reserves the
    /// room for the answer first, so nothing is sent and the saved session stays good.
    @Test func aFileSizeLimitFailsBeforeTheRefreshIsSent() async throws {
        try await InterruptionTests.expiredSession { server, cli in
            let limited = try await cli.run(["video", "632759499"], fileSizeLimit: 1_024)
            #expect(limited.status == 74, "\(limited.stderr)")
            #expect(limited.stderr.contains("there is no room to write it (File too large)"))
            #expect(try await server.admin.count(MockAPIRoute.refresh) == 0)
            let next = try await cli.run(["video", "632759499"])
            #expect(next.status == 0, "\(next.stderr)")
            #expect(try await server.admin.count("refresh-reuse") == 0)
        }
    }

    @Test func aTokenDirectoryOthersCanWriteIsRefusedBeforeAnythingIsSent() async throws {
        try await InterruptionTests.expiredSession { server, cli in
            let folder = cli.store.deletingLastPathComponent().path
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder)
            let outcome = try await cli.run(["video", "632759499"])
            #expect(outcome.status == 74)
            #expect(outcome.stderr.contains("\(folder) is writable by other users (mode 777)"))
            #expect(outcome.stderr.contains("Run `chmod 700 \(folder)` and try again."))
            #expect(try await server.admin.count(MockAPIRoute.video) == 0)
            let status = try await cli.run(["status"])
            #expect(status.status == 74)
        }
    }
}
