import CurlTransport
import Ports
import URLSessionTransport

/// The transport the CLI uses on this platform: libcurl on Linux, URLSession elsewhere.
enum PlatformTransport {
    static func make() -> any HTTPTransport {
        #if canImport(Darwin)
            URLSessionTransport()
        #else
            CurlTransport()
        #endif
    }
}
