import Foundation
import PortContracts
import Ports
import Synchronization

/// A media host in memory: files by URL, `Range` honoured, each path's requests counted, and
/// failures scripted per path (a status for the next N requests, or for every one).
final class FakeCDN: Sendable {
    struct File: Sendable {
        var body: Data
        var headers: HTTPHeaders = [:]
    }

    private struct State {
        var files: [String: File] = [:]
        var failures: [String: (status: Int, remaining: Int)] = [:]
        var counts: [String: Int] = [:]
        var lies: [String: Int] = [:]
        var redirects: [String: String] = [:]
    }

    /// The files and counts, shared with the transport's responder.
    private final class Shelves: Sendable {
        let state = Mutex(State())
    }

    private let shelves = Shelves()
    let transport: SpyTransport

    init() {
        let shelves = self.shelves
        transport = SpyTransport { request in
            let key = request.url.absoluteString
            let answer = shelves.state.withLock { state -> (File?, Int?, Int?) in
                state.counts[key, default: 0] += 1
                if let location = state.redirects[key] {
                    return (File(body: Data(), headers: ["Location": location]), 302, nil)
                }
                if let failure = state.failures[key], failure.remaining != 0 {
                    state.failures[key]?.remaining -= 1
                    return (nil, failure.status, nil)
                }
                return (state.files[key], nil, state.lies[key])
            }
            if let status = answer.1, let redirect = answer.0 {
                return HTTPResponse(status: status, headers: redirect.headers, body: redirect.body)
            }
            if let status = answer.1 { return HTTPResponse(status: status, body: Data("failed".utf8)) }
            guard var file = answer.0 else { return HTTPResponse(status: 404, body: Data("not found".utf8)) }
            var status = 200
            if let range = request.headers["Range"], let (first, last) = Self.range(range, length: file.body.count) {
                file.headers.append(name: "Content-Range", value: "bytes \(first)-\(last)/\(file.body.count)")
                file.body = file.body.subdata(in: first..<(last + 1))
                status = 206
            }
            file.headers.append(name: "Content-Length", value: String(answer.2 ?? file.body.count))
            return HTTPResponse(status: status, headers: file.headers, body: file.body)
        }
    }

    func serve(_ url: String, _ body: Data, headers: HTTPHeaders = [:]) {
        shelves.state.withLock { $0.files[url] = File(body: body, headers: headers) }
    }

    func serve(_ url: String, _ text: String) {
        serve(url, Data(text.utf8))
    }

    /// The next `times` requests for `url` (every one when -1) are answered `status`.
    func fail(_ url: String, status: Int, times: Int = -1) {
        shelves.state.withLock { $0.failures[url] = (status, times) }
    }

    /// `url` announces `length` bytes in its `Content-Length`, whatever it sends.
    func announce(_ url: String, length: Int) {
        shelves.state.withLock { $0.lies[url] = length }
    }

    /// `url` answers 302 with `location` as its `Location`, as written.
    func redirect(_ url: String, to location: String) {
        shelves.state.withLock { $0.redirects[url] = location }
    }

    func heal(_ url: String) {
        shelves.state.withLock { $0.failures[url] = nil }
    }

    func count(_ url: String) -> Int {
        shelves.state.withLock { $0.counts[url, default: 0] }
    }

    var total: Int { shelves.state.withLock { $0.counts.values.reduce(0, +) } }

    private static func range(_ header: String, length: Int) -> (Int, Int)? {
        guard header.hasPrefix("bytes=") else { return nil }
        let bounds = header.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Int(bounds[0]) else { return nil }
        let last = Int(bounds[1]) ?? (length - 1)
        return first <= last && last < length ? (first, last) : nil
    }
}
