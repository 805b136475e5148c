import CocoacastsAPI
import CurlTransport
import Domain
import FileTokenStore
import Foundation
import Ports
// fault-soak BASE_URL CALLS — calls the mock API CALLS times over loopback TCP,
// each call meeting a random fault, and prints a JSON summary: every outcome that was
// not the right one, the slowest call, and the process's open files, threads and
// resident memory before and after. Every request goes through the libcurl transport.
// Run by IntegrationTests' FaultSoakTests.
import Stores

struct Summary: Codable {
    var calls = 0
    var outcomes: [String: [String: Int]] = [:]
    var violations: [String] = []
    var slowestCall = 0.0
    var before: ProcessResources?
    var after: ProcessResources?
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let baseURL = URL(string: arguments[1]), let calls = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: fault-soak BASE_URL CALLS\n".utf8))
    exit(64)
}
let admin = URL(string: "http://\(baseURL.host!):\(baseURL.port!)/__admin/faults")!
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cocoacasts-soak-\(getpid())")
defer { try? FileManager.default.removeItem(at: directory) }

/// Installs a fault with the server's admin route (its own transport, made before the
/// baseline; `Connection: close`, so that it keeps no sockets open between calls).
let adminTransport = CurlTransport()
func inject(_ body: String) async throws {
    _ = try await adminTransport.send(
        HTTPRequest(method: "POST", url: admin, headers: ["Connection": "close"], body: Data(body.utf8), timeout: 10))
}

/// A signed-in client with short timeouts and quick retries.
func makeClient() async throws -> APIClient {
    let configuration = try APIConfiguration(
        baseURL: baseURL, apiToken: APIConfiguration.seriesAPIToken, timeout: 0.5,
        retryPolicy: RetryPolicy(maximumAttempts: 3, baseDelay: 0.01, maximumDelay: 1))
    let store = KeyValueTokenStore.credentialsFile(
        at: directory.appendingPathComponent("credentials.json"), origin: configuration.origin)
    let client = APIClient(configuration: configuration, tokenStore: store, transport: CurlTransport())
    try await client.signIn(email: "demo@cocoacasts.com", password: "cocoacasts")
    return client
}

/// Runs `count` calls on every lane at once; returns what happened.
func soak(_ client: APIClient, callsPerLane count: Int) async throws -> Summary {
    try await withThrowingTaskGroup(of: Summary.self) { group in
        for lane in Lane.all {
            group.addTask {
                var summary = Summary()
                for _ in 0..<count {
                    let fault = Fault.allCases.randomElement()!
                    if let body = fault.injection(route: lane.route) { try await inject(body) }
                    let start = ContinuousClock.now
                    var outcome = "value"
                    do throws(APIError) { try await lane.call(client) } catch { outcome = error.kind.rawValue }
                    let seconds =
                        Double((ContinuousClock.now - start).components.attoseconds) / 1e18
                        + Double((ContinuousClock.now - start).components.seconds)
                    summary.calls += 1
                    summary.slowestCall = max(summary.slowestCall, seconds)
                    summary.outcomes["\(lane.route) \(fault)", default: [:]][outcome, default: 0] += 1
                    if !lane.expected(for: fault).contains(outcome) {
                        summary.violations.append("\(lane.route) with \(fault): \(outcome)")
                    }
                    if seconds > 3 { summary.violations.append("\(lane.route) with \(fault) took \(seconds) s") }
                }
                return summary
            }
        }
        return try await group.reduce(into: Summary()) { total, lane in
            total.calls += lane.calls
            total.slowestCall = max(total.slowestCall, lane.slowestCall)
            total.violations += lane.violations
            total.outcomes.merge(lane.outcomes) { $0.merging($1, uniquingKeysWith: +) }
        }
    }
}

// Warm up: the runtime's thread pool and the allocator reach their working size.
_ = try await soak(try await makeClient(), callsPerLane: 20)
try await Task.sleep(for: .seconds(1))
let before = ProcessResources.now()
var summary = try await soak(try await makeClient(), callsPerLane: calls / Lane.all.count)
// The client and its transport are gone; idle threads and sockets close within seconds.
var after = ProcessResources.now()
for _ in 0..<200 where after.openFiles > before.openFiles || after.threads > before.threads {
    try await Task.sleep(for: .milliseconds(100))
    after = ProcessResources.now()
}
summary.before = before
summary.after = after
let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
print(String(decoding: try encoder.encode(summary), as: UTF8.self))
