import Domain
import Testing

@Suite("Token pairs never show their secrets")
struct SecretRedactionTests {
    private let tokens = TokenPair(accessToken: "secret-access-value", refreshToken: "secret-refresh-value")

    @Test func everyRenderingIsRedacted() {
        var dumped = ""
        dump(tokens, to: &dumped)
        let renderings = [
            tokens.description, tokens.debugDescription, "\(tokens)", String(reflecting: tokens),
            dumped, "\([tokens])", "\(Optional(tokens) as Any)",
        ]
        for shown in renderings {
            #expect(shown.contains("<redacted>"))
            #expect(!shown.contains("secret"), "a token leaked in rendering \(renderings.firstIndex(of: shown) ?? -1)")
        }
    }
}
