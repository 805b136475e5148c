import Foundation

/// Every benchmark, then the instruction counts; the exit status.
enum Benchmarks {
    static func run(_ options: Options) async throws -> Int32 {
        let executable = CommandLine.arguments[0]
        switch options.mode {
        case .scaleChild(let size):
            try await ScaleBenchmark.child(size: size)
        case .instructionsChild(let row, let iterations):
            try await InstructionCounts.child(row: row, iterations: iterations)
        case .bodyChild(let admin, let size):
            try await BodySizeBenchmark.child(admin: admin, size: size)
        case .bodyNullChild(let fetch, let url):
            try await BodyIntoNullBenchmark.child(fetch, url: url)
        case .waitChild(let fetch, let url):
            try await WaitBenchmark.child(fetch, url: url)
        case .bombChild(let fetch, let url, let expectation):
            try await GzipBombBenchmark.child(fetch, url: url, expectation: expectation)
        case .keyringChild(let kind, let application, let directory):
            try await KeyringReadBenchmark.child(kind, application: application, directory: directory)
        case .benchmarks:
            return try await benchmarks(options, executable: executable)
        }
        return 0
    }

    /// The rows, in the order of their numbers; those without their server, CLI or keyring are left out.
    private static func benchmarks(_ options: Options, executable: String) async throws -> Int32 {
        var report = Report()
        Report.header()
        let runs = options.runs
        if options.selected(1) { report.add(try await LayerOverheadBenchmark.run(runs: runs)) }
        if let baseURL = options.baseURL {
            if options.selected(2) {
                for row in try await LoopbackBenchmark.run(baseURL: baseURL, runs: runs) { report.add(row) }
                for row in try await BurstBenchmark.run(baseURL: baseURL, runs: runs) { report.add(row) }
            }
            if options.selected(3) {
                report.add(try await RefreshFanOutBenchmark.run(baseURL: baseURL, runs: max(5, runs / 3)))
            }
            if let cli = options.cli, options.selected(4) {
                report.add(try await CrossProcessRefreshBenchmark.run(baseURL: baseURL, cli: cli, runs: 5))
            }
        }
        if options.selected(5) { report.add(try await TokenReadBenchmark.run(runs: runs)) }
        if let baseURL = options.baseURL, let cli = options.cli, options.selected(6) {
            let rows = try ColdStartBenchmark.run(
                baseURL: baseURL, cli: cli, baseline: options.baseline, runs: runs * 2)
            for row in rows { report.add(row) }
            report.add(try ReleaseBinaryCheck.run(cli: cli))
        }
        if options.selected(7) { report.add(try await ScaleBenchmark.run(runs: runs, benchmarkExecutable: executable)) }
        if let baseURL = options.baseURL, options.selected(8) {
            let rows = try await BodySizeBenchmark.run(baseURL: baseURL, runs: runs, benchmarkExecutable: executable)
            for row in rows { report.add(row) }
        }
        if let catalogueURL = options.catalogueURL, options.selected(9) {
            for row in try await CacheBenchmark.run(baseURL: catalogueURL, runs: runs) { report.add(row) }
            if let cli = options.cli {
                report.add(try await CacheBenchmark.runCLI(baseURL: catalogueURL, cli: cli, runs: runs))
            }
        }
        if let baseURL = options.baseURL, let cli = options.cli, options.selected(10) {
            report.add(
                try await WaitBenchmark.run(
                    baseURL: baseURL, cli: cli, benchmarkExecutable: executable, rounds: max(3, runs / 4)))
        }
        if let baseURL = options.baseURL, options.selected(11) {
            report.add(try await GzipBombBenchmark.run(baseURL: baseURL, benchmarkExecutable: executable))
        }
        if let largeCatalogueURL = options.largeCatalogueURL, options.selected(12) {
            report.add(try await CatalogueDecodeBenchmark.run(baseURL: largeCatalogueURL, runs: runs))
        }
        if let jsonCatalogueURL = options.jsonCatalogueURL, let cli = options.cli, options.selected(12) {
            report.add(try CatalogueDecodeBenchmark.runCLI(baseURL: jsonCatalogueURL, cli: cli, runs: runs))
        }
        if let bus = options.keyringBus, options.selected(13) {
            if let reason = KeyringReadBenchmark.unavailable(bus: bus) {
                print("(13. skipped: \(reason))")
            } else {
                let rows = try await KeyringReadBenchmark.run(runs: runs, benchmarkExecutable: executable)
                for row in rows { report.add(row) }
            }
        }
        if let mediaURL = options.mediaURL, let cli = options.cli, options.selected(14) {
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/mpv") {
                report.add(try await WatchBenchmark.run(mediaURL: mediaURL, cli: cli))
            } else {
                print("(14. skipped: mpv is not installed; apt-get install --no-install-recommends mpv)")
            }
        }
        if let cli = options.cli, options.selected(15), !options.fileMediaURLs.isEmpty || options.hlsMediaURL != nil {
            let missing = ["curl", "ffmpeg", "yt-dlp"].filter { !Self.onPath($0) }
            if missing.isEmpty {
                let rows = try await DownloadBenchmark.run(
                    fileURLs: options.fileMediaURLs, hlsURL: options.hlsMediaURL,
                    plainHLS: options.plainHLSFolder.map { (options.plainHLSMediaURLs, $0) }, cli: cli, runs: runs)
                for row in rows { report.add(row) }
            } else {
                print(
                    "(15. skipped: \(missing.joined(separator: ", ")) not installed; apt-get install curl ffmpeg, pip install yt-dlp)"
                )
            }
            if Self.onPath("openssl") && Self.onPath("python3") {
                report.add(try await EncryptedPartsBenchmark.run(cli: cli, mockAPI: "Scripts/mock-api"))
            } else {
                print("(15e. skipped: openssl or python3 is not installed)")
            }
        }
        if let url = options.continueURL, let cli = options.cli, options.selected(16) {
            for row in try await ContinueBenchmark.run(url: url, cli: cli, runs: runs) { report.add(row) }
        }
        if let jsonPath = options.jsonPath { try report.write(json: jsonPath) }
        let missed = report.rows.filter { !$0.met }.map(\.benchmark)
        print(missed.isEmpty ? "\nEvery target met." : "\nMissed: " + missed.joined(separator: "; "))
        guard options.selected(1) || options.selected(5) else { return 0 }  // the rows counted
        return try instructionCounts(options)
    }

    /// Whether `program` is on this process's `PATH`.
    private static func onPath(_ program: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
        }
    }

    /// Counts, prints and checks the in-process rows' instructions; 1 when `--check` fails.
    private static func instructionCounts(_ options: Options) throws -> Int32 {
        guard let counts = try InstructionCounts.measure(executable: CommandLine.arguments[0]) else {
            print("\n(valgrind or objcopy is not installed: no instruction counts; apt-get install valgrind binutils)")
            return options.check ? 1 : 0
        }
        let grown = InstructionCounts.report(counts, baseline: try InstructionCounts.baseline())
        if options.recordInstructions { try InstructionCounts.record(counts) }
        guard options.check, !grown.isEmpty else { return 0 }
        print("Instruction counts grew more than 10% in rows " + grown.joined(separator: ", ") + ".")
        return 1
    }
}
