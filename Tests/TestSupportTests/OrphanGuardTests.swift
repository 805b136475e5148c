import Foundation
import PortContracts
import TestSupport
import Testing

/// A test process killed with SIGKILL (as a crash ends it: no code of its own runs) takes its
/// children with it, and whoever reads its output — `swift test` — sees the end of it.
@Suite("A test process's children end with it, however it ends")
struct OrphanGuardTests {
    @Test func theChildOfAKilledTestProcessEndsAndItsOutputEnds() async throws {
        // Read to its end: the probe's `sleep 600` holds the probe's standard error, so the
        // end comes only when the sleep is gone (else at the time limit).
        let run = try await ChildProcess.run(BuiltProduct.url(named: "orphan-probe"), [], timeout: .seconds(60))
        #expect(run.killedBy == SIGKILL, "\(run)")
        #expect(!run.timedOut, "the probe's output ended: its child did not hold it open")
        let child = try #require(pid_t(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(run)")
        // Its descriptors close a moment before it shows as ended: a second is far more than that.
        let deadline = ContinuousClock.now + .seconds(1)
        while Self.isRunning(child), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!Self.isRunning(child), "the sleep \(child) outlived the test process that started it by a second")
    }

    /// Whether `pid` runs: a zombie (ended, its parent gone, and not reaped by a PID 1 that
    /// does not reap, as in a container) does not.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ")
        else { return false }  // no such process
        return !["Z", "X"].contains(stat[afterName.upperBound...].prefix(1))
    }
}
