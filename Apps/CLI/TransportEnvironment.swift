import CurlTransport
import Domain

/// What `--verbose` says the transport takes from the environment: the proxies libcurl
/// reads by itself, and whom it trusts for https.
enum TransportEnvironment {
    /// The variables libcurl reads for proxies (it ignores an upper-case `HTTP_PROXY`, which a
    /// web server's CGI environment can set from a request header).
    static let proxyVariables = [
        "http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY",
    ]

    /// One line per proxy variable set (a proxy's user info redacted), and one for trust,
    /// as the transport will see it.
    static func describe(_ environment: [String: String], cacert: String?) -> [String] {
        let proxies = proxyVariables.compactMap { name in
            environment[name].flatMap {
                $0.isEmpty ? nil : "proxy from the environment: \(name)=\(URLRedaction.text($0))"
            }
        }
        let authorities = CertificateAuthorities(environment: environment, explicitFile: cacert)
        let source = cacert != nil ? "--cacert, COCOACASTS_CACERT or config cacert" : "SSL_CERT_FILE or CURL_CA_BUNDLE"
        var trust = authorities.file.map { ["trusting the certificate authorities in \($0) (\(source))"] } ?? []
        trust += authorities.directory.map { ["trusting the certificate authorities in \($0)/ (SSL_CERT_DIR)"] } ?? []
        return proxies + (trust.isEmpty ? ["trusting the system's certificate authorities"] : trust)
    }
}
