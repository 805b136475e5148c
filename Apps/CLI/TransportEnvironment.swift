import FoundationHTTP

/// What `--verbose` says the transport takes from the environment: the proxies libcurl
/// reads by itself, and whom it trusts for https.
enum TransportEnvironment {
    /// The variables libcurl reads for proxies (it ignores an upper-case `HTTP_PROXY`, which a
    /// web server's CGI environment can set from a request header).
    static let proxyVariables = [
        "http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY",
    ]

    /// One line per proxy variable set (a proxy's user info redacted), and one for trust.
    static func describe(_ environment: [String: String], cacert: String?) -> [String] {
        let proxies = proxyVariables.compactMap { name in
            environment[name].flatMap {
                $0.isEmpty ? nil : "proxy from the environment: \(name)=\(Redaction.urlText($0))"
            }
        }
        let trust =
            if let cacert {
                "trusting the certificate authorities in \(cacert) (--cacert, COCOACASTS_CACERT or config cacert)"
            } else if let file = environment["SSL_CERT_FILE"] ?? environment["CURL_CA_BUNDLE"], !file.isEmpty {
                "trusting the certificate authorities in \(file) (SSL_CERT_FILE or CURL_CA_BUNDLE)"
            } else {
                "trusting the system's certificate authorities"
            }
        return proxies + [trust]
    }
}
