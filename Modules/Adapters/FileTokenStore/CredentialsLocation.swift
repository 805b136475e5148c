#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the credentials file lives.
public enum CredentialsLocation {
    /// `$XDG_CONFIG_HOME/APPLICATION/credentials.json`, falling back to
    /// `$HOME/.config/APPLICATION/credentials.json` when `XDG_CONFIG_HOME` is unset,
    /// empty or relative (the XDG rule); the `cocoacasts` CLI's by default.
    public static func defaultFile(
        application: String = "cocoacasts", environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        configurationDirectory(environment: environment)
            .appendingPathComponent(application, isDirectory: true)
            .appendingPathComponent("credentials.json")
    }

    /// `$XDG_CONFIG_HOME/cocoacasts/config.json` (or under `$HOME/.config`): the CLI's
    /// settings, beside the credentials file.
    public static func configFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        configurationDirectory(environment: environment)
            .appendingPathComponent("cocoacasts", isDirectory: true)
            .appendingPathComponent("config.json")
    }

    /// `$HOME/.cocoacasts/credentials`: the file of the earlier release, migrated lazily.
    public static func legacyFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        home(environment: environment)
            .appendingPathComponent(".cocoacasts", isDirectory: true)
            .appendingPathComponent("credentials")
    }

    private static func configurationDirectory(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true)
        }
        return home(environment: environment).appendingPathComponent(".config", isDirectory: true)
    }

    private static func home(environment: [String: String]) -> URL {
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser
    }
}
