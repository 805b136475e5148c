import Foundation

let console = SystemConsole()  // first: it holds any standard stream the process started without
let status = await CLI(console: console, environment: ProcessInfo.processInfo.environment)
    .run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
