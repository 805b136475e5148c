import TerminalUI

/// What `cocoacasts-preview` was asked to do, checked against the catalogue.
enum HarnessAction: Equatable {
    /// Show the help.
    case help
    /// List the previews.
    case list
    /// Draw the named previews, in the order given.
    case render(names: [String])
    /// Draw every preview.
    case renderAll
    /// Write the HTML gallery into a directory.
    case gallery(directory: String)

    /// The options, for suggestions.
    static let options = ["--help", "--list", "--all", "--html"]

    /// Parses `arguments` (without the program name); `names` are the previews there are.
    static func parse(_ arguments: [String], names: [String]) throws(HarnessUsageError) -> HarnessAction {
        if arguments.contains("--help") || arguments.contains("-h") { return .help }
        var actions: [(flag: String, command: HarnessAction)] = []
        var rendering: [String]?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--list": actions.append((argument, .list))
            case "--all": actions.append((argument, .renderAll))
            case "--html":
                guard let directory = remaining.popFirst(), !directory.hasPrefix("-") else { throw .missingDirectory }
                actions.append((argument, .gallery(directory: directory)))
            case _ where argument.hasPrefix("--html="):
                let directory = String(argument.dropFirst("--html=".count))
                guard !directory.isEmpty else { throw .missingDirectory }
                actions.append(("--html", .gallery(directory: directory)))
            case _ where argument.hasPrefix("-"):
                let name = String(argument.prefix { $0 != "=" })
                if options.contains(name) { throw .unexpectedValue(name) }
                throw .unknownOption(name, suggestion: Suggestion.closest(to: name, in: options))
            case "render" where rendering == nil: rendering = []
            default:
                guard rendering != nil else { throw unknownCommand(argument, names: names) }
                guard names.contains(argument) else {
                    throw .unknownPreview(argument, suggestion: Suggestion.closest(to: argument, in: names))
                }
                rendering?.append(argument)
            }
        }
        return try resolve(actions, rendering: rendering)
    }

    /// The one thing to do: `render` with names, or the single action.
    private static func resolve(_ actions: [(flag: String, command: HarnessAction)], rendering: [String]?)
        throws(HarnessUsageError) -> HarnessAction
    {
        if let rendering, !rendering.isEmpty {
            if let other = actions.first { throw .conflicting("render NAME", other.flag) }
            return .render(names: rendering)
        }
        if actions.count > 1 { throw .conflicting(actions[0].flag, actions[1].flag) }
        if let action = actions.first {
            if rendering != nil && action.command != .renderAll { throw .conflicting("render", action.flag) }
            return action.command
        }
        guard rendering == nil else { throw .missingPreviewName }
        return .help
    }

    private static func unknownCommand(_ word: String, names: [String]) -> HarnessUsageError {
        names.contains(word)
            ? .previewWithoutCommand(word)
            : .unknownCommand(word, suggestion: Suggestion.closest(to: word, in: ["render"]))
    }
}
