import Foundation

let status = await CLI(console: SystemConsole(), environment: ProcessInfo.processInfo.environment)
    .run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
