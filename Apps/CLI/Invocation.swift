/// What the user asked for, checked: one command and the settings to run it with.
struct Invocation: Equatable {
    enum Command: Equatable {
        case help(command: String?)
        case version
        case signIn(email: String?, passwordFromStdin: Bool)
        case signOut
        case status(json: Bool)
        case episodes(json: Bool)
        case episode(id: Int, json: Bool)
        case video(reference: String, json: Bool)
        case progress(videoID: String, action: ProgressAction, json: Bool)
    }

    enum ProgressAction: Equatable {
        case show
        case set(seconds: Int)
        case delete
    }

    let command: Command
    let settings: Settings

    /// Parses `arguments` and resolves the settings against `environment`.
    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Invocation {
        if arguments.contains(where: { $0 == "--password" || $0.hasPrefix("--password=") }) {
            throw .passwordOnCommandLine
        }
        let parsed = try Grammar.parser.parse(arguments)
        let settings = try Settings(parsed: parsed, environment: environment)
        return Invocation(command: try command(of: parsed), settings: settings)
    }

    private static func command(of parsed: ArgumentParser.Parsed) throws(UsageError) -> Command {
        if parsed.flag("--help") { return .help(command: parsed.command) }
        if parsed.flag("--version") { return .version }
        guard let name = parsed.command else { throw .missingCommand }
        let json = parsed.flag("--json")
        switch name {
        case "signin":
            try expectArguments(parsed, [])
            return .signIn(email: parsed.options["--email"], passwordFromStdin: parsed.flag("--password-stdin"))
        case "signout":
            try expectArguments(parsed, [])
            return .signOut
        case "status":
            try expectArguments(parsed, [])
            return .status(json: json)
        case "episodes":
            try expectArguments(parsed, [])
            return .episodes(json: json)
        case "episode":
            let id = try expectArguments(parsed, ["<id>"])[0]
            guard let number = Int(id), number >= 0 else {
                throw .invalidValue("episode id", value: id, expected: "a number")
            }
            return .episode(id: number, json: json)
        case "video":
            return .video(reference: try expectArguments(parsed, ["<episode-id or video-id>"])[0], json: json)
        default:
            let videoID = try expectArguments(parsed, ["<video-id>"])[0]
            return .progress(videoID: videoID, action: try progressAction(parsed), json: json)
        }
    }

    private static func progressAction(_ parsed: ArgumentParser.Parsed) throws(UsageError) -> ProgressAction {
        switch (parsed.options["--set"], parsed.flag("--delete")) {
        case (.some, true): throw .conflictingOptions("--set", "--delete")
        case (nil, true): return .delete
        case (nil, false): return .show
        case (.some(let value), false):
            guard let seconds = Int(value), seconds >= 0 else {
                throw .invalidValue("--set", value: value, expected: "whole seconds, 0 or more")
            }
            return .set(seconds: seconds)
        }
    }

    @discardableResult
    private static func expectArguments(_ parsed: ArgumentParser.Parsed, _ names: [String]) throws(UsageError)
        -> [String]
    {
        if parsed.arguments.count > names.count { throw .unexpectedArgument(parsed.arguments[names.count]) }
        if parsed.arguments.count < names.count { throw .missingArgument(names[parsed.arguments.count]) }
        return parsed.arguments
    }
}
