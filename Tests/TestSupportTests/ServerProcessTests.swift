import Foundation
import PortContracts
import TestSupport
import Testing

@Suite(
    "The test servers and daemons: stopped, they leave no process and no descriptor behind",
    .enabled(if: OpenDescriptors.available, "needs /proc"))
struct ServerProcessTests {
    /// A test run starts hundreds of servers: a descriptor kept by each adds up (a whole
    /// run once held about 1,750 pipes; these servers kept one or two each). Other tests
    /// open descriptors meanwhile, for a moment; a leak of one per server would show 80 more.
    @Test func eightyMockServersStartedAndStoppedLeaveNoDescriptorOpen() async throws {
        let before = try await OpenDescriptors.busiestCount()
        for _ in 0..<80 {
            let server = try await MockAPIServer.start()
            await server.stop()
            #expect(!server.isRunning)
        }
        let after = try await OpenDescriptors.settledCount()
        #expect(after - before < 40, "\(after - before) more descriptors open after 80 servers")
    }

    /// Each keyring's two daemons once kept three descriptors between them.
    @Test func twentyPrivateKeyringsStartedAndStoppedLeaveNoDescriptorOpen() async throws {
        if let missing = PrivateKeyring.missing { return try skip(because: missing) }
        try await TemporaryDirectory.with { directory in
            let before = try await OpenDescriptors.busiestCount()
            for index in 0..<20 {
                try await PrivateKeyring.start(home: directory.file("home-\(index)")).stop()
            }
            let after = try await OpenDescriptors.settledCount()
            #expect(after - before < 30, "\(after - before) more descriptors open after 20 keyrings")
        }
    }
}
