import Foundation
import PortContracts
import TestSupport
import Testing

/// Thousands of calls meeting random faults over loopback TCP, in a process of their own
/// (`fault-soak`) so that its files, threads and memory are measured alone.
///
/// `COCOACASTS_SOAK_CALLS` sets the number of calls: 300 by default so that
/// `swift test` stays quick; the 5,000 take about three minutes.
@Suite("Fault soak over loopback TCP")
struct FaultSoakTests {
    struct Resources: Decodable {
        let openFiles: Int
        let threads: Int
        let residentKiB: Int
    }

    struct Summary: Decodable {
        let calls: Int
        let violations: [String]
        let slowestCall: Double
        let before: Resources
        let after: Resources
    }

    static var calls: Int {
        ProcessInfo.processInfo.environment["COCOACASTS_SOAK_CALLS"].flatMap(Int.init) ?? 300
    }

    @Test func everyCallEndsRightAndNothingLeaks() async throws {
        try await MockAPIServer.with { server async throws in
            let outcome = try await ChildProcess.run(
                BuiltProduct.url(named: "fault-soak"), [server.baseURL.absoluteString, "\(Self.calls)"],
                timeout: .seconds(Self.calls / 10 + 120))
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let summary = try JSONDecoder().decode(Summary.self, from: Data(outcome.stdout.utf8))
            #expect(summary.calls == Self.calls / 5 * 5)
            #expect(summary.violations.isEmpty, "\(summary.violations.prefix(10))")
            #expect(summary.slowestCall < 3)
            #expect(summary.after.openFiles <= summary.before.openFiles)
            #expect(summary.after.threads <= summary.before.threads)
            #expect(summary.after.residentKiB - summary.before.residentKiB <= 10 * 1024)
        }
    }
}
