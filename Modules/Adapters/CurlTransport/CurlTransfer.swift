import AsyncPrimitives
import CCurl
import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One request in flight: its easy handle, what has arrived, and who waits for the answer.
///
/// Once submitted, a transfer is touched only by the engine's thread — curl calls its
/// callbacks inside `curl_multi_perform` there — except for ``phase``, which the caller's
/// cancellation also moves, under the engine's lock.
final class CurlTransfer: @unchecked Sendable {
    // Sendable: see above; everything but `phase` belongs to one thread at a time, the
    // hand-over (submit) goes through the engine's lock, and `phase` is only read or
    // written under that lock.
    enum Phase {
        case created, submitted, cancelled, finished
    }

    typealias Continuation = CheckedContinuation<Result<HTTPResponse, TransportError>, Never>
    /// Who waits for a streamed answer's head: its status and headers.
    typealias HeadContinuation = CheckedContinuation<Result<(Int, HTTPHeaders), TransportError>, Never>

    /// How the answer is handed over: whole, or its head first and its body as it arrives.
    enum Delivery {
        case whole(Continuation?)
        case streamed(head: HeadContinuation?, body: ByteChannel<TransportError>)
    }

    let request: HTTPRequest
    let easy: UnsafeMutableRawPointer
    /// Where the transfer is; read and written only under its engine's lock.
    var phase = Phase.created
    /// Set before the transfer is submitted; then the engine's thread's alone.
    var delivery = Delivery.whole(nil)
    /// The body bytes a streamed transfer handed over so far.
    private var streamed = 0
    private let curl: LibCurl
    private let headerList: UnsafeMutableRawPointer?
    private let errorBuffer = CurlErrorBuffer()
    private var body = ResponseBody()
    private var headers = HTTPHeaders()
    /// The status of the response whose headers are arriving.
    private var statusSeen = 0
    private var exceededLimit = false

