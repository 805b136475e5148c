import Foundation

/// A self-signed certificate for `127.0.0.1`, made with Debian's `openssl`, for a TLS
/// server that no client trusts.
public struct TLSCertificate: Sendable {
    /// The PEM certificate.
    public let certificate: URL
    /// The PEM private key.
    public let key: URL

    /// Makes a certificate and key in `directory`; `nil` when `openssl` is not installed
    /// (CI installs it; a test then says so and skips).
    public static func selfSigned(in directory: TemporaryDirectory) async throws -> TLSCertificate? {
        guard
            let openssl = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return nil }
        let certificate = directory.file("tls-cert.pem")
        let key = directory.file("tls-key.pem")
        let outcome = try await ChildProcess.run(
            URL(fileURLWithPath: openssl),
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key.path, "-out", certificate.path,
            ], timeout: .seconds(60))
        guard outcome.status == 0 else { throw TLSCertificateError.opensslFailed(outcome.stderr) }
        return TLSCertificate(certificate: certificate, key: key)
    }
}

/// Why a certificate could not be made.
public enum TLSCertificateError: Error, Equatable {
    /// `openssl` exited with an error; its message.
    case opensslFailed(String)
}
