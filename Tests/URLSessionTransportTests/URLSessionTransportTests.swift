import Foundation
import PortContracts
import Ports
import TestSupport
import Testing

@testable import URLSessionTransport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Transport contract: URLSessionTransport, against mock-api over loopback", .timeLimit(.minutes(10)))
struct URLSessionTransportContractTests {
    @Test(arguments: HTTPTransportContract.cases)
    func contract(_ check: HTTPTransportContract) async throws {
        try await check.run(on: HTTPTransportSubject { URLSessionTransport() })
    }

    /// Foundation made an empty, world-readable `~/.cache/org.swift.foundation.URLCache/…`
    /// for a session that keeps no cache; a process of its own shows what is left.
    @Test func aRequestLeavesNoURLCacheDirectory() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory async throws in
                let outcome = try await ChildProcess.run(
                    BuiltProduct.url(named: "urlsession-probe"),
                    [server.baseURL.appendingPathComponent("episodes").absoluteString],
                    environment: ["HOME": directory.url.path, "PATH": "/usr/bin:/bin"])
                #expect(outcome.status == 0 && outcome.stdout == "403\n", "\(outcome.stderr)")  // no API token sent
                let cache = directory.file(".cache").path
                let names = (try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []
                #expect(!names.contains("org.swift.foundation.URLCache"), "\(names)")
            }
        }
    }
}

/// URLSession's codes as the port's causes; Linux's URLSession reports libcurl's failures
/// it has no code for as -1 with curl's words alone, and only those words tell TLS apart.
@Suite("URLSessionTransport: URLError codes, and Linux's code -1, as transport causes")
struct URLErrorMappingTests {
    @Test(arguments: [
        (URLError.Code.notConnectedToInternet, TransportError.Cause.offline), (.cannotFindHost, .hostNotFound),
        (.dnsLookupFailed, .hostNotFound), (.cannotConnectToHost, .cannotConnect),
        (.networkConnectionLost, .connectionLost), (.timedOut, .timedOut), (.cancelled, .cancelled),
        (.dataLengthExceedsMaximum, .tooLarge), (.badServerResponse, .malformed), (.unsupportedURL, .other),
        (.secureConnectionFailed, .tlsFailed), (.serverCertificateUntrusted, .untrustedCertificate),
    ])
    func codesAreCauses(code: URLError.Code, cause: TransportError.Cause) {
        #expect(URLErrorMapping.transportError(for: URLError(code)).cause == cause)
    }

    @Test(arguments: [
        ("SSL certificate problem: self-signed certificate", TransportError.Cause.untrustedCertificate),
        ("SSL: no alternative certificate subject name matches target host name '127.0.0.1'", .untrustedCertificate),
        ("OpenSSL SSL_connect: Connection reset by peer", .tlsFailed),
        ("Failed sending data to the peer", .other),
    ])
    func linuxsCodeMinusOneIsToldByCurlsWords(detail: String, cause: TransportError.Cause) {
        let error = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: detail])
        #expect(URLErrorMapping.transportError(for: error) == TransportError(cause, detail))
    }
}
