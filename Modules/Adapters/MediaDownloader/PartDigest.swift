import Digest

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The SHA-256 of a part, taken as its bytes are written: libcrypto's where it loads (a few
/// GB/s with the CPU's SHA instructions, so it keeps up with any network), else the Digest
/// module's.
final class PartDigest {
    private enum Engine {
        case libcrypto(LibCrypto, OpaquePointer)
        case swift(SHA256)
    }

    private var engine: Engine

    init() {
        if case .success(let crypto) = LibCrypto.shared, let context = crypto.newDigest(),
            crypto.digestInit(context, crypto.sha256(), nil) == 1
        {
            engine = .libcrypto(crypto, context)
        } else {
            engine = .swift(SHA256())
        }
    }

    deinit {
        if case .libcrypto(let crypto, let context) = engine { crypto.freeDigest(context) }
    }

    func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    func update(_ bytes: UnsafeRawBufferPointer) {
        switch engine {
        case .libcrypto(let crypto, let context): _ = crypto.digestUpdate(context, bytes.baseAddress, bytes.count)
        case .swift(var hasher):
            hasher.update(bytes)
            engine = .swift(hasher)
        }
    }

    /// The digest in lower-case hex; the digest is done with.
    func finish() -> String {
        switch engine {
        case .libcrypto(let crypto, let context):
            var digest = [UInt8](repeating: 0, count: 32)
            var length: UInt32 = 0
            _ = crypto.digestFinal(context, &digest, &length)
            return SHA256.hex(digest: digest)
        case .swift(let hasher):
            return SHA256.hex(digest: hasher.finalize())
        }
    }

    /// The digest of the regular file at `path` (never through a link), read in 1 MiB pieces;
    /// `nil` when it cannot be read.
    static func ofFile(_ path: String) -> String? {
        let digest = PartDigest()
        return readPieces(ofFile: path) { digest.update($0) } == nil ? digest.finish() : nil
    }
}
