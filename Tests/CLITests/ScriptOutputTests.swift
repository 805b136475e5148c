import Foundation
import PortContracts
import Testing

/// What scripts read: base URLs that `--base-url` takes, values typed as JSON, and never
/// a masked secret where a value belongs.
@Suite("JSON and config output a script can use")
struct ScriptOutputTests {
    @Test func statusJSONGivesTheBaseURLOrNullWhenBuiltIn() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let remote = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await remote.signIn(password: DemoAccount.password).status == 0)
                let status = try Self.object(try await remote.run(["status", "--json"]).stdout)
                #expect(status["server"] as? String == server.baseURL.absoluteString)
                let builtIn = try Self.object(try await CLIProcess(in: directory).run(["status", "--json"]).stdout)
                #expect(builtIn["server"] is NSNull && builtIn["builtInMock"] as? Bool == true)
                // The field's earlier name is still given, for the readers of it.
                #expect(builtIn["embedded"] as? Bool == true && status["embedded"] as? Bool == false)
            }
        }
    }

    @Test func statusAllJSONGivesBaseURLsThatBaseURLTakes() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let remote = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await remote.signIn(password: DemoAccount.password).status == 0)
                let builtIn = CLIProcess(in: directory)
                #expect(try await builtIn.signIn(password: "cocoacasts").status == 0)
                let all = try await builtIn.run(["status", "--all", "--json"])
                let entries = try #require(
                    try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]])
                let servers = entries.compactMap { $0["server"] as? String }
                #expect(servers == [server.baseURL.absoluteString])
                #expect(
                    entries.contains {
                        $0["server"] is NSNull && $0["builtInMock"] as? Bool == true && $0["embedded"] as? Bool == true
                    })
                for url in servers {
                    #expect(try await builtIn.run(["status", "--base-url", url]).status == 0, "\(url)")
                }
            }
        }
    }

    @Test func configListJSONTypesItsValuesAndNeverGivesAMaskedOne() async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory, environment: ["COCOACASTS_TIMEOUT": "9"])
            #expect(try await cli.run(["config", "set", "api-token", "0123456789abcdefSECRET"]).status == 0)
            let list = try await cli.run(["config", "list", "--json"])
            let entries = try #require(
                try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
            let values = Dictionary(uniqueKeysWithValues: entries.map { ($0["key"] as? String ?? "", $0["value"]) })
            #expect(list.stdout.contains("\"value\" : 9\n"), "a number, not \"9\"")
            #expect(values["api-token"].map { $0 is NSNull } == true, "the token is never a value, masked or not")
            #expect(values["transport"] as? String == "curl")
        }
    }

    @Test func configGetOfTheAPITokenNeverPrintsAMaskedOneAsIfItWereTheToken() async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory)
            #expect(try await cli.run(["config", "set", "api-token", "0123456789abcdefSECRET"]).status == 0)
            let get = try await cli.run(["config", "get", "api-token"])
            #expect(get.status == 1 && get.stdout.isEmpty)
            #expect(get.stderr.contains("is a secret and is not printed"))
        }
    }

    private static func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }
}
