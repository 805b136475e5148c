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

    static let program = "cocoacasts-preview"
    static let listOption = CommandLineParser.Option(name: "--list", valueName: nil, summary: "list the previews")
    static let allOption = CommandLineParser.Option(name: "--all", valueName: nil, summary: "draw every preview")
    static let html = CommandLineParser.Option(name: "--html", valueName: "DIR", summary: "write the gallery")
    static let helpOption = CommandLineParser.Option(
        name: "--help", valueName: nil, summary: "show this help", short: "-h")
    static let renderCommand = CommandLineParser.CommandSpec(
        name: "render", arguments: ["[name...]"], options: [], summary: "draw the named previews")
    /// The same parser as the CLI's, over this grammar.
    static let parser = CommandLineParser(
        globalOptions: [listOption, allOption, html, helpOption], commands: [renderCommand])

    /// Parses `arguments` (without the program name); `names` are the previews there are.
    static func parse(_ arguments: [String], names: [String]) throws(HarnessUsageError) -> HarnessAction {
        if arguments.contains(where: { $0 == helpOption.name || $0 == helpOption.short }) { return .help }
        let parsed: CommandLineParser.Parsed
        do throws(CommandLineError) {
            parsed = try parser.parse(arguments)
        } catch .unknownCommand(let word, _) where names.contains(word) {
            throw .previewWithoutCommand(word)
        } catch .missingValue(html.name, _) {
            throw .missingDirectory
        } catch {
            throw .commandLine(error)
        }
        for name in parsed.arguments where !names.contains(name) {
            throw .unknownPreview(name, suggestion: Suggestion.closest(to: name, in: names))
        }
        // The actions in the order given, for a conflict's message.
        let given = arguments.map { String($0.prefix { $0 != "=" }) }
        var actions: [(flag: String, command: HarnessAction)] = []
        if parsed.has(listOption) { actions.append((listOption.name, .list)) }
        if parsed.has(allOption) { actions.append((allOption.name, .renderAll)) }
        if let directory = parsed.value(html) {
            guard !directory.isEmpty else { throw .missingDirectory }
            actions.append((html.name, .gallery(directory: directory)))
        }
        actions.sort { (given.firstIndex(of: $0.flag) ?? 0) < (given.firstIndex(of: $1.flag) ?? 0) }
        return try resolve(actions, rendering: parsed.command == nil ? nil : parsed.arguments)
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
}
