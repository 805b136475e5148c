import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
    print(CLIHelp.text)
} else {
    FileHandle.standardError.write(Data("cocoacasts: the commands arrive in a later release; see --help.\n".utf8))
    exit(64)
}