    /// A transfer of `request`, its easy handle set up; trusting `authorities`. A streamed
    /// transfer has no deadline for the whole body: it ends when no byte arrives for the
    /// request's timeout, a pause for its reader aside (curl checks no paused transfer's speed).
    init(_ request: HTTPRequest, curl: LibCurl, authorities: CertificateAuthorities, streamed: Bool = false)
        throws(TransportError)
    {
        try request.headers.checkEveryFieldFitsOnOneLine()
        guard let easy = curl.functions.pointee.easy_init() else {
            throw TransportError(.other, "libcurl could not make a handle (curl_easy_init)")
        }
        self.request = request
        self.easy = easy
        self.curl = curl
        var list: UnsafeMutableRawPointer?
        for field in request.headers {
            list = curl.functions.pointee.slist_append(list, Self.line(of: field))
        }
        // "Expect:" keeps curl from waiting for a 100 Continue before a body.
        list = curl.functions.pointee.slist_append(list, "Expect:")
        headerList = list
        let context = Unmanaged.passUnretained(self).toOpaque()
        let f = curl.functions
        var failures: [Int32] = [
            ccurl_easy_setopt_long(f, easy, Int32(CCURLOPT_NOSIGNAL), 1),
            ccurl_easy_setopt_long(f, easy, Int32(CCURLOPT_FOLLOWLOCATION), 0),
            ccurl_easy_setopt_long(
                f, easy, Int32(CCURLOPT_TIMEOUT_MS), streamed ? 0 : Self.milliseconds(request.timeout)),
            ccurl_easy_setopt_long(f, easy, Int32(CCURLOPT_LOW_SPEED_LIMIT), streamed ? 1 : 0),
            ccurl_easy_setopt_long(f, easy, Int32(CCURLOPT_LOW_SPEED_TIME), Self.seconds(request.timeout)),
            ccurl_easy_setopt_long(f, easy, Int32(CCURLOPT_CONNECTTIMEOUT_MS), Self.milliseconds(request.timeout)),
            ccurl_easy_setopt_long(f, easy, Int32(CCURLOPT_BUFFERSIZE), Self.receiveBufferSize),
            ccurl_easy_setopt_pointer(f, easy, Int32(CCURLOPT_ERRORBUFFER), errorBuffer.pointer),
            ccurl_easy_setopt_pointer(f, easy, Int32(CCURLOPT_HTTPHEADER), list),
            ccurl_easy_setopt_callback(f, easy, Int32(CCURLOPT_WRITEFUNCTION), receiveBody),
            ccurl_easy_setopt_pointer(f, easy, Int32(CCURLOPT_WRITEDATA), context),
            ccurl_easy_setopt_callback(f, easy, Int32(CCURLOPT_HEADERFUNCTION), receiveHeader),
            ccurl_easy_setopt_pointer(f, easy, Int32(CCURLOPT_HEADERDATA), context),
        ]
        // Strings are copied by curl. An empty ACCEPT_ENCODING offers every decoding curl has; a
        // request that names its own Accept-Encoding (`identity`, a media file's) gets the body
        // as the server sends it, never inflated.
        let decodes = request.headers["Accept-Encoding"] == nil
        let strings: [(Int32, String?)] =
            [(Int32(CCURLOPT_URL), request.url.absoluteString), (Int32(CCURLOPT_ACCEPT_ENCODING), decodes ? "" : nil)]
            + Self.trustOptions(authorities)
        for (option, value) in strings {
            failures.append(
                value.map { $0.withCString { ccurl_easy_setopt_pointer(f, easy, option, $0) } }
                    ?? ccurl_easy_setopt_pointer(f, easy, option, nil))
        }
        failures += Self.method(of: request, on: easy, curl: curl)
        // Wishes a libcurl may not grant: HTTP/2 (built without nghttp2), and only http and
        // https (the string form since 7.85, the bit mask before).
        _ = ccurl_easy_setopt_long(f, easy, Int32(CCURLOPT_HTTP_VERSION), Int(CCURL_HTTP_VERSION_2TLS))
        // Over TLS, a request for an origin whose connection is still being set up waits for its
        // handshake to say whether it multiplexes (HTTP/2) rather than opening one more. Not over
        // plain HTTP, which never does here: there curl would learn it only from the first
        // answer's headers, and every new connection would wait for them.
        if request.url.scheme?.lowercased() == "https" {
            _ = ccurl_easy_setopt_long(f, easy, Int32(CCURLOPT_PIPEWAIT), 1)
        }
        // A transfer removed while its name is still being resolved leaves curl's resolver thread
        // to end by itself (7.87 and later) instead of holding the engine until the lookup
        // times out: a cancellation, or the transport's shut-down, waits for no DNS server.
        _ = ccurl_easy_setopt_long(f, easy, Int32(CCURLOPT_QUICK_EXIT), 1)
        // Through a proxy, its "200 Connection established" reaches no header callback (7.54 and
        // later), so a streamed head is the server's own.
        _ = ccurl_easy_setopt_long(f, easy, Int32(CCURLOPT_SUPPRESS_CONNECT_HEADERS), 1)
        if ccurl_easy_setopt_pointer(f, easy, Int32(CCURLOPT_PROTOCOLS_STR), "http,https") != CurlCode.ok {
            _ = ccurl_easy_setopt_long(f, easy, Int32(CCURLOPT_PROTOCOLS), Int(CCURLPROTO_HTTP | CCURLPROTO_HTTPS))
        }
        if let code = failures.first(where: { $0 != CurlCode.ok }) {
            release()
            throw TransportError(.other, "libcurl refused an option: \(curl.describe(code))")
        }
    }

    /// Frees the easy handle and the header list: after the engine removed the handle.
    func release() {
        curl.functions.pointee.easy_cleanup(easy)
        curl.functions.pointee.slist_free_all(headerList)
    }

    /// Hands the outcome over, once: the whole answer, or a streamed answer's head (when it has
    /// not gone yet) and its body's end.
    func answer(_ outcome: Result<HTTPResponse, TransportError>) {
        switch delivery {
        case .whole(let continuation):
            continuation?.resume(returning: outcome)
        case .streamed(let head, let body):
            head?.resume(returning: outcome.map { ($0.status, $0.headers) })
            switch outcome {
            case .success: body.finish()
            case .failure(let error): body.finish(throwing: error)
            }
        }
        delivery = .whole(nil)
    }

