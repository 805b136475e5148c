#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the response cache lives.
public enum CacheLocation {
    /// `$XDG_CACHE_HOME/cocoacasts/`, falling back to `$HOME/.cache/cocoacasts/` when
    /// `XDG_CACHE_HOME` is unset, empty or relative (the XDG rule).
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        cacheDirectory(environment: environment).appendingPathComponent("cocoacasts", isDirectory: true)
    }

    private static func cacheDirectory(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true)
        }
        let home =
            environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
    }
}
