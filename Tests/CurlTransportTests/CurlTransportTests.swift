import Foundation
import PortContracts
import Ports
import TestSupport
import Testing

@testable import CurlTransport

@Suite("CurlTransport on its own: trust, curl's codes, libcurl loaded on the first request")
struct CurlTransportTests {
    @Test func aCertificateAuthorityGivenIsTrusted() async throws {
        try await TemporaryDirectory.with { directory async throws in
            guard let tls = try await TLSCertificate.selfSigned(in: directory) else {
                return try skip(because: "openssl is not installed (CI installs it)")
            }
            let arguments = ["--tls-cert", tls.certificate.path, "--tls-key", tls.key.path]
            try await MockAPIServer.with(arguments: arguments) { server async throws in
                let trusting = CurlTransport(certificateAuthorities: CertificateAuthorities(file: tls.certificate.path))
                #expect(try await trusting.send(server.request("episodes")).status == 200)
            }
        }
    }

    @Test func aCertificateAuthorityFileThatCannotBeReadIsTLSFailedInCurlsWords() async throws {
        try await MockAPIServer.with { server async throws in
            let transport = CurlTransport(certificateAuthorities: CertificateAuthorities(file: "/nonexistent/ca.pem"))
            var request = server.request("episodes")
            request.url = URL(string: "https://127.0.0.1:\(server.port)/api/v1/episodes")!
            let error = await #expect(throws: TransportError.self) { try await transport.send(request) }
            #expect(error?.cause == .tlsFailed && error?.detail.contains("/nonexistent/ca.pem") == true)
        }
    }

    @Test func aCACertOptionWinsOverTheEnvironmentAndSSLCertDirIsADirectory() {
        let environment = [
            "SSL_CERT_FILE": "/env/file.pem", "CURL_CA_BUNDLE": "/curl/bundle.pem", "SSL_CERT_DIR": "/d",
        ]
        #expect(
            CertificateAuthorities(environment: environment, explicitFile: "/flag.pem")
                == CertificateAuthorities(file: "/flag.pem", directory: "/d"))
        #expect(CertificateAuthorities(environment: environment).file == "/env/file.pem")
        #expect(CertificateAuthorities(environment: ["CURL_CA_BUNDLE": "/curl/bundle.pem"]).file == "/curl/bundle.pem")
        #expect(CertificateAuthorities(environment: ["SSL_CERT_FILE": ""]) == .system)
    }

    @Test(arguments: [
        (Int32(28), TransportError.Cause.timedOut), (7, .cannotConnect), (6, .hostNotFound), (5, .other),
        (18, .connectionLost), (52, .connectionLost), (56, .connectionLost), (60, .untrustedCertificate),
        (35, .tlsFailed), (77, .tlsFailed), (8, .malformed), (61, .malformed), (42, .cancelled), (100, .tooLarge),
        (3, .other),
    ])
    func curlsCodesAreCauses(code: Int32, cause: TransportError.Cause) {
        #expect(CurlCode.cause(of: code) == cause)
    }

    /// The contract lets a transport fail such a POST late; libcurl's fails at once.
    @Test func aPOSTWhoseReusedConnectionDiesIsConnectionLostAtOnce() async throws {
        try await MockAPIServer.with { server async throws in
            let transport = CurlTransport()
            _ = try await transport.send(server.request("episodes"))
            try await server.admin.inject(.drop(route: MockAPIRoute.refresh))
            let refresh = server.request("auth/refresh", method: "POST", body: Data("{}".utf8), timeout: 120)
            let error = await #expect(throws: TransportError.self) { try await transport.send(refresh) }
            #expect(error?.cause == .connectionLost)
        }
    }

    /// Many requests at once share the one engine thread and its connections.
    @Test func fiftyConcurrentRequestsAllArrive() async throws {
        try await MockAPIServer.with { server async throws in
            let transport = CurlTransport()
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<50 { group.addTask { try await transport.send(server.request("episodes")).status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 50))
        }
    }
}

@Suite("CurlTransport: cancellation at any moment of many requests")
struct CurlTransportCancellationTests {
    /// A cancellation lost between submitting and adding, or aimed at a finished transfer
    /// whose handle's address a new one reused, would leave a request waiting for its
    /// deadline (four minutes here): every one ends, cancelled or answered, in far less.
    @Test func twoHundredRequestsCancelledAtRandomMomentsAllEnd() async throws {
        let fault = #"{"route": "*", "kind": "latency", "seconds": 0.02, "count": -1}"#
        try await MockAPIServer.with(arguments: ["--fault", fault]) { server async throws in
            let transport = CurlTransport()
            let clock = ContinuousClock()
            let start = clock.now
            let outcomes = await withTaskGroup(of: TransportError.Cause?.self) { group in
                for _ in 0..<200 {
                    let request = server.request("episodes", timeout: 240)
                    let send = Task { () async -> TransportError.Cause? in
                        do throws(TransportError) {
                            _ = try await transport.send(request)
                            return nil
                        } catch {
                            return error.cause
                        }
                    }
                    group.addTask {
                        try? await Task.sleep(for: .microseconds(Int.random(in: 0...40_000)))
                        send.cancel()
                        return await send.value
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.count == 200)
            #expect(outcomes.allSatisfy { $0 == nil || $0 == .cancelled }, "\(Set(outcomes.compactMap { $0 }))")
            #expect(clock.now - start < .seconds(120), "half the deadline a lost cancellation would wait")
        }
    }

    @Test func whatIsGivenReplacesCurlsBuiltInTrustInsteadOfAddingToIt() {
        #expect(CurlTransfer.trustOptions(.system).isEmpty, "the system's store: curl's defaults stand")
        let file = CurlTransfer.trustOptions(CertificateAuthorities(file: "/ca.pem"))
        #expect(file.map(\.1) == ["/ca.pem", nil], "a file given: no default directory either")
        let directory = CurlTransfer.trustOptions(CertificateAuthorities(directory: "/cas"))
        #expect(directory.map(\.1) == [nil, "/cas"], "a directory given: no default bundle either")
    }
}
