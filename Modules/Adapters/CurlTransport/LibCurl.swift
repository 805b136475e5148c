import CCurl
import Ports

/// libcurl, loaded once per process on the first request: the binary does not link it,
/// so a run that sends nothing (the built-in mock, `--help`) never maps it.
struct LibCurl: @unchecked Sendable {
    // Sendable: the table of function pointers is written once, by `load`, before any copy
    // of it exists, and only read afterwards (it lives as long as the process); libcurl's
    // global state is initialised there too.
    let functions: UnsafePointer<CCurlFunctions>

    /// The shared object's name: the soname that Debian, Fedora and Alpine all install.
    #if canImport(Darwin)
        static let path = "libcurl.4.dylib"
    #else
        static let path = "libcurl.so.4"
    #endif

    /// The library, or why it could not be loaded; tried once.
    static let shared: Result<LibCurl, TransportError> = load()

    private static func load() -> Result<LibCurl, TransportError> {
        var functions = CCurlFunctions()
        var error = [CChar](repeating: 0, count: 512)
        guard ccurl_load(path, &functions, &error, error.count) == 0 else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(
                TransportError(
                    .other, "libcurl could not be loaded (\(reason)); install it (Debian: apt-get install libcurl4)"))
        }
        let code = functions.global_init(Int(CCURL_GLOBAL_DEFAULT))
        guard code == 0 else {
            return .failure(TransportError(.other, "libcurl could not be initialised (CURLcode \(code))"))
        }
        let table = UnsafeMutablePointer<CCurlFunctions>.allocate(capacity: 1)
        table.initialize(to: functions)
        return .success(LibCurl(functions: UnsafePointer(table)))
    }

    /// `libcurl/8.5.0`: the version of the libcurl loaded.
    var version: String {
        ccurl_version(functions).map { "libcurl/" + String(cString: $0) } ?? "libcurl"
    }

    /// curl's words for `code`.
    func describe(_ code: Int32) -> String {
        functions.pointee.easy_strerror(code).map { String(cString: $0) } ?? "CURLcode \(code)"
    }
}
