import TestSupport
import Testing

@Suite("SecretAudit finds a secret wherever it is, and nothing else")
struct SecretAuditTests {
    @Test func aSecretAnywhereInTheTextIsAnIssueAndTextWithoutOneIsNone() {
        let audit = SecretAudit(secrets: ["s3cr3t"])
        audit.remember(["token-é-2"])
        for leak in ["s3cr3t", "Bearer s3cr3t.", "«token-é-2»", "a\nb token-é-2"] {
            withKnownIssue("\(leak) holds a secret") { audit.check(leak) }
        }
        audit.check("s3cr3 secret token-e-2 token-é")  // near misses record nothing
    }
}
