import TerminalUI

/// What a ``LocalCommand`` runs with: no server and no token store.
@MainActor
struct LocalContext {
    let console: any Console
    let environment: [String: String]
    let appearance: Appearance
    /// Finds the config file, which `config` reads and writes: only when asked, so that
    /// `--version` or `help` spends nothing on it.
    let findConfigFile: () -> ConfigFile
    /// The config file, which `config` reads and writes.
    var configFile: ConfigFile { findConfigFile() }
    /// The command line as parsed: `config list` shows the flags given.
    let parsed: CommandLineParser.Parsed
}
