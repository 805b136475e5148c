import Digest
import Foundation
import PortContracts
import TestSupport
import Testing

@Suite("SHA-256: FIPS 180-4's vectors, and python's hashlib on every length across the padding boundaries")
struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func theStandardsVectors(message: String, digest: String) {
        #expect(SHA256.hex(message.utf8) == digest)
    }

    @Test func aMillionAs() {
        #expect(
            SHA256.hex(repeatElement(UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths 0 to 200 cross the 55/56/64-byte padding boundaries three times.
    @Test func pythonAgreesOnEveryLengthUpTo200() async throws {
        let messages = (0...200).map { length in (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ length) } }
        let script = """
            import hashlib, sys
            for line in sys.stdin.read().split():
                print(hashlib.sha256(bytes.fromhex(line) if line != "-" else b"").hexdigest())
            """
        let input = messages.map { $0.isEmpty ? "-" : $0.map { String(format: "%02x", $0) }.joined() }
        let outcome = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script], stdin: input.joined(separator: "\n"))
        let expected = outcome.stdout.split(separator: "\n").map(String.init)
        try #require(expected.count == messages.count, "\(outcome.stderr)")
        for (message, digest) in zip(messages, expected) {
            #expect(SHA256.hex(message) == digest, "\(message.count) bytes")
        }
    }

    /// Fed in pieces of every size from 1 to 130 bytes, the digest is the one of the whole.
    @Test func piecesOfAnySizeGiveTheDigestOfTheWhole() {
        let message = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        let whole = SHA256.digest(message)
        for size in 1...130 {
            var hasher = SHA256()
            for start in stride(from: 0, to: message.count, by: size) {
                message[start..<min(start + size, message.count)].withUnsafeBytes { hasher.update($0) }
            }
            #expect(hasher.finalize() == whole, "pieces of \(size)")
        }
    }
}
