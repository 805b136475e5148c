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

/// AES-128 in CBC mode with PKCS7 padding, as HLS encrypts whole segments: the system's
/// libcrypto (OpenSSL 3), loaded on the first encrypted segment as libcurl is loaded on the
/// first request, so that building needs no OpenSSL headers and a stream without keys never
/// loads it.
struct AES128CBC: Sendable {
    private typealias NewContext = @convention(c) () -> OpaquePointer?
    private typealias FreeContext = @convention(c) (OpaquePointer?) -> Void
    private typealias Cipher = @convention(c) () -> OpaquePointer?
    private typealias Initialize =
        @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?)
        -> Int32
    private typealias Update =
        @convention(c) (
            OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int32>?, UnsafePointer<UInt8>?, Int32
        )
        -> Int32
    private typealias Finish =
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int32>?)
        -> Int32

    private let newContext: NewContext
    private let freeContext: FreeContext
    private let cipher: Cipher
    private let initialize: Initialize
    private let update: Update
    private let finish: Finish

    /// libcrypto, loaded once; the reason when it cannot be.
    static let shared: Result<AES128CBC, DecryptionFailure> = load()

    struct DecryptionFailure: Error, Equatable {
        let detail: String
    }

    private init(
        newContext: NewContext, freeContext: FreeContext, cipher: Cipher, initialize: Initialize, update: Update,
        finish: Finish
    ) {
        self.newContext = newContext
        self.freeContext = freeContext
        self.cipher = cipher
        self.initialize = initialize
        self.update = update
        self.finish = finish
    }

    private static func load() -> Result<AES128CBC, DecryptionFailure> {
        let names = ["libcrypto.so.3", "libcrypto.so", "libcrypto.dylib"]
        guard let library = names.lazy.compactMap({ (name: String) in dlopen(name, RTLD_NOW) }).first else {
            return .failure(DecryptionFailure(detail: "the system's libcrypto (OpenSSL 3) could not be loaded"))
        }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(library, name).map { unsafeBitCast($0, to: type) }
        }
        guard let newContext = symbol("EVP_CIPHER_CTX_new", as: NewContext.self),
            let freeContext = symbol("EVP_CIPHER_CTX_free", as: FreeContext.self),
            let cipher = symbol("EVP_aes_128_cbc", as: Cipher.self),
            let initialize = symbol("EVP_DecryptInit_ex", as: Initialize.self),
            let update = symbol("EVP_DecryptUpdate", as: Update.self),
            let finish = symbol("EVP_DecryptFinal_ex", as: Finish.self)
        else { return .failure(DecryptionFailure(detail: "the system's libcrypto lacks AES-128-CBC")) }
        return .success(
            AES128CBC(
                newContext: newContext, freeContext: freeContext, cipher: cipher, initialize: initialize,
                update: update, finish: finish))
    }

    /// `data` decrypted with the 16-byte `key` and `iv`, its padding removed.
    func decrypt(_ data: Data, key: [UInt8], iv: [UInt8]) throws(DecryptionFailure) -> Data {
        guard key.count == 16, iv.count == 16 else {
            throw DecryptionFailure(detail: "the key is \(key.count) bytes, not 16")
        }
        guard data.count % 16 == 0, !data.isEmpty, data.count < Int(Int32.max) - 16 else {
            throw DecryptionFailure(detail: "\(data.count) bytes are not whole AES blocks")
        }
        guard let context = newContext() else { throw DecryptionFailure(detail: "libcrypto refused a cipher context") }
        defer { freeContext(context) }
        var output = [UInt8](repeating: 0, count: data.count + 16)
        var written: Int32 = 0
        var last: Int32 = 0
        let succeeded = data.withUnsafeBytes { input in
            output.withUnsafeMutableBufferPointer { out in
                initialize(context, cipher(), nil, key, iv) == 1
                    && update(
                        context, out.baseAddress, &written, input.bindMemory(to: UInt8.self).baseAddress,
                        Int32(input.count)) == 1
                    && finish(context, out.baseAddress.map { $0 + Int(written) }, &last) == 1
            }
        }
        guard succeeded else {
            throw DecryptionFailure(
                detail: "the padding is wrong (the key or the IV is not the one it was encrypted with)")
        }
        return Data(output[..<Int(written + last)])
    }
}
