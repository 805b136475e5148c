import Foundation
import PortContracts
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The server's means of failing the way real servers and proxies do, checked with curl
/// as a second client: any status with the reason, body and headers a test chooses,
/// `WWW-Authenticate` challenges, and TLS with a certificate nobody trusts.
@Suite("Mock API server: statuses, challenges and TLS for the failure tests")
struct MockAPIFailureModesTests {
    static let curl = ["/usr/bin/curl", "/usr/local/bin/curl"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// `curl -s -i arguments…`: the status line, the headers and the body.
    static func curl(_ arguments: [String]) async throws -> String? {
        guard let curl else { return nil }
        let outcome = try await ChildProcess.run(
            URL(fileURLWithPath: curl), ["-s", "-i", "--max-time", "10"] + arguments, timeout: .seconds(20))
        return outcome.stdout
    }

    @Test func aStatusFaultCarriesTheChosenReasonBodyAndHeaders() async throws {
        try await MockAPIServer.with { server async throws in
            let probe = Probe(server)
            try await server.admin.inject(.status(503, reason: "down for maintenance", route: MockAPIRoute.episodes))
            let reasoned = try await probe.send("GET", "/episodes")
            #expect(reasoned.status == 503)
            #expect(
                String(decoding: reasoned.body, as: UTF8.self) == #"{"error": true, "reason": "down for maintenance"}"#)
            try await server.admin.inject(
                .status(502, body: "<html>Bad Gateway</html>", headers: ["Content-Type": "text/html"], route: "*"))
            let page = try await probe.send("GET", "/episodes")
            #expect(page.status == 502 && page.header("Content-Type") == "text/html")
            #expect(String(decoding: page.body, as: UTF8.self) == "<html>Bad Gateway</html>")
        }
    }

    @Test(arguments: [
        #"{"route": "*", "kind": "status", "status": 500, "reason": 7}"#,
        #"{"route": "*", "kind": "status", "status": 500, "headers": {"X-A": "1\r\nX-Injected: yes"}}"#,
        #"{"route": "*", "kind": "status", "status": 500, "body": ["not", "text"]}"#,
    ])
    func malformedFaultsAreRefused(fault: String) async throws {
        try await MockAPIServer.with { server async throws in
            var request = URLRequest(url: server.admin.origin.appendingPathComponent("__admin/faults"))
            request.httpMethod = "POST"
            request.httpBody = Data(fault.utf8)
            let (_, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 400)
        }
    }

    @Test func everyAPI401CarriesTheChallengeAndNoAdminAnswerDoes() async throws {
        try await MockAPIServer.with(arguments: ["--www-authenticate", #"Basic realm="mock-api""#]) {
            server async throws in
            let signIn = try await Self.curl([
                "-X", "POST", "-u", "demo@cocoacasts.com:wrong", "-H", "X-API-TOKEN: \(Probe.apiToken)",
                server.baseURL.appendingPathComponent("auth").absoluteString,
            ])
            guard let signIn else { return try skip(because: "curl is not installed") }
            #expect(signIn.hasPrefix("HTTP/1.1 401"))
            #expect(signIn.contains("WWW-Authenticate: Basic realm=\"mock-api\"\r\n"))
            try await server.admin.inject(.status(401, route: MockAPIRoute.episodes))
            let injected = try await Self.curl([server.baseURL.appendingPathComponent("episodes").absoluteString])
            #expect(injected?.contains("WWW-Authenticate: Basic realm=\"mock-api\"\r\n") == true)
            let health = try await Self.curl([
                server.admin.origin.appendingPathComponent("__admin/health").absoluteString
            ])
            #expect(health?.contains("WWW-Authenticate") == false)
        }
    }

    @Test func tlsServesTheAPIWithACertificateNobodyTrusts() async throws {
        try await TemporaryDirectory.with { directory in
            guard let tls = try await TLSCertificate.selfSigned(in: directory) else {
                return try skip(because: "openssl is not installed, so no certificate can be made")
            }
            try await MockAPIServer.with(arguments: ["--tls-cert", tls.certificate.path, "--tls-key", tls.key.path]) {
                server async throws in
                #expect(server.baseURL.scheme == "https")
                let episodes = server.baseURL.appendingPathComponent("episodes").absoluteString
                let trusted = try await Self.curl([
                    "--cacert", tls.certificate.path, "-H", "X-API-TOKEN: \(Probe.apiToken)", episodes,
                ])
                guard let trusted else { return try skip(because: "curl is not installed") }
                #expect(trusted.hasPrefix("HTTP/1.1 200"))
                #expect(try await Self.curl([episodes])?.isEmpty == true)  // curl refuses the certificate
            }
        }
    }
}
