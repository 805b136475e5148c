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
    typealias NewCipher = @convention(c) () -> OpaquePointer?
    typealias FreeCipher = @convention(c) (OpaquePointer?) -> Void
    typealias Algorithm = @convention(c) () -> OpaquePointer?
    typealias DecryptInit =
        @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?)
        -> Int32
    typealias DecryptUpdate =
        @convention(c) (
            OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int32>?, UnsafePointer<UInt8>?, Int32
        ) -> Int32
    typealias DecryptFinal =
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int32>?) -> Int32
    typealias NewDigest = @convention(c) () -> OpaquePointer?
    typealias FreeDigest = @convention(c) (OpaquePointer?) -> Void
    typealias DigestInit = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32
    typealias DigestUpdate = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int) -> Int32
    typealias DigestFinal =
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?)
        -> Int32

    let newCipher: NewCipher
    let freeCipher: FreeCipher
    let aes128CBC: Algorithm
    let decryptInit: DecryptInit
    let decryptUpdate: DecryptUpdate
    let decryptFinal: DecryptFinal
    let newDigest: NewDigest
    let freeDigest: FreeDigest
    let sha256: Algorithm
    let digestInit: DigestInit
    let digestUpdate: DigestUpdate
    let digestFinal: DigestFinal

    /// libcrypto, loaded once; why not when it cannot be.
    static let shared: Result<LibCrypto, CryptoFailure> = load()

    struct CryptoFailure: Error, Equatable {
        let detail: String
    }

    private static func load() -> Result<LibCrypto, CryptoFailure> {
        let names = ["libcrypto.so.3", "libcrypto.so", "libcrypto.dylib"]
        guard let library = names.lazy.compactMap({ (name: String) in dlopen(name, RTLD_NOW) }).first else {
            return .failure(CryptoFailure(detail: "the system's libcrypto (OpenSSL 3) could not be loaded"))
        }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(library, name).map { unsafeBitCast($0, to: type) }
        }
        guard let newCipher = symbol("EVP_CIPHER_CTX_new", as: NewCipher.self),
            let freeCipher = symbol("EVP_CIPHER_CTX_free", as: FreeCipher.self),
            let aes128CBC = symbol("EVP_aes_128_cbc", as: Algorithm.self),
            let decryptInit = symbol("EVP_DecryptInit_ex", as: DecryptInit.self),
            let decryptUpdate = symbol("EVP_DecryptUpdate", as: DecryptUpdate.self),
            let decryptFinal = symbol("EVP_DecryptFinal_ex", as: DecryptFinal.self),
            let newDigest = symbol("EVP_MD_CTX_new", as: NewDigest.self),
            let freeDigest = symbol("EVP_MD_CTX_free", as: FreeDigest.self),
            let sha256 = symbol("EVP_sha256", as: Algorithm.self),
            let digestInit = symbol("EVP_DigestInit_ex", as: DigestInit.self),
            let digestUpdate = symbol("EVP_DigestUpdate", as: DigestUpdate.self),
            let digestFinal = symbol("EVP_DigestFinal_ex", as: DigestFinal.self)
        else { return .failure(CryptoFailure(detail: "the system's libcrypto lacks AES-128-CBC or SHA-256")) }
        return .success(
            LibCrypto(
                newCipher: newCipher, freeCipher: freeCipher, aes128CBC: aes128CBC, decryptInit: decryptInit,
                decryptUpdate: decryptUpdate, decryptFinal: decryptFinal, newDigest: newDigest, freeDigest: freeDigest,
                sha256: sha256, digestInit: digestInit, digestUpdate: digestUpdate, digestFinal: digestFinal))
    }
}
