import Domain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the built-in media server answers to one request, as `Scripts/mock-api --media`
/// does: a video's media is a WAV of silence as long as the video (8 kHz mono 8-bit PCM,
/// 8,000 bytes a second, made as it is sent), with `Accept-Ranges`, an `ETag` and a
/// `Last-Modified`; one `Range: bytes=` range is answered 206 (416 when it starts past the
/// end), and a `Range` whose `If-Range` is neither validator is answered whole.
struct MediaAnswer {
    /// The bytes a second of the WAV takes, and the size of its header.
    static let bytesPerSecond = 8000
    static let headerSize = 44
    /// The same for every run: a copy made in one run resumes in the next.
    static let lastModified = "Mon, 02 Jan 2023 00:00:00 GMT"

    let status: Int
    let headers: [(String, String)]
    /// The part of the media the body is, for a GET; none for HEAD or a failure.
    let body: Range<Int>?
    /// The media's length in seconds, which the body's bytes are made from.
    let seconds: Int

    /// The one range `value` asks for within `size` bytes; `.some(nil)` when it is
    /// unsatisfiable (it starts past the end, or asks for the last 0 bytes); `nil` to send
    /// everything (no Range, another unit, several ranges, or a malformed one: RFC 9110 lets a
    /// server ignore those). As `Scripts/mock-api`'s `byte_range`, case by case.
    static func range(_ value: String?, size: Int) -> Range<Int>?? {
        let text = value ?? ""
        let equals = text.firstIndex(of: "=")
        let unit = equals.map { text[..<$0] } ?? Substring(text)
        let spec = equals.map { text[text.index(after: $0)...] } ?? ""
        guard unit.trimmingWhitespace().lowercased() == "bytes", !spec.contains(",") else { return nil }
        let bounds = spec.trimmingWhitespace().split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        func isNumber(_ text: Substring) -> Bool { text.allSatisfy { $0.isASCII && $0.isNumber } }
        guard bounds.count == 2, isNumber(bounds[0]), isNumber(bounds[1]), !(bounds[0].isEmpty && bounds[1].isEmpty)
        else { return nil }
        // A number too large for an Int is past any end: the largest Int says as much.
        func number(_ text: Substring) -> Int { Int(text) ?? .max }
        guard !bounds[0].isEmpty else {
            let suffix = number(bounds[1])
            return suffix == 0 ? .some(nil) : .some(max(0, size - suffix)..<size)
        }
        let first = number(bounds[0])
        let last = bounds[1].isEmpty ? nil : number(bounds[1])
        if let last, last < first { return nil }
        guard first < size else { return .some(nil) }
        return .some(first..<(min(last ?? (size - 1), size - 1) + 1))
    }

    /// The head of the answer, as it goes on the wire.
    var head: Data {
        let reason = [200: "OK", 206: "Partial Content", 404: "Not Found", 405: "Method Not Allowed"][status]
        let lines =
            ["HTTP/1.1 \(status) \(reason ?? "Range Not Satisfiable")"]
            + headers.map { "\($0): \($1)" } + ["Connection: close", "", ""]
        return Data(lines.joined(separator: "\r\n").utf8)
    }

    /// Bytes `part` of the media: its WAV header, then silence (128 in 8-bit PCM).
    func bytes(_ part: Range<Int>) -> Data {
        var data = Data(repeating: 128, count: part.count)
        let header = Self.wavHeader(seconds: seconds)
        for offset in part.clamped(to: 0..<Self.headerSize) {
            data[offset - part.lowerBound] = header[offset]
        }
        return data
    }

    /// The 44-byte RIFF header of `seconds` of 8 kHz mono 8-bit PCM.
    static func wavHeader(seconds: Int) -> [UInt8] {
        func little(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        let data = seconds * bytesPerSecond
        return Array("RIFF".utf8) + little(36 + data, 4) + Array("WAVEfmt ".utf8) + little(16, 4) + little(1, 2)
            + little(1, 2) + little(bytesPerSecond, 4) + little(bytesPerSecond, 4) + little(1, 2) + little(8, 2)
            + Array("data".utf8) + little(data, 4)
    }
}

extension MediaAnswer {
    /// The answer to `method path` with `headers` (names lower-cased), where `seconds(videoID)`
    /// is a video's length, `nil` for none.
    init(method: String, path: String, headers: [String: String], seconds: (String) -> Int?) {
        let name = path.hasPrefix("/media/") && path.hasSuffix(".wav") ? path.dropFirst(7).dropLast(4) : ""
        guard !name.isEmpty, let length = seconds(String(name)) else {
            self.init(status: 404, headers: [("Content-Length", "0")], body: nil, seconds: 0)
            return
        }
        guard method == "GET" || method == "HEAD" else {
            self.init(status: 405, headers: [("Allow", "GET, HEAD"), ("Content-Length", "0")], body: nil, seconds: 0)
            return
        }
        let size = Self.headerSize + length * Self.bytesPerSecond
        let validator = "\"\(name)-\(length)\""
        var fields = [
            ("Content-Type", "audio/wav"), ("Accept-Ranges", "bytes"), ("ETag", validator),
            ("Last-Modified", Self.lastModified),
        ]
        let ifRange = headers["if-range"]
        let fresh = ifRange == nil || ifRange == validator || ifRange == Self.lastModified
        switch fresh ? Self.range(headers["range"], size: size) : nil {
        case .some(.none):
            fields += [("Content-Range", "bytes */\(size)"), ("Content-Length", "0")]
            self.init(status: 416, headers: fields, body: nil, seconds: length)
        case .some(.some(let part)):
            fields += [
                ("Content-Range", "bytes \(part.lowerBound)-\(part.upperBound - 1)/\(size)"),
                ("Content-Length", "\(part.count)"),
            ]
            self.init(status: 206, headers: fields, body: method == "GET" ? part : nil, seconds: length)
        case .none:
            fields.append(("Content-Length", "\(size)"))
            self.init(status: 200, headers: fields, body: method == "GET" ? 0..<size : nil, seconds: length)
        }
    }
}
