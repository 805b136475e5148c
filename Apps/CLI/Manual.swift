import Foundation

/// `cocoacasts manual`: the manual page in roff (`man -l`), made from ``Grammar``'s table
/// and the same texts as `--help`.
enum Manual {
    static var page: String {
        var lines = [
            ".TH COCOACASTS 1 \"\" \"cocoacasts \(Grammar.version)\" \"User Commands\"",
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
            for option in command.options { lines += [".br", "\\fB\(text(option.name))\\fR \(text(option.summary))"] }
        }
        lines +=
            [".SH OPTIONS"]
            + Grammar.globalOptions.flatMap { option in
                [
                    ".TP", "\\fB\(text(option.name))\\fR" + (option.valueName.map { " \\fI\(text($0))\\fR" } ?? ""),
                    text(option.summary),
                ]
            }
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
                text("The tokens (0600); XDG_CONFIG_HOME defaults to ~/.config."), ".TP",
                ".I $XDG_CACHE_HOME/cocoacasts/",
                text("The saved catalogue (0700); XDG_CACHE_HOME defaults to ~/.cache."),
                ".SH EXIT STATUS",
            ] + ExitCode.allCases.flatMap { [".TP", ".B \($0.rawValue)", text($0.summary)] }
        lines +=
            [".SH EXAMPLES"]
            + Grammar.commands.flatMap { command in
                command.examples.flatMap { [".TP", "\\fB\(text($0.command))\\fR", text($0.effect)] }
            }
        return lines.joined(separator: "\n")
    }

    /// `line` as roff text: backslashes and hyphens escaped, a leading `.` or `'` kept literal.
    static func text(_ line: String) -> String {
        let escaped = line.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String { String(drop { $0 == " " }) }
}
