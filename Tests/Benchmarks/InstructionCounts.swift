import CocoacastsAPI
import Domain
import FileTokenStore
import Foundation
import Ports
import Stores

/// Instructions per operation of the in-process rows, counted by valgrind's callgrind:
/// unlike time on a shared machine, they repeat to a fraction of a percent, so a
/// regression shows.
///
/// Each row runs in a child under callgrind twice, with N and 2N operations after the
/// same set-up; (I(2N) − I(N)) / N is the count of one operation, start-up and set-up
/// cancelling out. `Tests/Benchmarks/instructions-baseline.json` holds the committed
/// counts; `--check` fails when one grows by more than 10%.
///
/// Callgrind runs a copy of the executable without its debug information: the binary
/// mixes DWARF 4 (Swift's) with DWARF 5 (clang's, for the C target CCurl), which valgrind
/// 3.19's reader rejects ("Possibly corrupted debuginfo file"). Counting needs only the
/// symbol table, which the copy keeps.
enum InstructionCounts {
    struct Measured: Codable {
        let row: String
        let label: String
        let perOperation: Double
    }

    /// The rows: an identifier, what one operation is, and N.
    static let rows: [(id: String, label: String, iterations: Int)] = [
        ("1", "APIClient.episodes() in process", 200),
        ("1-decode", "JSONDecoder().decode, the same bytes", 200),
        ("5", "token read, unchanged file", 20_000),
    ]

    /// The committed counts.
    static let baselineFile = Paths.root.appendingPathComponent("Tests/Benchmarks/instructions-baseline.json")

    /// How much a count may grow over its baseline before `--check` fails.
    static let tolerance = 0.10

    /// Each row's count, or `nil` when valgrind (or binutils' objcopy) is not installed.
    static func measure(executable: String) throws -> [Measured]? {
        let tools = ["/usr/bin/valgrind", "/usr/bin/objcopy"]
        guard tools.allSatisfy(FileManager.default.isExecutableFile(atPath:)) else { return nil }
        let stripped = "\(executable)-nodebug"
        let copy = Spawn.run("/usr/bin/objcopy", ["--strip-debug", executable, stripped], environment: [:])
        guard copy.status == 0 else { throw BenchmarkError.unexpected("objcopy exited \(copy.status)") }
        defer { try? FileManager.default.removeItem(atPath: stripped) }
        return try rows.map { row in
            let once = try instructions(stripped, row.id, row.iterations)
            let twice = try instructions(stripped, row.id, row.iterations * 2)
            return Measured(row: row.id, label: row.label, perOperation: Double(twice - once) / Double(row.iterations))
        }
    }

    /// The total instructions of one child run, from callgrind's summary line.
    private static func instructions(_ executable: String, _ row: String, _ iterations: Int) throws -> Int {
        let (status, text) = try Spawn.standardError(
            of: "/usr/bin/valgrind",
            [
                "--tool=callgrind", "--callgrind-out-file=/dev/null", executable, "--instructions-child", row,
                "\(iterations)",
            ])
        guard status == 0,
            let line = text.split(separator: "\n").first(where: { $0.contains("Collected :") }),
            let count = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
        else { throw BenchmarkError.unexpected("callgrind on row \(row): \(text.suffix(400))") }
        return count
    }

    /// What `--instructions-child ROW N` does: the row's set-up, then N operations.
    static func child(row: String, iterations: Int) async throws {
        switch row {
        case "1", "1-decode":
            let body = try Data(contentsOf: Paths.fixture("episodes-catalog"))
            let configuration = try APIConfiguration(
                baseURL: URL(string: "https://api.example.com/api/v1")!, apiToken: "t")
            let client = APIClient(
                configuration: configuration, accessTokenProvider: NoToken(),
                transport: FixedResponseTransport(body: body))
            _ = try await client.episodes()  // the first call initialises what every later one shares
            for _ in 0..<iterations {
                if row == "1" {
                    _ = try await client.episodes()
                } else {
                    _ = try JSONDecoder().decode([Episode].self, from: body)
                }
            }
        case "5":
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "cocoacasts-instructions-\(getpid())")
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = KeyValueTokenStore.credentialsFile(
                at: directory.appendingPathComponent("credentials.json"),
                origin: Origin(URL(string: "http://127.0.0.1:8080/api/v1")!)!)
            try await store.setTokens(TokenPair(accessToken: "a", refreshToken: "r"))
            _ = try await store.accessToken
            for _ in 0..<iterations {
                guard try await store.accessToken != nil else { throw BenchmarkError.noToken }
            }
        default:
            throw BenchmarkError.unexpected("no instruction row \(row)")
        }
    }

    /// The committed counts by row, empty when there is no baseline file yet.
    static func baseline() throws -> [String: Double] {
        guard FileManager.default.fileExists(atPath: baselineFile.path) else { return [:] }
        let rows = try JSONDecoder().decode([Measured].self, from: Data(contentsOf: baselineFile))
        return Dictionary(rows.map { ($0.row, $0.perOperation) }, uniquingKeysWith: { first, _ in first })
    }

    /// Prints the counts beside the baseline; the rows that grew beyond the tolerance.
    static func report(_ measured: [Measured], baseline: [String: Double]) -> [String] {
        print("\ninstructions per operation (callgrind; baseline: Tests/Benchmarks/instructions-baseline.json)")
        var grown: [String] = []
        for row in measured {
            let line = "  \(row.row)  \(row.label): \(Int(row.perOperation.rounded()))"
            guard let base = baseline[row.row], base > 0 else {
                print(line + " (no baseline)")
                continue
            }
            let change = row.perOperation / base - 1
            let verdict = change > tolerance ? "GREW" : "ok"
            print(line + String(format: " (baseline %.0f, %+.1f%%) %@", base, change * 100, verdict))
            if change > tolerance { grown.append(row.row) }
        }
        return grown
    }

    /// Writes `measured` as the new baseline.
    static func record(_ measured: [Measured]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(measured).write(to: baselineFile)
    }
}
