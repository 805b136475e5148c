/// What a ``LocalCommand`` runs with: no server and no token store.
@MainActor
struct LocalContext {
    let console: any Console
    let environment: [String: String]
    let appearance: Appearance
    /// The config file, which `config` reads and writes.
    let configFile: ConfigFile
    /// The command line as parsed: `config list` shows the flags given.
    let parsed: CommandLineParser.Parsed
}
