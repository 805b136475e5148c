import Ports
import Subprocesses

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``/Ports/MediaPlayer`` that runs any command with the URL as its last argument (`--player
/// CMD`): a player this layer cannot talk to, so its positions are unknown
/// (``reportsPositions`` is `false`) and its ending comes from its exit status (see
/// `CommandPlayback`).
///
/// The command is split into words as a shell splits simple words, and run without a
/// shell (see `CommandWords`). It starts in a process group of its own, so that stopping
/// it ends whatever it started (a script's player); its standard input and output are
/// `/dev/null` — it cannot read the terminal from outside the foreground group — and its
/// standard error is kept for the cause of a failure. It receives this process's
/// environment less the CLI's settings (see ``/Subprocesses/ChildEnvironment``) and the URL: no token.
/// It always starts at the beginning: there is no common way to tell a command where.
public struct CommandPlayer: MediaPlayer {
    /// The program as the user named it (`vlc`, `~/bin/play`).
    public let name: String
    public let reportsPositions = false
    /// The program's path.
    public let executable: String
    /// The arguments before the URL.
    public let arguments: [String]
    /// Whether an argument holds `%s`, which is then replaced by the URL (`$BROWSER`'s
    /// convention) instead of the URL following the arguments.
    let substitutesURL: Bool
    private let environment: [String: String]
    private let grace: Duration

    /// The player `command` (program and arguments, see `CommandWords`), found on `PATH`.
    /// Throws ``/Ports/PlayerError/couldNotStart(name:reason:)`` when it cannot be split and
    /// ``/Ports/PlayerError/notFound(name:)`` when its program is nowhere.
    public init(command: String, environment: [String: String], grace: Duration = .seconds(5)) throws(PlayerError) {
        let words: [String]
        do {
            words = try CommandWords.split(command, home: environment["HOME"])
        } catch {
            throw .couldNotStart(name: command, reason: "the player command \(error)")
        }
        try self.init(program: words[0], arguments: Array(words.dropFirst()), environment: environment, grace: grace)
    }

    /// Why `command` cannot be a player command (shell syntax it does not take, an open
    /// quote), or `nil` when it splits into words: a check of the words alone, not of `PATH`.
    public static func problem(withCommand command: String) -> String? {
        do {
            _ = try CommandWords.split(command, home: nil)
            return nil
        } catch {
            return "the player command \(error)"
        }
    }

    /// `program` (a name on `PATH`, or a path) with `arguments` before the URL.
    public init(
        program: String, arguments: [String] = [], environment: [String: String], grace: Duration = .seconds(5)
    ) throws(PlayerError) {
        try self.init(
            program: program, arguments: arguments, substitutesURL: false, environment: environment, grace: grace)
    }

    init(
        program: String, arguments: [String], substitutesURL: Bool, environment: [String: String], grace: Duration
    ) throws(PlayerError) {
        guard let executable = ChildEnvironment.executable(named: program, environment: environment) else {
            throw .notFound(name: program)
        }
        self.name = program
        self.executable = executable
        self.arguments = arguments
        self.substitutesURL = substitutesURL
        self.environment = environment
        self.grace = grace
    }

    /// Plays `url` from the beginning (`position` cannot be passed on; see the type's notes).
    public func play(_ url: URL, from position: Int) async throws(PlayerError) -> any Playback {
        let output = try OutputTail.create(for: name, environment: environment)
        do {
            let process = try Subprocess.spawn(
                executable, arguments: commandArguments(for: url),
                environment: ChildEnvironment.forChild(environment),
                standardInput: .null, standardOutput: .null, standardError: .descriptor(output.descriptor),
                newProcessGroup: true)
            return CommandPlayback(process: process, output: output, grace: grace)
        } catch {
            output.close()
            throw .couldNotStart(name: name, reason: "\(executable): \(error)")
        }
    }

    /// The arguments, with the URL last, or in place of `%s` (`%%` is a `%`).
    func commandArguments(for url: URL) -> [String] {
        guard substitutesURL else { return arguments + [url.absoluteString] }
        return arguments.map { argument in
            argument.components(separatedBy: "%%").map { $0.replacing("%s", with: url.absoluteString) }
                .joined(separator: "%")
        }
    }
}
