import Foundation
import PortContracts

// A test process in miniature whose every thread of the concurrency runtime is taken, for
// ChildProcessTests: in a whole suite a task made now can wait tens of seconds for one of
// those threads (CI once saw a sign-in's password arrive after its 30 s bound). Taken here,
// in a process of its own, they hold up no other test. Here every thread is taken for 6 s;
// the child must still get its input and end within its 4 s bound. Prints the outcome as
// `status timedOut stdout`.
let finished = DispatchSemaphore(value: 0)
Task.detached {
    let busyUntil = ContinuousClock.now + .seconds(6)
    let blockers = (0..<ProcessInfo.processInfo.activeProcessorCount * 2).map { _ in
        Task.detached { while ContinuousClock.now < busyUntil { usleep(10_000) } }
    }
    do {
        let outcome = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "read line; echo \"out $line\""], stdin: "typed\n",
            timeout: .seconds(4))
        for blocker in blockers { await blocker.value }
        print(outcome.status, outcome.timedOut, outcome.stdout.trimmingCharacters(in: .newlines))
    } catch {
        print("failed:", error)
    }
    finished.signal()
}
finished.wait()
