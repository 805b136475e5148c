import Foundation
import Ports
import Testing

/// The contract's cases of headers a transport must refuse to send: a carriage return, a
/// line feed or a NUL would end the header line and start one of the sender's choosing.
extension Contract where Subject == HTTPTransportSubject {
    /// Each way to break a header line, CR LF first: Swift reads CR LF as one `Character`,
    /// which equals neither `"\r"` nor `"\n"`, so a check of characters lets it through.
    static let lineBreakers = ["\r\n", "\r", "\n", "\0"]

    static var headers: [HTTPTransportContract] {
        [
            HTTPTransportContract("a header value or name holding CR LF, a lone CR or LF, or a NUL is refused unsent") {
                subject in
                try await MockAPIServer.with { server async throws in
                    let transport = subject.make()
                    for breaker in lineBreakers {
                        let injecting = "a\(breaker)X-Injected: yes"
                        for headers: HTTPHeaders in [["X-Note": injecting], [injecting: "b"]] {
                            let failure = await outcome(transport, server.request("episodes", headers: headers)).failure
                            #expect(failure?.cause == .other, "\(breaker.unicodeScalars.map(\.value)): \(headers)")
                        }
                    }
                    // The transport still sends what it can, and the server saw only that.
                    #expect(try await transport.send(server.request("episodes")).status == 200)
                    let log = try await server.admin.requests()
                    #expect(log.count == 1, "\(log)")
                    #expect(!log.contains { $0.headers.contains("x-injected") }, "\(log)")
                }
            }
        ]
    }
}
