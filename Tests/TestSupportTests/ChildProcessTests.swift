import Foundation
import PortContracts
import TestSupport
import Testing

@Suite(
    "ChildProcess: a run ends at its bound with everything it started, and leaves no descriptor open",
    .enabled(if: OpenDescriptors.available, "needs /proc"))
struct ChildProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    /// Whether a process `pid` still exists (a zombie not yet reaped by its new parent counts
    /// as gone: it holds no pipe).
    static func exists(_ pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        return !status.split(separator: ")").last!.hasPrefix(" Z")
    }

    /// A grandchild that keeps the pipes open once the child is killed would hold the run
    /// until it ends by itself (600 s here; a CLI under `faketime` once held a run 940 s).
    @Test func aGrandchildHoldingThePipesCannotOutliveTheBound() async throws {
        let started = ContinuousClock.now
        let outcome = try await ChildProcess.run(
            Self.shell, ["-c", "sleep 600 & echo $!; sleep 600"], timeout: .seconds(30))
        #expect(ContinuousClock.now - started < .seconds(300), "half the grandchild's 600 s")
        #expect(outcome.timedOut)
        let grandchild = try #require(pid_t(outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        let deadline = ContinuousClock.now + .seconds(30)
        while Self.exists(grandchild), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!Self.exists(grandchild), "the grandchild \(grandchild) outlived the run")
    }

    @Test func aChildKilledAtItsBoundSaysSo() async throws {
        let outcome = try await ChildProcess.run(
            Self.shell, ["-c", "echo started; exec sleep 600"], timeout: .seconds(10))
        #expect(outcome.timedOut && outcome.killedBy == SIGKILL)
        #expect(outcome.stdout == "started\n")
    }

    @Test func aRunGetsItsInputAndKeepsBothOutputsApart() async throws {
        let outcome = try await ChildProcess.run(
            Self.shell, ["-c", "read line; echo \"out $line\"; echo err >&2; exit 3"], stdin: "typed\n")
        #expect(outcome.status == 3 && outcome.killedBy == nil && !outcome.timedOut)
        #expect(outcome.stdout == "out typed\n" && outcome.stderr == "err\n")
    }

    /// In a whole suite a task made now can wait tens of seconds for one of the runtime's
    /// threads (CI once saw a sign-in's password arrive after its 30 s bound). A process of its
    /// own takes every thread of its runtime for 6 s (taken here, they held up every other test
    /// of the suite for as long); its child still gets its input and ends within its 4 s bound.
    @Test func aChildGetsItsInputWhileEveryThreadOfTheRuntimeIsTaken() async throws {
        let probe = try await ChildProcess.run(BuiltProduct.url(named: "starved-probe"), [], timeout: .seconds(120))
        #expect(probe.status == 0 && probe.stdout == "0 false out typed\n", "\(probe)")
    }

    /// Input a child never reads: more than a pipe's buffer, so writing it must not block
    /// nor (once the child is gone) raise SIGPIPE in the test process.
    static let moreThanAPipeHolds = String(repeating: "x", count: 200_000)

    /// Every pipe end is closed on every path: finished runs, killed ones, ones whose
    /// input nobody read. Other tests open descriptors meanwhile, a few dozen at most; a
    /// leak of even one per run would show 120 more.
    @Test func manyRunsLeaveNoDescriptorOpen() async throws {
        let before = try await OpenDescriptors.busiestCount()
        for index in 0..<120 {
            switch index % 3 {
            case 0: _ = try await ChildProcess.run(Self.shell, ["-c", "echo out; echo err >&2"], stdin: "unread")
            case 1: _ = try await ChildProcess.run(Self.shell, ["-c", "exit 0"], stdin: Self.moreThanAPipeHolds)
            default: _ = try await ChildProcess.run(Self.shell, ["-c", "exec sleep 600"], timeout: .milliseconds(200))
            }
        }
        let after = try await OpenDescriptors.settledCount()
        #expect(after - before < 60, "\(after - before) more descriptors open after 120 runs")
    }
}
