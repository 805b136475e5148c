import CocoacastsAPI
import Domain
import Foundation
import PortContracts
import Ports
import Stores
import Stubs
import Testing

@testable import cocoacasts

@MainActor
@Suite("cocoacasts in process: every command over the built-in API")
struct CLIInProcessTests {
    @Test func aSessionFromSignInToSignOut() async throws {
        let cli = InProcessCLI()
        let signedOut = await cli.run(["status"])
        #expect(signedOut.status == .unauthorized)
        #expect(
            signedOut.stdout == "Not signed in. Run `cocoacasts signin` to sign in.\n"
                + "  Server:      the mock API built into cocoacasts (no --base-url, COCOACASTS_BASE_URL or config base-url)\n"
                + "  Transport:   in process (no network)\n"
        )
        #expect(await cli.signIn() == .success)
        #expect(try await cli.tokenStore.tokens() != nil)
        let episodes = await cli.run(["episodes"])
        #expect(episodes.status == .success)
        #expect(episodes.stdout.split(separator: "\n").count == 25)
        #expect(episodes.stderr.contains("answering from the mock API built into cocoacasts"))
        let video = await cli.run(["video", "556"])
        #expect(video.status == .success && video.stdout.contains("Duration: 8:33"))
        #expect(await cli.run(["progress", "632759499", "--set", "60"]).stdout.contains("watched up to 1:00 (60 s)"))
        #expect(await cli.run(["progress", "632759499"]).stdout.contains("(60 s)"))
        #expect(await cli.run(["progress", "632759499", "--delete"]).status == .success)
        #expect(await cli.run(["progress", "632759499"]).stdout.contains("not started"))
        #expect(await cli.run(["signout"]).status == .success)
        #expect(try await cli.tokenStore.tokens() == nil)
    }

    @Test func jsonOutputIsStableAndMachineReadable() async throws {
        let cli = InProcessCLI()
        let episodes = await cli.run(["episodes", "--json"])
        let decoded = try JSONDecoder().decode([Episode].self, from: Data(episodes.stdout.utf8))
        #expect(decoded.count == 25)
        #expect(episodes.stdout == (await cli.run(["episodes", "--json"])).stdout)
        let episode = try JSONDecoder().decode(
            Episode.self, from: Data((await cli.run(["episode", "556", "--json"])).stdout.utf8))
        #expect(episode.videoID == "632759499")
        _ = await cli.signIn()
        let video = try JSONSerialization.jsonObject(
            with: Data((await cli.run(["video", "556", "--json"])).stdout.utf8))
        #expect((video as? [String: Any])?["duration"] as? Int == 513)
        let status = await cli.run(["status", "--json"]).stdout
        #expect(status.contains(#""signedIn" : true"#))
    }

    @Test func errorsGoToStandardErrorWithTheirStatus() async {
        let cli = InProcessCLI()
        let signedOut = await cli.run(["video", "556"])
        #expect(signedOut.status == .unauthorized)
        #expect(signedOut.stdout.isEmpty)
        #expect(
            signedOut.stderr.hasSuffix(
                "cocoacasts: No one is signed in on this server. Run `cocoacasts signin` first.\n"
                    + "cocoacasts: You need to be signed in to watch this episode.\n"))
        let wrong = await cli.run(["signin", "--email", "demo@cocoacasts.com", "--password-stdin"], input: ["nope"])
        #expect(wrong.status == .unauthorized)
        #expect(wrong.stderr.contains("The email/password combination is invalid."))
        let unknown = await cli.run(["episode", "123456"])
        #expect(unknown.status == .failure && unknown.stderr.contains("There is no episode 123456"))
        let invalidEmail = await cli.run(["signin", "--email", "not-an-email", "--password-stdin"], input: ["pw"])
        #expect(invalidEmail.status == .usage)
        let noPassword = await cli.run(["signin", "--email", "demo@cocoacasts.com"])
        #expect(noPassword.status == .usage && noPassword.stderr.contains("--password-stdin"))
    }

    @Test func theEnvironmentCanHoldThePassword() async throws {
        let cli = InProcessCLI()
        let result = await cli.run(
            ["signin", "--email", "demo@cocoacasts.com"], environment: ["COCOACASTS_PASSWORD": "cocoacasts"])
        #expect(result.status == .success)
        #expect(try await cli.tokenStore.tokens() != nil)
    }

    @Test func serverFailuresMapToTheirStatus() async {
        let unreachable = InProcessCLI(
            transport: SpyTransport { _ in throw TransportError(.cannotConnect, "Couldn't connect to server") })
        let offline = await unreachable.run(["episodes"])
        #expect(offline.status == .unreachable && offline.stderr.contains("Could not connect to"))
        let broken = InProcessCLI(transport: SpyTransport(status: 500))
        let failed = await broken.run(["episodes", "--json"])
        #expect(failed.status == .failure && failed.stdout.isEmpty)
        #expect(failed.stderr.contains("The list of episodes could not be fetched."))
    }

    @Test func verboseLogsEveryExchangeWithSecretsRedacted() async throws {
        let cli = InProcessCLI()
        _ = await cli.signIn()
        let tokens = try #require(try await cli.tokenStore.tokens())
        let verbose = await cli.run(["video", "556", "--verbose"])
        #expect(verbose.stderr.contains("> GET https://embedded.cocoacasts.invalid/api/v1/videos/632759499\n"))
        #expect(verbose.stderr.contains("\n< HTTP 200 ("))
        #expect(verbose.stderr.contains("\n> Authorization: <redacted>\n"))
        for secret in [tokens.accessToken, tokens.refreshToken, APIConfiguration.seriesAPIToken] {
            #expect(!verbose.stderr.contains(secret) && !verbose.stdout.contains(secret))
        }
    }

    @Test func helpAndVersionNeedNoServer() async {
        let cli = InProcessCLI(
            transport: SpyTransport { _ in throw TransportError(.cannotConnect, "Couldn't connect to server") })
        #expect(await cli.run(["--version"]).stdout == "cocoacasts \(Grammar.version)\n")
        let help = await cli.run(["progress", "--help"])
        #expect(
            help.status == .success
                && help.stdout.contains("USAGE: cocoacasts progress <id or words> [more-words...]"))
    }
}