    /// The answer, or why there is none, from the transfer's CURLcode.
    func outcome(of code: Int32) -> Result<HTTPResponse, TransportError> {
        if exceededLimit {
            return .failure(TransportError(.tooLarge, "the body passed \(request.maximumResponseSize) bytes"))
        }
        guard code == CurlCode.ok else {
            let said = errorBuffer.message
            return .failure(TransportError(CurlCode.cause(of: code), said.isEmpty ? curl.describe(code) : said))
        }
        var status = 0
        _ = ccurl_easy_getinfo_long(curl.functions, easy, Int32(CCURLINFO_RESPONSE_CODE), &status)
        return .success(HTTPResponse(status: status, headers: headers, body: body.take()))
    }

    /// `count` bytes of (decoded) body: appended in place, or the transfer stopped when they
    /// would pass the limit — so a compressed body that inflates without end stops there.
    fileprivate func receive(body bytes: UnsafeMutablePointer<CChar>?, count: Int) -> Int {
        if case .streamed(_, let channel) = delivery {
            guard streamed + count <= request.maximumResponseSize else {
                exceededLimit = true
                return 0
            }
            guard let bytes, count > 0 else { return count }
            // An encoded body is never paused: paused, curl would go on inflating what it has read
            // into a buffer of its own, past the limit. Every decoded byte comes through here and
            // counts against it, so the channel holds at most the limit.
            if headers["Content-Encoding"] != nil {
                _ = channel.append(Data(bytes: bytes, count: count))
            } else if !channel.offer(UnsafeRawBufferPointer(start: bytes, count: count)) {
                // A full channel pauses the transfer; curl offers the same bytes again once resumed.
                return Int(CCURL_WRITEFUNC_PAUSE)
            }
            streamed += count
            return count
        }
        guard body.count + count <= request.maximumResponseSize else {
            exceededLimit = true
            return 0  // curl stops the transfer with CURLE_WRITE_ERROR
        }
        if let bytes, count > 0 {
            body.append(UnsafeRawPointer(bytes), count: count)
        }
        return count
    }

    /// One header line. A status line starts a response anew (after a 100 Continue); at the
    /// end of a final response's headers a declared length past the limit stops the
    /// transfer before its body, and a smaller one reserves room for all of it (see
    /// ``ResponseBody``).
    fileprivate func receive(header bytes: UnsafeMutablePointer<CChar>?, count: Int) -> Int {
        guard let bytes else { return count }
        let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
            .trimmingWhitespace()
        if line.hasPrefix("HTTP/") {
            headers = HTTPHeaders()
            statusSeen = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        } else if line.isEmpty {
            // Only a body that will come says its length: not a HEAD's, a 1xx's, 204's or 304's.
            let hasBody = request.method != "HEAD" && statusSeen >= 200 && statusSeen != 204 && statusSeen != 304
            let declared = headers["Content-Encoding"] == nil ? headers["Content-Length"].flatMap { Int($0) } : nil
            if hasBody, let declared {
                guard declared <= request.maximumResponseSize else {
                    exceededLimit = true
                    return 0
                }
                if case .whole = delivery { body.reserve(declared) }
            }
            if statusSeen >= 200, case .streamed(let head?, let channel) = delivery {
                head.resume(returning: .success((statusSeen, headers)))
                delivery = .streamed(head: nil, body: channel)
            }
        } else if let colon = line.firstIndex(of: ":") {
            headers.append(
                name: String(line[..<colon]),
                value: String(line[line.index(after: colon)...].trimmingWhitespace()))
        }
        return count
    }
}

/// curl's write callback: the context is the transfer.
private let receiveBody: CCurlDataCallback = { bytes, size, count, context in
    Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().receive(body: bytes, count: size * count)
}

/// curl's header callback: one whole line at a time.
private let receiveHeader: CCurlDataCallback = { bytes, size, count, context in
    Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().receive(header: bytes, count: size * count)
}
