/// A URL, or text meant as one, as a message may show it: what could be a secret redacted.
public enum URLRedaction {
    /// Text meant as a URL, safe to echo back even when it does not parse: user info,
    /// query and fragment redacted (`https://demo:hunter2@[::1` → `https://<redacted>@[::1`).
    public static func text(_ text: String) -> String {
        var rest = Substring(text)
        var scheme = ""
        if let separator = rest.firstRange(of: "://") {
            scheme = String(rest[..<separator.upperBound])
            rest = rest[separator.upperBound...]
        }
        // A password may hold `/`, `?` or `#` itself, so user info runs to the last `@`
        // anywhere (redacting a path's `@` too costs nothing).
        if let at = rest.lastIndex(of: "@") {
            rest = Substring("<redacted>" + rest[at...])
        }
        var redacted = scheme + rest
        if let cut = redacted.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            redacted = String(redacted[..<cut]) + (redacted[cut] == "?" ? "?<redacted>" : "#<redacted>")
        }
        return redacted
    }
}
