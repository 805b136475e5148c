import Domain
import Foundation
import PortContracts
import Ports
import Stores
import TestSupport
import Testing

@testable import SecretServiceStore

@Suite("SecretServiceStore: items a person and a second client understand")
struct SecretServiceItemTests {
    /// `secret-tool` (libsecret's own client) run against the shared keyring.
    func secretTool(_ arguments: [String], keyring: PrivateKeyring) async throws -> ChildProcess.Outcome? {
        let tool = URL(fileURLWithPath: "/usr/bin/secret-tool")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else {
            try skip(because: "secret-tool is not installed (apt-get install libsecret-tools)")
            return nil
        }
        return try await ChildProcess.run(
            tool, arguments, environment: keyring.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 })
    }

    @Test func onePairAndItsAccountAreOneLabelledItemPerOrigin() async throws {
        try await TemporaryDirectory.with { directory in
            guard let keyring = try await SharedKeyring.keyring(), let store = try await makeStore(in: directory) else {
                return
            }
            let tokens = KeyValueTokenStore(store: store, scope: "http://127.0.0.1:8080")
            try await tokens.setTokens(SampleTokens.first)
            try await tokens.setAccount("demo@cocoacasts.com")
            try await KeyValueTokenStore(store: store, scope: "https://api.example.com").setTokens(SampleTokens.other)

            let application = store.application
            guard
                let search = try await secretTool(
                    ["search", "--all", "application", application], keyring: keyring)
            else { return }
            #expect(search.status == 0, "\(search.stderr)")
            let labels = search.stdout.split(separator: "\n").filter { $0.hasPrefix("label = ") }
            #expect(
                labels.sorted() == [
                    "label = Cocoacasts sign-in for http://127.0.0.1:8080",
                    "label = Cocoacasts sign-in for https://api.example.com",
                ])
            let underTheSchema = search.stdout.components(separatedBy: "schema = com.cocoacasts.Session").count - 1
            #expect(underTheSchema == 2)

            guard
                let lookup = try await secretTool(
                    ["lookup", "application", application, "origin", "http://127.0.0.1:8080"], keyring: keyring)
            else { return }
            let secret = try JSONDecoder().decode([String: String].self, from: Data(lookup.stdout.utf8))
            #expect(
                secret == [
                    "accessToken": SampleTokens.first.accessToken, "refreshToken": SampleTokens.first.refreshToken,
                    "account": "demo@cocoacasts.com",
                ])

            try await tokens.reset()
            guard
                let gone = try await secretTool(
                    ["lookup", "application", application, "origin", "http://127.0.0.1:8080"], keyring: keyring)
            else { return }
            #expect(gone.stdout.isEmpty && gone.status != 0)
        }
    }

    @Test func anItemThatDoesNotParseIsRefusedThenSetAsideBySigningIn() async throws {
        try await TemporaryDirectory.with { directory in
            guard let keyring = try await SharedKeyring.keyring(), let store = try await makeStore(in: directory) else {
                return
            }
            let application = store.application
            let origin = "http://127.0.0.1:8080"
            guard
                let planted = try await secretTool(
                    [
                        "store", "--label=broken", "xdg:schema", "com.cocoacasts.Session", "application", application,
                        "origin", origin,
                    ], keyring: keyring)
            else { return }
            #expect(planted.status == 0)
            // secret-tool stored an empty secret: not the JSON object of values.
            let tokens = KeyValueTokenStore(store: store, scope: origin)
            await #expect {
                _ = try await tokens.tokens()
            } throws: { error in
                guard case .corrupt(let path, _) = error as? StoreError else { return false }
                return path.contains("Cocoacasts sign-in for \(origin)")
            }
            try await tokens.setTokens(SampleTokens.first)
            #expect(try await tokens.tokens() == SampleTokens.first)
            guard
                let kept = try await secretTool(
                    ["search", "--all", "application", application + "-set-aside"], keyring: keyring)
            else { return }
            let setAside = kept.stdout.contains("could not be read, set aside")
            #expect(setAside)
        }
    }
}
