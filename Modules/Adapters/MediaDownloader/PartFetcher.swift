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
        var request = HTTPRequest(method: "GET", url: part.url, timeout: timeout, maximumResponseSize: 1 << 30)
        if let range = part.range { request.headers.append(name: "Range", value: range.rangeHeader) }
        let response: HTTPStreamedResponse
        do {
            response = try await transport.stream(request)
        } catch {
            throw DownloadError(
                error.cause == .cancelled
                    ? .cancelled : .partFailed(part: part.name, status: nil, transport: error.cause))
        }
        // A range answered whole would be the wrong bytes: only a 206 carries a range.
        guard response.status == (part.range == nil ? 200 : 206) else {
            response.body.cancel()
            throw DownloadError(.partFailed(part: part.name, status: response.status, transport: nil))
        }
        let announced = response.headers["Content-Length"].flatMap { Int($0) } ?? part.range?.length
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
                let request = HTTPRequest(method: "GET", url: url, timeout: timeout, maximumResponseSize: 1024)
                do throws(TransportError) {
                    let response = try await transport.send(request)
                    guard response.status == 200 else {
                        return .failure(
                            DownloadError(
                                .partFailed(part: "the key of \(name)", status: response.status, transport: nil)))
                    }
                    guard response.body.count == 16 else {
                        return .failure(
                            DownloadError(
                                .decryption(part: name, detail: "its key is \(response.body.count) bytes, not 16")))
                    }
                    return .success([UInt8](response.body))
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
        case .partFailed(_, let status?, _): status >= 500 || status == 408 || status == 429
        case .partFailed(_, nil, let transport?): transport != .cancelled && transport != .tooLarge
        case .partLength: true
        default: false
        }
    }
}
