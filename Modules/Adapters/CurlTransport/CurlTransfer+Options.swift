import CCurl
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a request becomes curl's options: its method and body, whom it trusts, its header
/// lines and its deadline.
extension CurlTransfer {
    /// Bytes read from the socket at a time: curl's 16 KiB default costs a 50 MiB body 3,200
    /// reads and as many polls (and wakeups of the engine); 512 KiB, 106. The buffer lives
    /// while its transfer does, so 32 at once hold 16 MiB.
    static let receiveBufferSize = 512 << 10

    /// A timeout in curl's milliseconds: at least 1, at most a day (a non-finite one too).
    static func milliseconds(_ seconds: TimeInterval) -> Int {
        guard seconds.isFinite else { return 86_400_000 }
        return max(1, Int(min(seconds, 86_400) * 1000))
    }

    /// A timeout in curl's whole seconds (its low-speed window): at least 1, at most a day.
    static func seconds(_ seconds: TimeInterval) -> Int {
        guard seconds.isFinite else { return 86_400 }
        return max(1, Int(min(seconds, 86_400).rounded(.up)))
    }

    /// The CA options for `authorities`: none for the system's store, else both, so that
    /// what is given replaces curl's built-in bundle and directory instead of adding to
    /// them (a pinned private CA must not leave every public one trusted too).
    static func trustOptions(_ authorities: CertificateAuthorities) -> [(Int32, String?)] {
        guard authorities != .system else { return [] }
        return [(Int32(CCURLOPT_CAINFO), authorities.file), (Int32(CCURLOPT_CAPATH), authorities.directory)]
    }

    /// `Name: value` for curl's list (`Name;` sends an empty value, which `Name:` would drop),
    /// for a field that fits on one line (see ``/Ports/HTTPHeaders/checkEveryFieldFitsOnOneLine()``).
    static func line(of field: HTTPHeaders.Field) -> String {
        field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
    }

    /// The options for the request's method and body.
    static func method(of request: HTTPRequest, on easy: UnsafeMutableRawPointer, curl: LibCurl) -> [Int32] {
        let f = curl.functions
        var codes: [Int32] = []
        switch request.method {
        case "GET" where request.body == nil:
            codes.append(ccurl_easy_setopt_long(f, easy, Int32(CCURLOPT_HTTPGET), 1))
        case "HEAD":
            codes.append(ccurl_easy_setopt_long(f, easy, Int32(CCURLOPT_NOBODY), 1))
        default:
            if request.method != "POST" {
                codes.append(
                    request.method.withCString { ccurl_easy_setopt_pointer(f, easy, Int32(CCURLOPT_CUSTOMREQUEST), $0) }
                )
            }
            // A request that must not be sent twice gets a connection of its own: on a reused one
            // that dies before an answer, curl would silently send it again (a refresh twice is
            // a refresh token presented twice, which ends the session).
            if !["GET", "HEAD", "PUT", "DELETE", "OPTIONS"].contains(request.method) {
                codes.append(ccurl_easy_setopt_long(f, easy, Int32(CCURLOPT_FRESH_CONNECT), 1))
            }
            // A body always comes from memory: a POST without one would have curl read stdin.
            if request.method == "POST" || request.body != nil {
                let body = request.body ?? Data()
                codes.append(ccurl_easy_setopt_long(f, easy, Int32(CCURLOPT_POST), 1))
                codes.append(
                    ccurl_easy_setopt_offset(f, easy, Int32(CCURLOPT_POSTFIELDSIZE_LARGE), Int64(body.count)))
                codes.append(
                    (body + [0]).withUnsafeBytes {
                        ccurl_easy_setopt_pointer(f, easy, Int32(CCURLOPT_COPYPOSTFIELDS), $0.baseAddress)
                    })
            }
        }
        return codes
    }
}
