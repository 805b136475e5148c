import Ports
import Testing

@Suite("HTTPHeaders: a field fits on one header line, checked in bytes")
struct HTTPHeadersLinesTests {
    /// CR LF is one `Character` in Swift, equal to neither "\r" nor "\n".
    @Test(arguments: ["\r\n", "\r", "\n", "\0"])
    func aLineBreakOrANulInTheValueOrTheNameDoesNotFit(breaker: String) {
        #expect(!HTTPHeaders.Field(name: "X-Note", value: "a\(breaker)X-Injected: yes").fitsOnOneLine)
        #expect(!HTTPHeaders.Field(name: "X-Note\(breaker)X-Injected", value: "yes").fitsOnOneLine)
    }

    @Test func ordinaryFieldsFit() {
        #expect(HTTPHeaders.Field(name: "Authorization", value: "Bearer a.b-c_d~e+f/g=").fitsOnOneLine)
        #expect(HTTPHeaders.Field(name: "X-Empty", value: "").fitsOnOneLine)
        #expect(HTTPHeaders.Field(name: "X-Title", value: "Café\tau lait").fitsOnOneLine)
    }

    @Test func theRefusalNamesTheHeaderButNeverItsValue() {
        let headers: HTTPHeaders = ["Accept": "application/json", "Authorization": "Bearer secret\r\nX-Injected: yes"]
        #expect(
            throws: TransportError(.other, "the header Authorization holds a line break or a NUL; nothing was sent")
        ) { try headers.checkEveryFieldFitsOnOneLine() }
        let badName: HTTPHeaders = ["X\r\nInjected": "secret"]
        #expect(throws: TransportError(.other, "a header holds a line break or a NUL; nothing was sent")) {
            try badName.checkEveryFieldFitsOnOneLine()
        }
        #expect(throws: Never.self) { try HTTPHeaders(["Accept": "application/json"]).checkEveryFieldFitsOnOneLine() }
    }
}
