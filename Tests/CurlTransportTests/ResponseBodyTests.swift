import Foundation
import Testing

@testable import CurlTransport

@Suite("ResponseBody: a declared length read into one buffer, which leaves as the response's Data")
struct ResponseBodyTests {
    /// `count` bytes of a pattern, fed in chunks of `chunk`, to a body that reserved `declared`.
    static func filled(count: Int, chunk: Int, declared: Int?) -> Data {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        var body = ResponseBody()
        if let declared { body.reserve(declared) }
        bytes.withUnsafeBytes { buffer in
            for start in stride(from: 0, to: count, by: chunk) {
                body.append(buffer.baseAddress! + start, count: min(chunk, count - start))
            }
        }
        #expect(body.count == count)
        let data = body.take()
        #expect(data == Data(bytes), "count \(count), chunk \(chunk), declared \(String(describing: declared))")
        #expect(body.count == 0, "taken: nothing left behind")
        return data
    }

    @Test(
        arguments: [
            (0, 1, nil), (10, 3, nil), (100_000, 16_384, 100_000),  // small: grows as Data
            (ResponseBody.mappedFrom, 512 << 10, ResponseBody.mappedFrom),  // mapped, exactly the length
            (5 << 20 + 17, 524_288, 5 << 20 + 17), (3 << 20, 4_096, nil),
            (3 << 20, 65_536, 2 << 20),  // more than declared: the rest still arrives
            (1 << 20, 65_536, 64 << 20),  // less than declared (a body cut short is curl's to report)
        ] as [(Int, Int, Int?)])
    func everyByteArrivesInOrder(count: Int, chunk: Int, declared: Int?) {
        _ = Self.filled(count: count, chunk: chunk, declared: declared)
    }

    /// The mapping outlives the body it came from, and is released with the last copy of the Data.
    @Test func theDataOwnsTheMapping() {
        var copies: [Data] = []
        for _ in 0..<20 { copies.append(Self.filled(count: 8 << 20, chunk: 1 << 20, declared: 8 << 20)) }
        #expect(copies.allSatisfy { $0.count == 8 << 20 && $0.last == copies[0].last })
    }
}
