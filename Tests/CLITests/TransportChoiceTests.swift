import Foundation
import PortContracts
import TestSupport
import Testing

/// Which HTTP engine the CLI uses, what it trusts, and what a run loads.
@Suite("The CLI's transport: libcurl on Linux, loaded only by runs that send, --cacert trusted")
struct TransportChoiceTests {
    /// The shared objects a run of `cocoacasts` loaded, as glibc's loader lists them.
    static func loadedObjects(_ cli: CLIProcess, _ arguments: [String]) async throws -> (ChildProcess.Outcome, String) {
        var traced = cli
        traced.environment["LD_DEBUG"] = "files"
        let outcome = try await traced.run(arguments)
        return (outcome, outcome.stderr.split(separator: "\n").filter { $0.contains("file=") }.joined(separator: "\n"))
    }

    @Test func onlyARunThatSendsLoadsLibcurlAndNothingLoadsFoundationNetworking() async throws {
        #if !os(Linux)
            return try skip(because: "the loader's LD_DEBUG is glibc's")
        #else
            try await MockAPIServer.with { server async throws in
                try await TemporaryDirectory.with { directory async throws in
                    let (version, versionLoads) = try await Self.loadedObjects(CLIProcess(in: directory), ["--version"])
                    #expect(version.status == 0 && !versionLoads.isEmpty, "the loader reports its files")
                    let (builtIn, builtInLoads) = try await Self.loadedObjects(
                        CLIProcess(in: directory), ["episodes"])
                    #expect(builtIn.status == 0)
                    let networkedCLI = CLIProcess(in: directory, baseURL: server.baseURL)
                    let (networked, networkedLoads) = try await Self.loadedObjects(
                        networkedCLI, ["episodes", "--no-cache"])
                    #expect(networked.status == 0)
                    for loads in [versionLoads, builtInLoads] {
                        #expect(!loads.contains("libcurl"), "\(loads)")
                    }
                    #expect(networkedLoads.contains("libcurl.so.4"), "libcurl is loaded by the run that sends")
                    for loads in [versionLoads, builtInLoads, networkedLoads] {
                        #expect(!loads.contains("FoundationNetworking"))
                    }
                }
            }
        #endif
    }

    @Test func urlsessionIsNoChoiceOnLinuxAndTheMessageSaysWhy() async throws {
        #if !os(Linux)
            return try skip(because: "Apple platforms have URLSession")
        #else
            try await TemporaryDirectory.with { directory async throws in
                let cli = CLIProcess(in: directory)
                let outcome = try await cli.run(["episodes", "--transport", "urlsession"])
                #expect(outcome.status == 64)
                #expect(outcome.stderr.contains("'urlsession' is not a valid --transport: expected curl"))
                #expect(outcome.stderr.contains("would load libcurl at every start"))
                #expect(try await cli.run(["config", "set", "transport", "urlsession"]).status == 64)
                #expect(try await cli.run(["config", "set", "transport", "curl"]).status == 0)
            }
        #endif
    }

    @Test func aCertificateAuthorityGivenWithCacertIsTrusted() async throws {
        try await TemporaryDirectory.with { directory async throws in
            guard let tls = try await TLSCertificate.selfSigned(in: directory) else {
                return try skip(because: "openssl is not installed (CI installs it)")
            }
            let arguments = ["--tls-cert", tls.certificate.path, "--tls-key", tls.key.path]
            try await MockAPIServer.with(arguments: arguments) { server async throws in
                var cli = CLIProcess(in: directory, baseURL: server.baseURL)
                cli.environment["SSL_CERT_FILE"] = ""  // the system's store, whatever the machine sets
                let untrusted = try await cli.run(["episodes", "--no-cache"])
                #expect(untrusted.status == 69 && untrusted.stderr.contains("certificate"), "\(untrusted.stderr)")
                let trusted = try await cli.run([
                    "episodes", "--no-cache", "--cacert", tls.certificate.path, "--verbose",
                ])
                #expect(trusted.status == 0, "\(trusted.stderr)")
                #expect(trusted.stderr.contains("trusting the certificate authorities in \(tls.certificate.path)"))
                #expect(trusted.stderr.contains("transport: libcurl"))
                cli.environment["SSL_CERT_FILE"] = tls.certificate.path
                #expect(try await cli.run(["episodes", "--no-cache"]).status == 0, "SSL_CERT_FILE is honoured")
                let missing = try await cli.run(["episodes", "--cacert", directory.file("absent.pem").path])
                #expect(missing.status == 64 && missing.stderr.contains("is not a valid --cacert"))
            }
        }
    }

    @Test func verboseShowsTheProxiesTakenFromTheEnvironmentWithoutTheirSecrets() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory async throws in
                var cli = CLIProcess(in: directory, baseURL: server.baseURL)
                cli.environment["https_proxy"] = "http://proxy-user:proxy-secret@127.0.0.1:9"
                cli.environment["no_proxy"] = "127.0.0.1,localhost"
                let outcome = try await cli.run(["episodes", "--verbose", "--no-cache"])
                #expect(outcome.status == 0, "\(outcome.stderr)")
                #expect(
                    outcome.stderr.contains("proxy from the environment: https_proxy=http://<redacted>@127.0.0.1:9"))
                #expect(outcome.stderr.contains("proxy from the environment: no_proxy=127.0.0.1,localhost"))
                #expect(!outcome.stderr.contains("proxy-secret"))
            }
        }
    }

    @Test func statusNamesTheTransport() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory async throws in
                let networked = try await CLIProcess(in: directory, baseURL: server.baseURL).run(["status", "--json"])
                #expect(networked.stdout.contains(#""transport" : "libcurl (loaded on the first request)""#))
                let builtIn = try await CLIProcess(in: directory).run(["status"])
                #expect(builtIn.stdout.contains("  Transport:   in process (no network)"))
            }
        }
    }
}
