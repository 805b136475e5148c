import Subprocesses

extension CommandPlayer {
    /// The last resort when no player is found: what opens a URL on this desktop.
    ///
    /// `open` on macOS; elsewhere `xdg-open` (which hands the URL to the user's browser or
    /// registered player), else the first command of `$BROWSER` — a `:`-separated list, each
    /// split like a player command, `%s` standing for the URL where it appears — that is
    /// found. `nil` when there is none. Its playback ends when the opener returns, long
    /// before the video does, and reports no positions.
    public static func systemOpener(environment: [String: String]) -> CommandPlayer? {
        #if os(macOS)
            let opener = "open"
        #else
            let opener = "xdg-open"
        #endif
        if let player = try? CommandPlayer(program: opener, environment: environment) { return player }
        for command in (environment["BROWSER"] ?? "").split(separator: ":") {
            // An entry that cannot be split or found is passed over, as xdg-open does.
            guard let words = try? CommandWords.split(String(command), home: environment["HOME"]),
                let player = try? CommandPlayer(
                    program: words[0], arguments: Array(words.dropFirst()),
                    substitutesURL: words.dropFirst().contains { $0.contains("%s") }, environment: environment,
                    grace: .seconds(5))
            else { continue }
            return player
        }
        return nil
    }
}
