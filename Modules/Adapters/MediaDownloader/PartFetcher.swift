import HLS
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Fetches one part into its file: checked against its announced length (and its byte
/// range), decrypted when keyed, renamed when whole; a transient failure (a dropped
/// connection, a 5xx, a part cut short) is tried again, up to `attempts` times in all.
struct PartFetcher: Sendable {
    let transport: any HTTPTransport
    let folder: CopyFolder
    let keys: KeyCache
    let attempts: Int
    let timeout: TimeInterval
    /// The bytes written so far, for progress.
    let written: @Sendable (Int) -> Void

    func fetch(_ part: Part) async throws(DownloadError) {
        var attempt = 1
        while true {
            do throws(DownloadError) {
                return try await fetchOnce(part)
            } catch {
                guard error.isWorthRetrying, attempt < attempts, !Task.isCancelled else {
                    throw Task.isCancelled ? DownloadError(.cancelled) : error
                }
                do {
                    try await Task.sleep(for: .milliseconds(250 << (attempt - 1)))
                } catch {
                    throw DownloadError(.cancelled)
                }
                attempt += 1
            }
        }
    }

    private func fetchOnce(_ part: Part) async throws(DownloadError) {
        var headers = HTTPHeaders()
        if let range = part.range { headers.append(name: "Range", value: range.rangeHeader) }
        let response: HTTPStreamedResponse
        do {
            (_, response) = try await MediaRequests(transport: transport, timeout: timeout)
                .open(part.url, headers: headers, limit: 1 << 30)
        } catch {
            throw DownloadError(
                error.cause == .cancelled
                    ? .cancelled : .partFailed(part: part.name, status: nil, transport: error.cause))
        }
        // A range answered whole, or another range than the one asked for, would be the wrong
        // bytes: only a 206 carries a range, and its Content-Range must be the one asked.
        guard response.status == (part.range == nil ? 200 : 206),
            part.range.map({ Self.contentRange(response.headers["Content-Range"], is: $0) }) ?? true
        else {
            response.body.cancel()
            throw DownloadError(.partFailed(part: part.name, status: response.status, transport: nil))
        }
        // A length announced for an encoded body counts other bytes than the decoded ones read.
        let declared =
            response.headers["Content-Encoding"] == nil ? response.headers["Content-Length"].flatMap { Int($0) } : nil
        let announced = part.range?.length ?? declared
        let writer = try folder.temporary(part.name)
        do throws(DownloadError) {
            var received = 0
            var encrypted = Data()
            while let chunk = try await next(response.body, part) {
                received += chunk.count
                if let expected = announced, received > expected {
                    throw DownloadError(.partLength(part: part.name, expected: expected, received: received))
                }
                if part.key == nil {
                    try writer.write(chunk)
                    written(chunk.count)
                } else {
                    encrypted.append(chunk)
                }
            }
            if let expected = announced, received != expected {
                throw DownloadError(.partLength(part: part.name, expected: expected, received: received))
            }
            if let key = part.key, let iv = part.iv {
                let plain = try await decrypt(encrypted, key: key, iv: iv, part: part)
                try writer.write(plain)
                written(plain.count)
            }
            try writer.close()
        } catch {
            writer.abandon()
            throw error
        }
        try folder.finish(part.name)
    }

    /// Whether `header` (`bytes FIRST-LAST/TOTAL`) is exactly `range`.
    static func contentRange(_ header: String?, is range: ByteRange) -> Bool {
        guard let header, header.hasPrefix("bytes ") else { return false }
        let span = header.dropFirst(6).prefix { $0 != "/" }.split(separator: "-")
        guard span.count == 2, let first = Int(span[0]), let last = Int(span[1]) else { return false }
        return first == range.offset && last == range.offset + range.length - 1
    }

    private func next(_ body: HTTPBody, _ part: Part) async throws(DownloadError) -> Data? {
        do {
            return try await body.next()
        } catch {
            throw DownloadError(
                error.cause == .cancelled
                    ? .cancelled : .partFailed(part: part.name, status: nil, transport: error.cause))
        }
    }

    private func decrypt(_ data: Data, key: SegmentKey, iv: [UInt8], part: Part) async throws(DownloadError) -> Data {
        let bytes = try await keys.key(at: key.uri, for: part.name)
        do {
            return try AES128CBC.shared.get().decrypt(data, key: bytes, iv: iv)
        } catch {
            throw DownloadError(.decryption(part: part.name, detail: error.detail))
        }
    }
}

/// The keys of a stream, each fetched once however many segments it decrypts.
actor KeyCache {
    private let transport: any HTTPTransport
    private let timeout: TimeInterval
    private var keys: [URL: Task<Result<[UInt8], DownloadError>, Never>] = [:]

    init(transport: any HTTPTransport, timeout: TimeInterval) {
        self.transport = transport
        self.timeout = timeout
    }

    /// The 16 bytes at `url`, the key of part `name`.
    func key(at url: URL, for name: String) async throws(DownloadError) -> [UInt8] {
        let fetching =
            keys[url]
            ?? Task { [transport, timeout] () async -> Result<[UInt8], DownloadError> in
                do throws(TransportError) {
                    let (_, status, body) = try await MediaRequests(transport: transport, timeout: timeout)
                        .data(url, limit: 1024)
                    guard status == 200 else {
                        return .failure(
                            DownloadError(.partFailed(part: "the key of \(name)", status: status, transport: nil)))
                    }
                    guard body.count == 16 else {
                        return .failure(
                            DownloadError(.decryption(part: name, detail: "its key is \(body.count) bytes, not 16")))
                    }
                    return .success([UInt8](body))
                } catch {
                    return .failure(
                        DownloadError(.partFailed(part: "the key of \(name)", status: nil, transport: error.cause)))
                }
            }
        keys[url] = fetching
        let result = await fetching.value
        if case .failure = result { keys[url] = nil }  // the next segment tries again
        return try result.get()
    }
}

extension DownloadError {
    /// Whether another attempt may go otherwise: the network or the server, not the disk or the stream.
    var isWorthRetrying: Bool {
        switch cause {
        case .partFailed(_, let status?, _): status >= 400 && !DownloadError.isFinal(status)
        case .partFailed(_, nil, let transport?): transport != .cancelled && transport != .tooLarge
        case .partLength: true
        default: false
        }
    }
}
