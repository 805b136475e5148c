#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// AES-128 in CBC mode with PKCS7 padding, as HLS encrypts whole segments, decrypted as the
/// bytes arrive: memory holds a chunk and a block, not the segment (libcrypto keeps the last
/// block back until ``finish()`` checks its padding).
final class SegmentDecryptor {
    private let crypto: LibCrypto
    private let context: OpaquePointer

    /// A decryptor with the 16-byte `key` and `iv`.
    init(key: [UInt8], iv: [UInt8]) throws(CryptoFailure) {
        guard key.count == 16 else { throw CryptoFailure(detail: "its key is \(key.count) bytes, not 16") }
        guard iv.count == 16 else { throw CryptoFailure(detail: "its IV is \(iv.count) bytes, not 16") }
        crypto = try LibCrypto.shared.get()
        guard let context = crypto.newCipher() else {
            throw CryptoFailure(detail: "libcrypto refused a cipher context")
        }
        self.context = context
        guard crypto.decryptInit(context, crypto.aes128CBC(), nil, key, iv) == 1 else {
            throw CryptoFailure(detail: "libcrypto refused the key")
        }
    }

    deinit { crypto.freeCipher(context) }

    /// The clear bytes `chunk` completes (a block may wait for the next chunk).
    func update(_ chunk: Data) throws(CryptoFailure) -> Data {
        guard !chunk.isEmpty else { return Data() }
        guard chunk.count < Int(Int32.max) - 32 else { throw CryptoFailure(detail: "a chunk too large") }
        var output = Data(count: chunk.count + 16)
        var written: Int32 = 0
        let succeeded = chunk.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                crypto.decryptUpdate(
                    context, out.bindMemory(to: UInt8.self).baseAddress, &written,
                    input.bindMemory(to: UInt8.self).baseAddress, Int32(input.count)) == 1
            }
        }
        guard succeeded else { throw CryptoFailure(detail: "libcrypto could not decrypt it") }
        output.count = Int(written)
        return output
    }

    /// The last clear bytes, once the padding is checked.
    func finish() throws(CryptoFailure) -> Data {
        var output = Data(count: 32)
        var written: Int32 = 0
        let succeeded = output.withUnsafeMutableBytes { out in
            crypto.decryptFinal(context, out.bindMemory(to: UInt8.self).baseAddress, &written) == 1
        }
        guard succeeded else {
            throw CryptoFailure(
                detail: "its padding is wrong (the key or the IV is not the one it was encrypted with, or it is not "
                    + "whole AES blocks)")
        }
        output.count = Int(written)
        return output
    }
}
