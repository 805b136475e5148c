import Foundation

/// Every benchmark, then the instruction counts; the exit status.
enum Benchmarks {
    static func run(_ options: Options) async throws -> Int32 {
        switch options.mode {
        case .scaleChild(let size):
            try await ScaleBenchmark.child(size: size)
            return 0
        case .instructionsChild(let row, let iterations):
            try await InstructionCounts.child(row: row, iterations: iterations)
            return 0
        case .bodyChild(let admin, let size):
            try await BodySizeBenchmark.child(admin: admin, size: size)
            return 0
        case .benchmarks:
            break
        }
        var report = Report()
        Report.header()
        if options.selected(1) { report.add(try await LayerOverheadBenchmark.run(runs: options.runs)) }
        if let baseURL = options.baseURL {
            if options.selected(2) {
                for row in try await LoopbackBenchmark.run(baseURL: baseURL, runs: options.runs) { report.add(row) }
            }
            if options.selected(3) {
                report.add(try await RefreshFanOutBenchmark.run(baseURL: baseURL, runs: max(5, options.runs / 3)))
            }
            if let cli = options.cli, options.selected(4) {
                report.add(try await CrossProcessRefreshBenchmark.run(baseURL: baseURL, cli: cli, runs: 5))
            }
            if options.selected(8) {
                let rows = try await BodySizeBenchmark.run(
                    baseURL: baseURL, runs: options.runs, benchmarkExecutable: CommandLine.arguments[0])
                for row in rows { report.add(row) }
            }
            if let cli = options.cli, options.selected(6) {
                for row in try ColdStartBenchmark.run(baseURL: baseURL, cli: cli, runs: options.runs * 2) {
                    report.add(row)
                }
            }
        }
        if let catalogueURL = options.catalogueURL, options.selected(9) {
            for row in try await CacheBenchmark.run(baseURL: catalogueURL, runs: options.runs) { report.add(row) }
            if let cli = options.cli {
                report.add(try await CacheBenchmark.runCLI(baseURL: catalogueURL, cli: cli, runs: options.runs))
            }
        }
        if options.selected(5) { report.add(try await TokenReadBenchmark.run(runs: options.runs)) }
        if options.selected(7) {
            report.add(try await ScaleBenchmark.run(runs: options.runs, benchmarkExecutable: CommandLine.arguments[0]))
        }
        if let jsonPath = options.jsonPath { try report.write(json: jsonPath) }
        let missed = report.rows.filter { !$0.met }.map(\.benchmark)
        print(missed.isEmpty ? "\nEvery target met." : "\nMissed: " + missed.joined(separator: "; "))
        guard options.selected(1) || options.selected(5) else { return 0 }  // the rows counted
        return try instructionCounts(options)
    }

    /// Counts, prints and checks the in-process rows' instructions; 1 when `--check` fails.
    private static func instructionCounts(_ options: Options) throws -> Int32 {
        guard let counts = try InstructionCounts.measure(executable: CommandLine.arguments[0]) else {
            print("\n(valgrind is not installed: no instruction counts; apt-get install valgrind)")
            return options.check ? 1 : 0
        }
        let grown = InstructionCounts.report(counts, baseline: try InstructionCounts.baseline())
        if options.recordInstructions { try InstructionCounts.record(counts) }
        guard options.check, !grown.isEmpty else { return 0 }
        print("Instruction counts grew more than 10% in rows " + grown.joined(separator: ", ") + ".")
        return 1
    }
}
