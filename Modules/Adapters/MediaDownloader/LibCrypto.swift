#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few functions of the system's libcrypto (OpenSSL 3) the copies use — AES-128-CBC to
/// decrypt HLS segments and SHA-256 to digest parts — loaded at run time as libcurl is, so
/// that building needs no OpenSSL headers.
struct LibCrypto: Sendable {
    let newCipher: @convention(c) () -> OpaquePointer?
    let freeCipher: @convention(c) (OpaquePointer?) -> Void
    let aes128CBC: @convention(c) () -> OpaquePointer?
    let decryptInit:
        @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?)
            -> Int32
    let decryptUpdate:
        @convention(c) (
            OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int32>?, UnsafePointer<UInt8>?, Int32
        ) -> Int32
    let decryptFinal:
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int32>?) -> Int32
    let newDigest: @convention(c) () -> OpaquePointer?
    let freeDigest: @convention(c) (OpaquePointer?) -> Void
    let sha256: @convention(c) () -> OpaquePointer?
    let digestInit: @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32
    let digestUpdate: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int) -> Int32
    let digestFinal:
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?) -> Int32

    /// libcrypto, loaded once; why not when it cannot be.
    static let shared = Result { () throws(CryptoFailure) in try LibCrypto() }

    private init() throws(CryptoFailure) {
        let names = ["libcrypto.so.3", "libcrypto.so", "libcrypto.dylib"]
        guard let library = names.lazy.compactMap({ (name: String) in dlopen(name, RTLD_NOW) }).first else {
            throw CryptoFailure(detail: "the system's libcrypto (OpenSSL 3) could not be loaded")
        }
        func symbol<T>(_ name: String) throws(CryptoFailure) -> T {
            guard let found = dlsym(library, name) else {
                throw CryptoFailure(detail: "the system's libcrypto lacks AES-128-CBC or SHA-256")
            }
            return unsafeBitCast(found, to: T.self)
        }
        newCipher = try symbol("EVP_CIPHER_CTX_new")
        freeCipher = try symbol("EVP_CIPHER_CTX_free")
        aes128CBC = try symbol("EVP_aes_128_cbc")
        decryptInit = try symbol("EVP_DecryptInit_ex")
        decryptUpdate = try symbol("EVP_DecryptUpdate")
        decryptFinal = try symbol("EVP_DecryptFinal_ex")
        newDigest = try symbol("EVP_MD_CTX_new")
        freeDigest = try symbol("EVP_MD_CTX_free")
        sha256 = try symbol("EVP_sha256")
        digestInit = try symbol("EVP_DigestInit_ex")
        digestUpdate = try symbol("EVP_DigestUpdate")
        digestFinal = try symbol("EVP_DigestFinal_ex")
    }
}

/// Why libcrypto could not be used, or refused a segment: in words.
struct CryptoFailure: Error, Equatable {
    let detail: String
}

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
