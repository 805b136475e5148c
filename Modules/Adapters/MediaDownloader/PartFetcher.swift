import Domain
import HLS
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Fetches one part into its file: checked against its announced length (and its byte
/// range) and its bound, decrypted as it arrives when keyed, digested as it is written,
/// recorded in the journal, then renamed: a file with a part's name is a whole, recorded part.
/// A failure that another try may mend — the network's (a lost connection, a timeout, a host
/// that did not answer), a 502, 503 or 504, a part cut short or stalled, its key's the same —
/// is tried again, part and key, as the requests' ``/Domain/RetryPolicy`` says, `Retry-After`
/// honoured; the whole transfer of each try is bounded by the requests' timeout.
struct PartFetcher: Sendable {
    let requests: MediaRequests
    let folder: CopyFolder
    let keys: KeyCache
    /// The bytes written so far, for progress.
    let written: @Sendable (Int) -> Void

    /// The part's record once whole; a part that could not be fetched throws `.parts([its failure])`.
    func fetch(_ part: Part) async throws(DownloadError) -> DownloadManifest.PartRecord {
        var attempt = 1
        while true {
            var retryAfter: TimeInterval?
            do throws(DownloadError) {
                return try await fetchOnce(part, retryAfter: &retryAfter)
            } catch {
                guard case .parts(let failures) = error.cause, failures.allSatisfy(Self.isWorthRetryingNow),
                    !Task.isCancelled,
                    let pause = requests.retryPolicy.pause(beforeRetry: attempt, retryAfter: retryAfter)
                else { throw Task.isCancelled ? DownloadError(.cancelled) : error }
                do {
                    try await Task.sleep(for: pause)
                } catch {
                    throw DownloadError(.cancelled)
                }
                attempt += 1
            }
        }
    }

    /// Whether trying the part again at once may mend `failure`: the statuses the retry policy
    /// names, and what the network did; a later run may still mend what is not final.
    static func isWorthRetryingNow(_ failure: PartFailure) -> Bool {
        if case .status(let status) = failure.reason { return RetryPolicy.retryableStatuses.contains(status) }
        return failure.isWorthRetrying
    }

    private func failed(_ part: Part, _ reason: PartFailure.Reason) -> DownloadError { .failed(part.name, reason) }

    /// One try; `retryAfter` is what a refusing server asked for.
    private func fetchOnce(_ part: Part, retryAfter: inout TimeInterval?) async throws(DownloadError)
        -> DownloadManifest.PartRecord
    {
        var headers = HTTPHeaders()
        if let range = part.range { headers.append(name: "Range", value: range.rangeHeader) }
        // The key first: a segment is decrypted as it arrives.
        let decryptor = try await decryptor(for: part)
        let response: HTTPStreamedResponse
        do {
            (_, response) = try await requests.once.open(part.url, headers: headers, limit: part.limit)
        } catch {
            switch error {
            case .transport(let transport) where transport.cause == .cancelled: throw DownloadError(.cancelled)
            case .transport(let transport) where transport.cause == .tooLarge:
                throw failed(part, .tooLarge(limit: part.limit))  // a length announced past the bound
            default: throw failed(part, error.reason)
            }
        }
        let announced: Int?
        do throws(DownloadError) {
            announced = try check(response, of: part)
        } catch {
            retryAfter = MediaRequests.retryAfter(response.headers)
            response.body.cancel()
            throw error
        }
        let watch = TransferWatch(response.body, window: requests.timeout, deadline: requests.timeout)
        defer { watch.end() }
        let writer = try folder.temporary(part.name)
        let digest = DigestBeside()
        var bytes = 0
        do throws(DownloadError) {
            var received = 0
            while let chunk = try await next(response.body, part, watch) {
                received += chunk.count
                watch.received(chunk.count)
                if let expected = announced, received > expected {
                    throw failed(part, .length(expected: expected, received: received))
                }
                if received > part.limit { throw failed(part, .tooLarge(limit: part.limit)) }
                bytes += try write(try decrypt(chunk, decryptor, part), writer, digest)
            }
            if let expected = announced, received != expected {
                throw failed(part, .length(expected: expected, received: received))
            }
            if let decryptor {
                bytes += try write(
                    try decrypting(part) { () throws(CryptoFailure) in try decryptor.finish() }, writer, digest)
            }
            try writer.close()
        } catch {
            writer.abandon()
            throw error
        }
        let record = DownloadManifest.PartRecord(
            name: part.name, bytes: bytes, sha256: digest.finish(),
            validator: ResourceValidator(response.status, response.headers))
        try folder.journal(record)
        try folder.finish(part.name)
        return record
    }

    /// The length the answer announces; a status, a range or a length that cannot be this part's
    /// fails it.
    private func check(_ response: HTTPStreamedResponse, of part: Part) throws(DownloadError) -> Int? {
        guard response.status == (part.range == nil ? 200 : 206) else {
            // A range answered whole would be the wrong bytes: only a 206 carries a range.
            if part.range != nil && response.status == 200 {
                throw failed(part, .wrongRange("its server ignored the byte range asked for and sent the whole file"))
            }
            throw failed(part, .status(response.status))
        }
        if let range = part.range, !Self.contentRange(response.headers["Content-Range"], is: range) {
            throw failed(
                part,
                .wrongRange(
                    "its server answered the range \(response.headers["Content-Range"] ?? "(none)") for "
                        + "\(range.offset)-\(range.offset + range.length - 1)"))
        }
        let announced = part.range?.length ?? MediaRequests.declaredLength(response.headers)
        if let announced, announced > part.limit { throw failed(part, .tooLarge(limit: part.limit)) }
        return announced
    }

    /// Writes `data` and digests it; its size.
    private func write(_ data: Data, _ writer: FileWriter, _ digest: DigestBeside) throws(DownloadError) -> Int {
        try writer.write(data)
        digest.update(data)
        written(data.count)
        return data.count
    }

    /// Whether `header` (`bytes FIRST-LAST/TOTAL`) is exactly `range`.
    static func contentRange(_ header: String?, is range: ByteRange) -> Bool {
        guard let header, header.hasPrefix("bytes ") else { return false }
        let span = header.dropFirst(6).prefix { $0 != "/" }.split(separator: "-")
        guard span.count == 2, let first = Int(span[0]), let last = Int(span[1]) else { return false }
        return first == range.offset && last == range.offset + range.length - 1
    }

    private func next(_ body: HTTPBody, _ part: Part, _ watch: TransferWatch) async throws(DownloadError) -> Data? {
        do {
            return try await body.next()
        } catch {
            if let verdict = watch.verdict { throw failed(part, verdict) }
            if error.cause == .tooLarge { throw failed(part, .tooLarge(limit: part.limit)) }
            throw error.cause == .cancelled ? DownloadError(.cancelled) : failed(part, .transport(error))
        }
    }

    private func decryptor(for part: Part) async throws(DownloadError) -> SegmentDecryptor? {
        guard let key = part.key, let iv = part.iv else { return nil }
        let bytes = try await keys.key(at: key.uri, for: part.name)
        return try decrypting(part) { () throws(CryptoFailure) in try SegmentDecryptor(key: bytes, iv: iv) }
    }

    private func decrypt(_ chunk: Data, _ decryptor: SegmentDecryptor?, _ part: Part) throws(DownloadError) -> Data {
        guard let decryptor else { return chunk }
        return try decrypting(part) { () throws(CryptoFailure) in try decryptor.update(chunk) }
    }

    /// What `body` gives; libcrypto's failure is the part's.
    private func decrypting<T>(_ part: Part, _ body: () throws(CryptoFailure) -> T) throws(DownloadError) -> T {
        do {
            return try body()
        } catch {
            throw failed(part, .decryption(error.detail))
        }
    }
}

/// The keys of a stream, each fetched once however many segments it decrypts.
actor KeyCache {
    private let requests: MediaRequests
    /// Why a key could not be had: a part's failure without the part, which each waiting part names.
    struct Failure: Error {
        let reason: PartFailure.Reason
    }

    private var keys: [URL: Task<Result<[UInt8], Failure>, Never>] = [:]

    init(requests: MediaRequests) {
        self.requests = requests
    }

    /// The 16 bytes at `url`, the key of part `name` (a failure is said as that part's).
    func key(at url: URL, for name: String) async throws(DownloadError) -> [UInt8] {
        let fetching = keys[url] ?? Task { [requests] in await Self.fetch(url, requests) }
        keys[url] = fetching
        let result = await fetching.value
        if case .failure = result { keys[url] = nil }  // the next segment tries again
        switch result {
        case .success(let key): return key
        case .failure(let failure):
            if case .transport(let error) = failure.reason, error.cause == .cancelled {
                throw DownloadError(.cancelled)
            }
            throw .failed(name, failure.reason)
        }
    }

    private static func fetch(_ url: URL, _ requests: MediaRequests) async
        -> Result<[UInt8], Failure>
    {
        do throws(MediaRequests.Failure) {
            let (_, status, body) = try await requests.data(url, limit: 1024)
            guard status == 200 else {
                return .failure(
                    Failure(
                        reason: DownloadError.isFinal(status)
                            ? .key("its key's server answered \(status)") : .status(status)))
            }
            guard body.count == 16 else {
                return .failure(Failure(reason: .key("its key is \(body.count) bytes, not 16")))
            }
            return .success([UInt8](body))
        } catch {
            if case .transport(let transportError) = error, transportError.cause == .tooLarge {
                return .failure(Failure(reason: .key("its key is more than 1 KB, not 16 bytes")))
            }
            return .failure(Failure(reason: error.reason))
        }
    }
}

extension DownloadError {
    /// Part `name`'s failure, for `reason`.
    static func failed(_ name: String, _ reason: PartFailure.Reason) -> DownloadError {
        DownloadError(.parts([PartFailure(part: name, reason: reason)]))
    }
}
