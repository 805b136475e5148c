import Foundation
import PortContracts
import Testing

@testable import cocoacasts

/// The CLI names itself on every request, as gh and curl do, so that a server (or a
/// firewall) that refuses requests without a `User-Agent` does not refuse it, and an
/// operator can tell it from a script.
@Suite("cocoacasts sends a User-Agent")
struct UserAgentCLITests {
    static let userAgent = "cocoacasts/\(Grammar.version)"

    @Test func everyRequestSaysCocoacastsAndItsVersionAndVerboseShowsIt() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                let video = try await cli.run(["video", "632759499", "--verbose"])
                #expect(video.status == 0)
                #expect(video.stderr.contains("\n> User-Agent: \(Self.userAgent)\n"), "\(video.stderr)")
                let log = try await server.admin.requests()
                #expect(!log.isEmpty)
                #expect(log.allSatisfy { $0.userAgent == Self.userAgent }, "\(log.map(\.userAgent))")
            }
        }
    }
}
