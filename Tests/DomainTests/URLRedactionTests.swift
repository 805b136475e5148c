import Domain
import Testing

@Suite("Redaction of URLs that are echoed back")
struct URLRedactionTests {
    @Test(arguments: [
        ("https://demo:hunter2@[::1", "https://<redacted>@[::1"),
        ("https://demo:hunter2@api.example.com/v1?key=hunter2", "https://<redacted>@api.example.com/v1?<redacted>"),
        ("http://x/y?sig_hunter2=1#access_token=hunter2", "http://x/y?<redacted>"),
        ("http://x/y#hunter2", "http://x/y#<redacted>"),
        ("demo:hunter2@host", "<redacted>@host"),
        ("https://demo:pa/ss?#@example.com/api", "https://<redacted>@example.com/api"),
        ("https://api.example.com/a@b", "https://<redacted>@b"),
        ("not a url", "not a url"),
    ])
    func textMeantAsAURLLosesItsSecrets(text: String, shown: String) {
        #expect(URLRedaction.text(text) == shown)
    }
}
