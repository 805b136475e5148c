import Foundation
import PortContracts
import Ports
import Subprocesses
import TestSupport
import Testing

@testable import CurlTransport

/// Debian's nginx as a second, independent server: TLS, HTTP/2 by ALPN, gzip, keep-alive.
@Suite("CurlTransport against nginx: HTTP/2 over TLS, gzip decoded, one connection reused")
struct NginxPeerTests {
    @Test func http2GzipAndConnectionReuse() async throws {
        guard
            let nginx = ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return try skip(because: "nginx is not installed (CI installs it)") }
        try await TemporaryDirectory.with { directory async throws in
            guard let tls = try await TLSCertificate.selfSigned(in: directory) else {
                return try skip(because: "openssl is not installed (CI installs it)")
            }
            let server = try await NginxServer.start(nginx, in: directory, tls: tls)
            let transport = CurlTransport(certificateAuthorities: CertificateAuthorities(file: tls.certificate.path))
            let request = HTTPRequest(
                method: "GET", url: URL(string: "https://127.0.0.1:\(server.port)/catalogue.json")!, timeout: 60)
            let first = try await transport.send(request)
            let second = try await transport.send(request)
            let catalogue = try Fixtures.data(named: "episodes-catalog")
            #expect(first.status == 200 && first.body == catalogue && second.body == catalogue)
            #expect(first.headers["Content-Encoding"] == "gzip", "sent compressed, given back decoded")
            var log = try server.accessLog().filter { $0.path == "/catalogue.json" }
            for _ in 0..<1_000 where log.count < 2 {  // nginx may log a request just after answering it
                try await Task.sleep(for: .milliseconds(10))
                log = try server.accessLog().filter { $0.path == "/catalogue.json" }
            }
            #expect(log.count == 2 && log.allSatisfy { $0.protocol == "HTTP/2.0" }, "\(log)")
            #expect(Set(log.map(\.connection)).count == 1, "both requests on one connection: \(log)")
            await server.stop()
        }
    }
}

/// nginx serving the catalogue fixture over TLS and HTTP/2, with gzip, for one test.
struct NginxServer {
    struct LogLine: CustomStringConvertible {
        let connection: String
        let path: String
        let `protocol`: String
        var description: String { "\(connection) \(path) \(`protocol`)" }
    }

    let process: SpawnedProcess
    let port: Int
    let directory: TemporaryDirectory

    static func start(_ nginx: String, in directory: TemporaryDirectory, tls: TLSCertificate) async throws
        -> NginxServer
    {
        let root = directory.file("www")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.file("logs"), withIntermediateDirectories: true)
        try Fixtures.data(named: "episodes-catalog").write(to: root.appendingPathComponent("catalogue.json"))
        for attempt in 0..<20 {
            let port = 20_000 + Int.random(in: 0..<20_000) + attempt
            let configuration = directory.file("nginx.conf")
            try Self.configuration(port: port, directory: directory, root: root, tls: tls)
                .write(to: configuration, atomically: true, encoding: .utf8)
            let process = try SpawnedProcess(
                nginx, ["-c", configuration.path, "-p", directory.url.path], stdout: .inherited, stderr: .null)
            let server = NginxServer(process: process, port: port, directory: directory)
            if try await server.accepts() { return server }
            await server.stop()
        }
        throw NginxError.didNotStart
    }

    /// Waits until nginx answers on its port, or has exited (the port was taken).
    private func accepts() async throws -> Bool {
        let probe = CurlTransport(
            certificateAuthorities: CertificateAuthorities(file: directory.file("tls-cert.pem").path))
        let deadline = ContinuousClock.now + .seconds(30)
        while process.subprocess.exitStatus == nil, ContinuousClock.now < deadline {
            let request = HTTPRequest(method: "HEAD", url: URL(string: "https://127.0.0.1:\(port)/")!, timeout: 5)
            if (try? await probe.send(request)) != nil { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Kills nginx and waits for it.
    func stop() async {
        await process.killGroup()
    }

    /// The connection serial number, path and protocol of each request nginx served.
    func accessLog() throws -> [LogLine] {
        try String(contentsOf: directory.file("logs/access.log"), encoding: .utf8).split(separator: "\n").map { line in
            let fields = line.split(separator: " ").map(String.init)
            return LogLine(
                connection: fields.first ?? "", path: fields.dropFirst().first ?? "", protocol: fields.last ?? "")
        }
    }

    private static func configuration(port: Int, directory: TemporaryDirectory, root: URL, tls: TLSCertificate)
        -> String
    {
        let base = directory.url.path
        return """
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(base)/nginx.pid;
            error_log \(base)/error.log;
            events {}
            http {
                log_format serial '$connection $request_uri $server_protocol';
                access_log \(base)/logs/access.log serial;
                client_body_temp_path \(base)/tmp-body;
                proxy_temp_path \(base)/tmp-proxy;
                fastcgi_temp_path \(base)/tmp-fastcgi;
                uwsgi_temp_path \(base)/tmp-uwsgi;
                scgi_temp_path \(base)/tmp-scgi;
                gzip on;
                gzip_types application/json;
                gzip_min_length 0;
                types { application/json json; }
                server {
                    listen 127.0.0.1:\(port) ssl http2;
                    ssl_certificate \(tls.certificate.path);
                    ssl_certificate_key \(tls.key.path);
                    root \(root.path);
                }
            }
            """
    }
}

enum NginxError: Error {
    case didNotStart
}
