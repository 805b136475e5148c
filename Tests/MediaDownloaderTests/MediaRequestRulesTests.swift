import CurlTransport
import Domain
import Foundation
import MediaDownloader
import PortContracts
import Ports
import Testing

/// A download's requests under the API client's rules, against the mock's HLS stream over TLS:
/// a redirect from https to plain http refused in the client's words, a `Retry-After` past the
/// policy's longest wait ending the retries, a 503 tried again.
@Suite("MediaDownloader: one rule for redirects and retries, the API client's", .timeLimit(.minutes(10)))
struct MediaRequestRulesTests {
    static let segment = "v2/seg1.ts"

    /// The mock's HLS stream over TLS with `faults` on its media, and a downloader that trusts it.
    static func withTLSStream(
        faults: [String], _ body: (URL, MediaDownloader, Counter) async throws -> Void
    ) async throws {
        try await TemporaryDirectory.with { directory in
            guard let tls = try await TLSCertificate.selfSigned(in: directory) else {
                return try skip(because: "openssl is not installed (CI installs it)")
            }
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
                return try skip(because: "ffmpeg is not installed (CI installs it)")
            }
            let arguments =
                ["--media", "hls", "--tls-cert", tls.certificate.path, "--tls-key", tls.key.path]
                + faults.flatMap { ["--media-fault", $0] }
            try await MockAPIServer.with(arguments: arguments) { server in
                let transport = CurlTransport(
                    certificateAuthorities: CertificateAuthorities(file: tls.certificate.path))
                let downloader = MediaDownloader(
                    transport: transport, root: directory.file("videos"),
                    retryPolicy: RetryPolicy(maximumAttempts: 3, baseDelay: 0.05, maximumDelay: 5), timeout: 10)
                let master = URL(string: "https://127.0.0.1:\(server.port)/media/632759499/master.m3u8")!
                try await body(master, downloader, Counter(port: server.port, certificate: tls.certificate))
            }
        }
    }

    /// The mock's counters read by curl, which trusts the test's certificate as the downloader does.
    struct Counter {
        let port: Int
        let certificate: URL

        func requests(of file: String) async throws -> Int {
            struct Counters: Decodable { let paths: [String: Int] }
            let run = try await ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["curl", "-sS", "--cacert", certificate.path, "https://127.0.0.1:\(port)/__admin/counters"])
            let counters = try JSONDecoder().decode(Counters.self, from: Data(run.stdout.utf8))
            return counters.paths["GET /media/632759499/\(file)"] ?? 0
        }
    }

    static func download(_ url: URL, _ downloader: MediaDownloader) async -> DownloadError? {
        do throws(DownloadError) {
            _ = try await downloader.download(DownloadRequest(videoID: "556", url: url, quality: .best, jobs: 1)) { _ in
            }
            return nil
        } catch {
            return error
        }
    }

    @Test func aRedirectFromHTTPSToHTTPIsRefusedInTheClientsWords() async throws {
        let fault = #"{"file": "\#(Self.segment)", "kind": "redirect", "status": 302}"#
        try await Self.withTLSStream(faults: [fault]) { master, downloader, counter async throws in
            let failure = await Self.download(master, downloader)
            guard case .parts(let failures) = failure?.cause else {
                Issue.record("expected the part to fail, got \(String(describing: failure))")
                return
            }
            let location = "http://localhost:\(counter.port)/media/632759499/\(Self.segment)"
            let words = APIError.Cause.redirectRefused(to: location, reason: "it leads from https to plain http")
            #expect(failures == [PartFailure(part: "video/00001.ts", reason: .redirect(words.description))])
            #expect(try await counter.requests(of: Self.segment) == 1)
        }
    }

    @Test func a503IsTriedAgainAndARetryAfterPastTheLongestWaitEndsTheRetries() async throws {
        let passing = #"{"file": "v2/seg2.ts", "kind": "status", "status": 503, "count": 1}"#
        let lasting = #"{"file": "\#(Self.segment)", "kind": "status", "status": 503, "retryAfter": 3600}"#
        try await Self.withTLSStream(faults: [passing, lasting]) { master, downloader, counter async throws in
            let failure = await Self.download(master, downloader)
            #expect(failure == DownloadError(.parts([PartFailure(part: "video/00001.ts", reason: .status(503))])))
            #expect(try await counter.requests(of: Self.segment) == 1)
            #expect(try await counter.requests(of: "v2/seg2.ts") == 2)
        }
    }
}
