import TerminalUI

/// A command line `cocoacasts-preview` cannot run, with the hint that fixes it.
enum HarnessUsageError: Error, Equatable, CustomStringConvertible {
    /// What the parser could not read.
    case commandLine(CommandLineError)
    /// A preview name given without `render`.
    case previewWithoutCommand(String)
    /// A name that is no preview's.
    case unknownPreview(String, suggestion: String?)
    /// `render` without a name.
    case missingPreviewName
    /// `--html` without a directory.
    case missingDirectory
    /// Two things to do at once.
    case conflicting(String, String)

    /// What is wrong and what to do.
    var description: String {
        switch self {
        case .commandLine(let error): error.description(of: HarnessAction.program)
        case .previewWithoutCommand(let name):
            "'\(name)' is a preview; draw it with: cocoacasts-preview render \(name)"
        case let .unknownPreview(name, suggestion):
            "unknown preview '\(name)'"
                + (suggestion.map { ". Did you mean '\($0)'? See --list for every preview." }
                    ?? "; see --list for every preview")
        case .missingPreviewName: "render needs a preview name (see --list), or use --all"
        case .missingDirectory: "--html needs a directory: --html DIR"
        case let .conflicting(first, second): "\(first) and \(second) cannot be used together"
        }
    }
}
