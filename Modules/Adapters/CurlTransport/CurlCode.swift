import Ports

/// The CURLcodes the transport tells apart (curl's include/curl/curl.h), and the cause
/// each one is. The code decides; curl's words only go into the message.
enum CurlCode {
    static let ok: Int32 = 0

    /// What `code` means to the client.
    static func cause(of code: Int32) -> TransportError.Cause {
        causes[code] ?? .other
    }

    /// The codes that are a cause other than `.other`, each with its name in curl.h.
    private static let causes: [Int32: TransportError.Cause] = [
        6: .hostNotFound,  // COULDNT_RESOLVE_HOST
        7: .cannotConnect,  // COULDNT_CONNECT
        8: .malformed,  // WEIRD_SERVER_REPLY
        16: .malformed,  // HTTP2
        // A body cut short (18), a connection closed before any answer (52) or reset (55, 56, 92).
        18: .connectionLost,  // PARTIAL_FILE
        28: .timedOut,  // OPERATION_TIMEDOUT
        35: .tlsFailed,  // SSL_CONNECT_ERROR
        42: .cancelled,  // ABORTED_BY_CALLBACK
        52: .connectionLost,  // GOT_NOTHING
        55: .connectionLost,  // SEND_ERROR
        56: .connectionLost,  // RECV_ERROR
        58: .tlsFailed,  // SSL_CERTPROBLEM
        59: .tlsFailed,  // SSL_CIPHER
        60: .untrustedCertificate,  // PEER_FAILED_VERIFICATION
        61: .malformed,  // BAD_CONTENT_ENCODING
        77: .tlsFailed,  // SSL_CACERT_BADFILE
        80: .tlsFailed,  // SSL_SHUTDOWN_FAILED
        83: .untrustedCertificate,  // SSL_ISSUER_ERROR
        90: .untrustedCertificate,  // SSL_PINNEDPUBKEYNOTMATCH
        91: .untrustedCertificate,  // SSL_INVALIDCERTSTATUS
        92: .connectionLost,  // HTTP2_STREAM
        98: .tlsFailed,  // SSL_CLIENTCERT
        100: .tooLarge,  // TOO_LARGE
    ]
}
