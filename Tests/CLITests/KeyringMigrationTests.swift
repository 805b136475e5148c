import Foundation
import PortContracts
import TestSupport
import Testing

/// A session signed in where no keyring answers (the token file) moves into the keyring on
/// the first run that reaches one: the account that signed in moves with the pair.
extension KeyringEndToEndTests {
    /// The account named in each of the CLI's keyring items, read by `secret-tool`.
    static func accounts(in keyring: PrivateKeyring) async throws -> [String?] {
        let search = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/secret-tool"), ["search", "--all", "application", "cocoacasts"],
            environment: keyring.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 })
        return search.stdout.split(separator: "\n").filter { $0.hasPrefix("secret = ") }.map { line in
            (try? JSONDecoder().decode([String: String].self, from: Data(line.dropFirst(9).utf8)))?["account"]
        }
    }

    /// The same CLI over ssh: no session bus, so the token file serves.
    static func withoutABus(_ cli: CLIProcess) -> CLIProcess {
        var remote = cli
        remote.environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        remote.environment["XDG_RUNTIME_DIR"] = nil
        return remote
    }

    /// Checks that the session is the keyring's, named, and that the file keeps nothing of it.
    static func expectTheAccountInTheKeyring(_ cli: CLIProcess, _ keyring: PrivateKeyring) async throws {
        let status = try await cli.run(["status"])
        #expect(status.status == 0 && status.stdout.contains("Signed in as \(DemoAccount.email)."), "\(status.stdout)")
        #expect(status.stdout.contains("Token store: keyring (Login)"))
        let all = try await cli.run(["status", "--all"])
        #expect(all.stdout.contains(" as \(DemoAccount.email)"), "\(all.stdout)")
        #expect(try await Self.accounts(in: keyring) == [DemoAccount.email])
        #expect(cli.storedTokens().isEmpty)
        let file = try String(contentsOf: cli.store, encoding: .utf8)
        #expect(!file.contains(DemoAccount.email), "the file still names the account: \(file)")
    }

    @Test func aSessionMovedFromTheTokenFileIntoTheKeyringKeepsItsAccount() async throws {
        try await Self.withKeyring { server, cli, keyring in
            // Given a sign-in over ssh, kept in the token file with its account
            #expect(try await Self.withoutABus(cli).signIn(password: CLIEndToEndTests.password).status == 0)
            #expect(cli.storedTokens().count == 2)
            #expect(try await Self.pairs(in: keyring).isEmpty)
            // When any command runs where the keyring answers
            #expect(try await cli.run(["episodes"]).status == 0)
            // Then the keyring holds the pair with its account, and status names it
            try await Self.expectTheAccountInTheKeyring(cli, keyring)
        }
    }

    /// An earlier release copied the pair alone into the keyring and was killed before it
    /// cleared the file: the next run finishes the move, account included.
    @Test func aMoveInterruptedAfterCopyingThePairAloneGetsTheAccountFromTheFile() async throws {
        try await Self.withKeyring { server, cli, keyring in
            #expect(try await Self.withoutABus(cli).signIn(password: CLIEndToEndTests.password).status == 0)
            let filed = cli.storedTokens()
            let pair = try #require(
                (try? JSONSerialization.jsonObject(with: Data(contentsOf: cli.store)) as? [String: Any])?["values"]
                    as? [String: String])
            let origin = "http://127.0.0.1:\(server.port)"
            try await Self.restore(
                [try #require(pair["\(origin)#accessToken"]), try #require(pair["\(origin)#refreshToken"])],
                for: server, keyring: keyring)
            #expect(filed.count == 2)
            #expect(try await Self.accounts(in: keyring) == [nil])
            try await Self.expectTheAccountInTheKeyring(cli, keyring)
        }
    }
}
