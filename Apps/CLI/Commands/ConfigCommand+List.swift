import Domain
import TerminalUI

extension ConfigCommand {
    /// Every setting: its value in force (flag, environment, config file, default) and where it came from.
    @MainActor func list(_ context: LocalContext) async throws(StoreError) {
        let (console, file, parsed, environment) = (
            context.console, context.configFile, context.parsed, context.environment
        )
        struct Entry: Encodable {
            let key: String
            /// The value, typed (a number for `timeout`); `null` for the API token, which is
            /// never printed, and for a default that is no value (the built-in mock API).
            let value: Nullable<ConfigKey.Value>
            /// What the text listing shows: masked for the API token, described for defaults.
            let display: String
            let source: SettingSource
            let secret: Bool
        }
        let config = try await file.values()
        let entries = ConfigKey.allCases.map { key in
            let (value, source) = Settings.resolve(key, parsed: parsed, environment: environment, config: config)
            return Entry(
                key: key.rawValue, value: Nullable(key.typed(value)),
                display: value.map(key.displayed) ?? key.defaultDescription,
                source: source, secret: key == .apiToken)
        }
        if json {
            CommandContext.printJSON(entries, on: console)
            return
        }
        let keyWidth = ConfigKey.allCases.map(\.rawValue.count).max() ?? 0
        let rows = entries.map { entry in
            let from =
                switch entry.source {
                case .environment: "environment (\(ConfigKey(rawValue: entry.key)?.variable ?? ""))"
                case .configFile: "config file"
                case .flag, .defaultValue: entry.source.rawValue
                }
            return (
                key: TerminalText.padded(entry.key, to: keyWidth), value: TerminalText.sanitized(entry.display),
                from: from
            )
        }
        let wide = rows.map { $0.key + " " + TerminalText.padded($0.value, to: 44) + " " + $0.from }
        // A terminal too narrow for the table gets the source under each value, every line
        // broken at spaces beside the key's column (in a pipe, the table as it is).
        let fits = console.terminalColumns.map { columns in wide.allSatisfy { TerminalText.visibleWidth($0) <= columns }
        }
        let table =
            fits ?? true
            ? wide
            : rows.flatMap { [$0.key + "  " + $0.value, String(repeating: " ", count: keyWidth + 2) + $0.from] }
        console.printFitted(
            (table + [
                "",
                "Config file: \(TerminalText.sanitized(file.path)) (flags win over the environment, "
                    + "the environment over this file)",
            ]).joined(separator: "\n"))
    }
}
