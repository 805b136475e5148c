import Ports

/// The CURLcodes the transport tells apart (curl's include/curl/curl.h), and the cause
/// each one is. The code decides; curl's words only go into the message.
enum CurlCode {
    static let ok: Int32 = 0
    static let couldNotResolveHost: Int32 = 6
    static let couldNotConnect: Int32 = 7
    static let weirdServerReply: Int32 = 8
    static let http2: Int32 = 16
    static let partialFile: Int32 = 18
    static let operationTimedOut: Int32 = 28
    static let sslConnectError: Int32 = 35
    static let abortedByCallback: Int32 = 42
    static let gotNothing: Int32 = 52
    static let sendError: Int32 = 55
    static let receiveError: Int32 = 56
    static let sslCertificateProblem: Int32 = 58
    static let sslCipher: Int32 = 59
    static let peerFailedVerification: Int32 = 60
    static let badContentEncoding: Int32 = 61
    static let sslCACertificateBadFile: Int32 = 77
    static let sslShutdownFailed: Int32 = 80
    static let sslIssuerError: Int32 = 83
    static let sslPinnedPublicKeyMismatch: Int32 = 90
    static let sslInvalidCertificateStatus: Int32 = 91
    static let http2Stream: Int32 = 92
    static let sslClientCertificate: Int32 = 98
    static let tooLarge: Int32 = 100

    /// What `code` means to the client.
    static func cause(of code: Int32) -> TransportError.Cause {
        switch code {
        case operationTimedOut: .timedOut
        case couldNotConnect: .cannotConnect
        case couldNotResolveHost: .hostNotFound
        // A body cut short (18), a connection closed before any answer (52) or reset (55, 56, 92).
        case partialFile, gotNothing, sendError, receiveError, http2Stream: .connectionLost
        case peerFailedVerification, sslIssuerError, sslPinnedPublicKeyMismatch, sslInvalidCertificateStatus:
            .untrustedCertificate
        case sslConnectError, sslCertificateProblem, sslCipher, sslCACertificateBadFile, sslShutdownFailed,
            sslClientCertificate:
            .tlsFailed
        case weirdServerReply, http2, badContentEncoding: .malformed
        case tooLarge: .tooLarge
        case abortedByCallback: .cancelled
        default: .other
        }
    }
}
