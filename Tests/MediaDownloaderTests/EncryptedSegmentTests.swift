import Foundation
import MediaDownloader
import PortContracts
import Ports
import Testing

/// AES-128 segments, encrypted by OpenSSL's own command (a second implementation), come out of
/// the copy as the plain bytes they were.
@Suite("MediaDownloader: AES-128 segments decrypted with the system's libcrypto", .timeLimit(.minutes(10)))
struct EncryptedSegmentTests {
    static let key: [UInt8] = Array(0x10...0x1F)
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// `plain` encrypted by `openssl enc -aes-128-cbc` with `key` and `iv`.
    static func encrypted(_ plain: Data, iv: [UInt8], in directory: TemporaryDirectory) async throws -> Data {
        let input = directory.file("plain-\(UUID().uuidString)")
        let output = directory.file("cipher-\(UUID().uuidString)")
        try plain.write(to: input)
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["openssl", "enc", "-aes-128-cbc", "-K", hex(key), "-iv", hex(iv), "-in", input.path, "-out", output.path])
        #expect(run.status == 0, "\(run.stderr)")
        return try Data(contentsOf: output)
    }

    static let openssl = FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")

    @Test(.enabled(if: openssl, "needs openssl (apt-get install openssl)"))
    func segmentsEncryptedWithAGivenIVOrTheSequenceNumberAreCopiedDecrypted() async throws {
        let host = FakeCDN()
        let base = "https://cdn.example.com/enc/"
        try await TemporaryDirectory.with { directory in
            let given: [UInt8] = Array(0...15)
            let plain = [HLSDownloadTests.segment(1, count: 5000), HLSDownloadTests.segment(2, count: 4096)]
            host.serve(base + "a.ts", try await Self.encrypted(plain[0], iv: given, in: directory))
            // No IV: the segment's sequence number (41) as a 128-bit big-endian number.
            let sequence = [UInt8](repeating: 0, count: 15) + [41]
            host.serve(base + "b.ts", try await Self.encrypted(plain[1], iv: sequence, in: directory))
            host.serve(base + "key", Data(Self.key))
            host.serve(
                HLSDownloadTests.master,
                """
                #EXTM3U
                #EXT-X-TARGETDURATION:6
                #EXT-X-MEDIA-SEQUENCE:40
                #EXT-X-KEY:METHOD=AES-128,URI="\(base)key",IV=0x\(Self.hex(given))
                #EXTINF:6,
                \(base)a.ts
                #EXT-X-KEY:METHOD=AES-128,URI="\(base)key"
                #EXTINF:6,
                \(base)b.ts
                #EXT-X-ENDLIST
                """)
            let copy = try await HLSDownloadTests.download(host, into: directory).get()
            #expect(try Data(contentsOf: directory.file("videos/copy/video/00000.ts")) == plain[0])
            #expect(try Data(contentsOf: directory.file("videos/copy/video/00001.ts")) == plain[1])
            #expect(copy.bytes == 9096)
            #expect(host.count(base + "key") == 1, "one key, fetched once")
            let local = try String(contentsOf: directory.file("videos/copy/video/index.m3u8"), encoding: .utf8)
            #expect(!local.contains("EXT-X-KEY"), "the copy is decrypted already")
        }
    }

    @Test func aKeyThatIsNotSixteenBytesFailsTheSegmentByName() async throws {
        let host = FakeCDN()
        let base = "https://cdn.example.com/enc/"
        host.serve(base + "a.ts", Data(count: 32))
        host.serve(base + "key", Data(count: 15))
        host.serve(
            HLSDownloadTests.master,
            "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-KEY:METHOD=AES-128,URI=\"\(base)key\"\n#EXTINF:6,\n\(base)a.ts\n#EXT-X-ENDLIST\n"
        )
        try await TemporaryDirectory.with { directory in
            let failure = await HLSDownloadTests.download(host, into: directory).failure
            #expect(
                failure
                    == DownloadError(
                        .parts([PartFailure(part: "video/00000.ts", reason: .key("its key is 15 bytes, not 16"))])))
            #expect(failure?.isFinal == true && failure?.isUnreachable == false, "refused for good: 1, not 69")
        }
    }
}
