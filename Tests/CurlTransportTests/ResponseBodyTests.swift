import Foundation
import Testing

@testable import CurlTransport

@Suite("ResponseBody: a declared length read into one buffer, which leaves as the response's Data")
struct ResponseBodyTests {
    /// `count` bytes of a pattern, fed in chunks of `chunk`, to a body that reserved `declared`.
    static func filled(count: Int, chunk: Int, declared: Int?) -> Data {
        // Zeros with a marker every 4,093 bytes (a prime, so no chunk size lines up with it):
        // a byte out of place shows, and a debug build makes 32 MiB of them in a moment.
        var bytes = [UInt8](repeating: 0, count: count)
        for index in stride(from: 0, to: count, by: 4_093) {
            bytes[index] = UInt8(truncatingIfNeeded: index / 4_093 | 1)
        }
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
            (0, 1, nil), (10, 3, nil), (100_000, 16_384, 100_000), (3 << 20, 4_096, nil),  // as Data
            (ResponseBody.mappedFrom, 512 << 10, ResponseBody.mappedFrom),  // mapped, exactly the length
            (ResponseBody.mappedFrom + 17, 524_288, ResponseBody.mappedFrom + 17),
            (ResponseBody.mappedFrom + 65_536, 65_536, ResponseBody.mappedFrom),  // more than declared
            (1 << 20, 65_536, 64 << 20),  // less than declared (a body cut short is curl's to report)
            (100_000, 16_384, Int.max - 1),  // a length no mapping can hold: nothing reserved, no trap
            (100_000, 16_384, 1 << 60),  // a mapping the system refuses: nothing reserved
        ] as [(Int, Int, Int?)])
    func everyByteArrivesInOrder(count: Int, chunk: Int, declared: Int?) {
        _ = Self.filled(count: count, chunk: chunk, declared: declared)
    }

    /// The mapping outlives the body it came from, and is released with the last copy of the Data.
    @Test func theDataOwnsTheMapping() {
        var copies: [Data] = []
        let size = ResponseBody.mappedFrom
        for _ in 0..<3 { copies.append(Self.filled(count: size, chunk: 1 << 20, declared: size)) }
        #expect(copies.allSatisfy { $0.count == size && $0.last == copies[0].last })
    }
}
