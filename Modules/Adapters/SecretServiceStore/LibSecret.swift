import CSecret

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libsecret's functions, loaded once per process from `libsecret-1.so.0` (which loads
/// GLib, GObject and GIO), or why they could not be.
///
/// Loading at run time keeps the build free of libsecret: a machine without it builds,
/// runs, and keeps its tokens in the file.
final class LibSecret: @unchecked Sendable {
    // @unchecked: `functions` is written once, in `init`, before the instance is shared,
    // and only read afterwards; the functions themselves are thread-safe (GLib's rule).
    let functions: CSecretFunctions

    private init(functions: CSecretFunctions) {
        self.functions = functions
    }

    /// The soname libsecret has had since 0.7 (Debian's libsecret-1-0).
    static let soname = "libsecret-1.so.0"

    /// The loaded library, or why it is missing (`dlerror`'s words).
    static let shared: Result<LibSecret, KeyringUnavailable> = {
        var functions = CSecretFunctions()
        var error = [CChar](repeating: 0, count: 512)
        guard csecret_load(soname, &functions, &error, error.count) == 0 else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(.noLibrary(reason))
        }
        return .success(LibSecret(functions: functions))
    }()

    /// The message of `error`, which is freed ("" for none), and what `meaningNoKeyring` says of
    /// its GLib domain and code (libsecret strips D-Bus error names from messages, so the domain
    /// and code are what tell the errors apart).
    func take(
        _ error: UnsafeMutablePointer<CGError>?,
        meaningNoKeyring: (_ domain: String, _ code: Int32) -> Bool = { _, _ in false }
    ) -> (message: String, meansNoKeyring: Bool) {
        guard let error else { return ("", false) }
        let message = error.pointee.message.map { String(cString: $0) } ?? ""
        let domain = functions.quark_to_string(error.pointee.domain).map { String(cString: $0) } ?? ""
        let meaning = meaningNoKeyring(domain, error.pointee.code)
        functions.error_free(error)
        return (message, meaning)
    }

    /// A GHashTable of `attributes` for a call, alive only during `body`.
    func withAttributes<T>(_ attributes: [String: String], _ body: (UnsafeMutableRawPointer?) -> T) -> T {
        let table = functions.hash_table_new(functions.str_hash, functions.str_equal)
        var owned: [UnsafeMutablePointer<CChar>] = []
        for (name, value) in attributes {
            let key = strdup(name)!
            let text = strdup(value)!
            owned += [key, text]
            _ = functions.hash_table_insert(table, key, text)
        }
        defer {
            functions.hash_table_unref(table)
            owned.forEach { free($0) }
        }
        return body(table)
    }
}
