/// What a credential sent in a header may hold: visible ASCII only (`!` to `~`), at most
/// 4 KiB. A carriage return or line feed would end the header and start another one, so
/// a token from a hostile server, a tampered token file or the environment could add
/// headers of its own to every request.
enum HeaderValue {
    /// The longest credential accepted, in bytes.
    static let maximumLength = 4096

    /// Whether `value` may be sent as a credential.
    static func isSafeCredential(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.count <= maximumLength
            && value.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// Whether `value` may be sent as a header's text: visible ASCII and spaces, at most
    /// 4 KiB — a saved validator (`ETag`, `Last-Modified`), which a tampered cache file could
    /// otherwise use to add headers, or an app's `User-Agent`.
    static func isSafeText(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.count <= maximumLength && value.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }
}
