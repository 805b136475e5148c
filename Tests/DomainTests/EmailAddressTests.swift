import Domain
import Testing

@Suite("The series' e-mail rule")
struct EmailAddressTests {
    @Test(arguments: [
        "demo@cocoacasts.com",
        "bart.jacobs@cocoacasts.com",
        "a@b.co",
        "first_last+tag%x@mail.example.co.uk",
        "user-name@sub-domain.example.museum",
        "UPPER@EXAMPLE.ORG",
        String(repeating: "a", count: 32) + "@example.com",
        "x@a.b.c.d.e.com",
    ])
    func valid(address: String) {
        #expect(EmailAddress.isValid(address))
    }

    @Test(arguments: [
        "",
        "demo",
        "demo@",
        "@cocoacasts.com",
        "demo@cocoacasts",
        "demo@cocoacasts.c",
        "demo@cocoacasts.abcdefghi",
        "demo@cocoacasts.c0m",
        ".demo@cocoacasts.com",
        "demo.@cocoacasts.com",
        "demo@.cocoacasts.com",
        "demo@cocoacasts..com",
        "demo@-cocoacasts.com",
        "démo@cocoacasts.com",
        "demo@cöcoacasts.com",
        "de mo@cocoacasts.com",
        " demo@cocoacasts.com",
        "demo@cocoacasts.com ",
        "demo@@cocoacasts.com",
        "de@mo@cocoacasts.com",
        String(repeating: "a", count: 33) + "@example.com",
        "x@a.b.c.d.e.f.com",
    ])
    func invalid(address: String) {
        #expect(!EmailAddress.isValid(address))
    }
}
