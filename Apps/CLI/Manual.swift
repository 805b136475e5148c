import TerminalUI

/// `cocoacasts manual`: the manual page in roff (`man -l`), made from ``Grammar``'s table
/// and the same texts as `--help`. Each option is a `.TP` item, its description beside or
/// under it; hyphenation is off (`.nh`) and option names are marked `\%`, so that no
/// `--password-stdin` is ever broken into a word a user could not type.
enum Manual {
    static var page: String {
        var lines = [
            ".TH COCOACASTS 1 \"\" \"cocoacasts \(Grammar.version)\" \"User Commands\"", ".nh", ".ad l",
            ".SH NAME", "cocoacasts \\- the Cocoacasts API from the terminal",
            ".SH SYNOPSIS", ".B cocoacasts", "[\\fIoptions\\fR] \\fIcommand\\fR [\\fIarguments\\fR]",
            ".SH DESCRIPTION",
            text(
                "Signs in, lists episodes, shows protected videos and keeps video progress. Without a base URL it "
                    + "answers from a mock API built into the program, so every command works offline."),
            ".SH COMMANDS",
        ]
        for command in Grammar.commands {
            lines += [".TP", "\\fB\(text(command.usage))\\fR", text(command.summary + ".")]
            if !command.aliases.isEmpty {
                lines += [".br", text("Also: " + command.aliases.joined(separator: ", ") + ".")]
            }
            if !command.options.isEmpty { lines += [".RS"] + items(command.options) + [".RE"] }
        }
        lines += [".SH OPTIONS"] + items(Grammar.globalOptions)
        lines +=
            [".SH ENVIRONMENT"]
            + Help.environment.flatMap { line -> [String] in
                let trimmed = line.drop { $0 == " " }
                let name = trimmed.prefix { $0 != " " }
                return [".TP", ".B \(text(String(name)))", text(trimmed.dropFirst(name.count).trimmingSpaces)]
            }
        lines +=
            [
                ".SH FILES", ".TP", ".I $XDG_CONFIG_HOME/cocoacasts/config.json",
                text("Settings kept by cocoacasts config (0600)."), ".TP",
                ".I $XDG_CONFIG_HOME/cocoacasts/credentials.json",
                text(
                    "The tokens (0600) with the file store; with the keyring, only a note of where the session "
                        + "lives. Beside it: keyring.lock, the keyring's lock; kept-positions.json, the positions "
                        + "the server has not taken yet; built-in-api.json, the built-in mock's state; sync.json, "
                        + "what sync last did against each server, for status; and "
                        + "sync.lock, which lets one sync run at a time. XDG_CONFIG_HOME defaults to ~/.config."),
                ".TP",
                ".I $XDG_CACHE_HOME/cocoacasts/",
                text("The saved catalogue (0700); XDG_CACHE_HOME defaults to ~/.cache."), ".TP",
                ".I $XDG_DATA_HOME/cocoacasts/videos/",
                text(
                    "The copies (0700), a folder per video, each with manifest.json: every part's size and SHA-256, "
                        + "checked before a copy is called complete; .locks holds each copy's lock. XDG_DATA_HOME "
                        + "defaults to ~/.local/share."),
                ".SH EXIT STATUS",
            ] + ExitCode.allCases.flatMap { [".TP", ".B \($0.rawValue)", text($0.summary)] }
        lines +=
            [".SH EXAMPLES"]
            + Grammar.commands.flatMap { command in
                command.examples.flatMap { [".TP", "\\fB\(text($0.command))\\fR", text($0.effect)] }
            }
        lines += [".SH SYNC ON A TIMER"] + timer
        lines += [".SH CHANGES"] + changes
        return lines.joined(separator: "\n")
    }

    /// Names an earlier release gave, and what becomes of what it wrote under them.
    private static let changes: [String] = [
        text(
            "A position the server has not taken yet is a kept position, and the mock API built into the "
                + "program is the built-in mock. Positions are kept in kept-positions.json: each run moves there "
                + "any it finds in pending-progress.json, where an earlier release, still running, may keep them. "
                + "embedded-api.json is renamed built-in-api.json on the first run. status --json and "
                + "status --all --json give builtInMock, status --json keptPositions, and progress --json kept; "
                + "the earlier fields embedded, pendingProgress and pending are still given, with the same values.")
    ]

    /// `sync` run by a systemd user timer, or by cron: silent when it has nothing to do, one
    /// run at a time, and a server that cannot be reached removes nothing.
    private static let timer: [String] = [
        text(
            "sync says nothing when it has nothing to do and its output is no terminal, lets a run that "
                + "finds another under way end at once (exit 0), and removes nothing while the server cannot "
                + "be reached (exit 69), so a timer may run it often. A systemd user timer, every hour and "
                + "once after login:"),
        ".PP", ".nf", ".RS", "~/.config/systemd/user/cocoacasts-sync.service:",
        "[Unit]", "Description=Keep the next Cocoacasts episodes on this machine", "[Service]", "Type=oneshot",
        text("ExecStart=%h/.local/bin/cocoacasts sync --max-size 4G"),
        "", "~/.config/systemd/user/cocoacasts-sync.timer:", "[Timer]", "OnStartupSec=2min",
        "OnUnitActiveSec=1h", "[Install]", "WantedBy=timers.target", "",
        text("systemctl --user enable --now cocoacasts-sync.timer"),
        ".RE", ".fi", ".PP", text("Or a crontab line (crontab -e), at ten past every hour:"), ".PP", ".nf", ".RS",
        text("10 * * * * $HOME/.local/bin/cocoacasts sync --max-size 4G"), ".RE", ".fi",
    ]

    /// Options as `.TP` items: a name (never hyphenated) and its value, then the summary,
    /// indented two cells past the longest name, so that a summary beside a name always
    /// stands apart from it.
    private static func items(_ options: [CommandLineParser.Option]) -> [String] {
        let labels = options.map { $0.name + ($0.valueName.map { " " + $0 } ?? "") }
        let indent = labels.map(\.count).reduce(0, max) + 2
        return options.flatMap { option in
            [
                ".TP \(indent)n",
                "\\fB\\%\(text(option.name))\\fR" + (option.valueName.map { " \\fI\(text($0))\\fR" } ?? ""),
                text(option.summary),
            ]
        }
    }

    /// `line` as roff text: backslashes and hyphens escaped, a leading `.` or `'` kept literal.
    static func text(_ line: String) -> String {
        let escaped = line.replacing("\\", with: "\\e").replacing("-", with: "\\-")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String { String(drop { $0 == " " }) }
}
