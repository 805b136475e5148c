// cocoacasts-bench: what users of a networking layer care about, each beside the
// baseline they would otherwise write. Run it with Scripts/bench (release build).
//
//   cocoacasts-bench [--json PATH] [--runs N]
import Foundation

var arguments = CommandLine.arguments.dropFirst()
var jsonPath: String?
var runs = 31
while let argument = arguments.popFirst() {
    switch argument {
    case "--json": jsonPath = arguments.popFirst()
    case "--runs": runs = arguments.popFirst().flatMap(Int.init) ?? runs
    default:
        FileHandle.standardError.write(Data("usage: cocoacasts-bench [--json PATH] [--runs N]\n".utf8))
        exit(64)
    }
}

var report = Report()
Report.header()
report.add(try await TokenReadBenchmark.run(runs: runs))
if let jsonPath { try report.write(json: jsonPath) }
