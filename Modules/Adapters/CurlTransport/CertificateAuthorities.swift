/// Whom the libcurl transport trusts for https: the system's store (libcurl's built-in
/// bundle), or a file or directory of certificate authorities instead.
public struct CertificateAuthorities: Hashable, Sendable {
    /// A PEM file of authorities (`CURLOPT_CAINFO`).
    public var file: String?
    /// A directory of hashed authority files (`CURLOPT_CAPATH`).
    public var directory: String?

    /// The system's store.
    public static let system = CertificateAuthorities()

    public init(file: String? = nil, directory: String? = nil) {
        self.file = file
        self.directory = directory
    }

    /// What a user of OpenSSL-based tools expects: `explicitFile` (a `--cacert` option)
    /// first, then `SSL_CERT_FILE`, then `CURL_CA_BUNDLE`, and `SSL_CERT_DIR` for a
    /// directory; the system's store when none is set. (libcurl itself reads none of them:
    /// it is built with its bundle's path, which wins over OpenSSL's variables.)
    public init(environment: [String: String], explicitFile: String? = nil) {
        func variable(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        file = explicitFile ?? variable("SSL_CERT_FILE") ?? variable("CURL_CA_BUNDLE")
        directory = variable("SSL_CERT_DIR")
    }
}
