import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
    print(PreviewHelp.text)
} else {
    FileHandle.standardError.write(Data("cocoacasts-preview: previews arrive in a later release; see --help.\n".utf8))
    exit(64)
}
