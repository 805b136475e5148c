// cocoacasts-bench: what users of a networking layer care about, each beside the
// baseline they would otherwise write. Run it with Scripts/bench, which builds in
// release mode and starts the mock API server.
//
//   cocoacasts-bench [--base-url URL] [--cli PATH] [--json PATH] [--runs N] [--only 1,3]
import Foundation

var arguments = CommandLine.arguments.dropFirst()
var baseURL: URL?
var cli: String?
var jsonPath: String?
var runs = 15
var only: Set<Int>?
while let argument = arguments.popFirst() {
    switch argument {
    case "--base-url": baseURL = arguments.popFirst().flatMap(URL.init(string:))
    case "--cli": cli = arguments.popFirst()
    case "--json": jsonPath = arguments.popFirst()
    case "--runs": runs = arguments.popFirst().flatMap(Int.init) ?? runs
    case "--only": only = Set((arguments.popFirst() ?? "").split(separator: ",").compactMap { Int($0) })
    case "--scale-child":
        try await ScaleBenchmark.child(size: arguments.popFirst().flatMap(Int.init) ?? 0)
        exit(0)
    default:
        FileHandle.standardError.write(
            Data("usage: cocoacasts-bench [--base-url URL] [--cli PATH] [--json PATH] [--runs N] [--only 1,3]\n".utf8))
        exit(64)
    }
}

/// Whether benchmark `number` was asked for.
@MainActor func selected(_ number: Int) -> Bool { only?.contains(number) ?? true }

var report = Report()
Report.header()
if selected(1) { report.add(try await LayerOverheadBenchmark.run(runs: runs)) }
if let baseURL {
    if selected(2) { for row in try await LoopbackBenchmark.run(baseURL: baseURL, runs: runs) { report.add(row) } }
    if selected(3) { report.add(try await RefreshFanOutBenchmark.run(baseURL: baseURL, runs: max(5, runs / 3))) }
    if let cli, selected(4) {
        report.add(try await CrossProcessRefreshBenchmark.run(baseURL: baseURL, cli: cli, runs: 5))
    }
    if let cli, selected(6) {
        for row in try ColdStartBenchmark.run(baseURL: baseURL, cli: cli, runs: runs * 2) { report.add(row) }
    }
}
if selected(5) { report.add(try await TokenReadBenchmark.run(runs: runs)) }
if selected(7) { report.add(try await ScaleBenchmark.run(runs: runs, benchmarkExecutable: CommandLine.arguments[0])) }
if let jsonPath { try report.write(json: jsonPath) }
let missed = report.rows.filter { !$0.met }.map(\.benchmark)
print(missed.isEmpty ? "\nEvery target met." : "\nMissed: " + missed.joined(separator: "; "))
