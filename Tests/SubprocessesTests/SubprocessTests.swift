import Foundation
import PortContracts
import Subprocesses
import Synchronization
import Testing

/// Starting, watching and ending a child process, with real programs.
@Suite("Subprocess: spawn, wait, end", .timeLimit(.minutes(2)))
struct SubprocessTests {
    private func shell(_ script: String, _ arguments: [String] = []) throws -> Subprocess {
        try Subprocess.spawn(
            "/bin/sh", arguments: ["-c", script, "sh"] + arguments, environment: ["PATH": "/usr/bin:/bin"])
    }

    @Test(
        "how a child ended, in words",
        arguments: [
            ("exit 3", TerminationStatus.exited(3), "exit status 3"),
            ("kill -USR1 $$", .signalled(SIGUSR1), "killed by signal 10"),
            ("kill -KILL $$", .signalled(SIGKILL), "killed by signal 9 (SIGKILL)"),
        ])
    func termination(script: String, status: TerminationStatus, words: String) async throws {
        let child = try shell(script)
        #expect(await child.waitForExit() == status)
        #expect(status.description == words)
        #expect(!child.send(SIGTERM), "a signal after the child was reaped could reach another process")
    }

    @Test func waitingWithATimeoutGivesNothingWhileTheChildRuns() async throws {
        let child = try shell("exec sleep 300")
        #expect(await child.waitForExit(timeout: .milliseconds(200)) == nil)
        #expect(child.exitStatus == nil)
        #expect(await child.end(grace: .seconds(30)) == .signalled(SIGTERM))
    }

    @Test func endAsksThenSendsSIGTERMThenSIGKILLEachAfterTheGrace() async throws {
        // The shell and its sleep ignore SIGTERM (an ignored signal stays ignored across exec).
        let child = try Subprocess.spawn(
            "/bin/sh", arguments: ["-c", "trap '' TERM; exec sleep 300"], environment: ["PATH": "/usr/bin:/bin"],
            newProcessGroup: true)
        let asked = CallCounter()
        let started = ContinuousClock.now
        let status = await child.end(askingFirst: { asked.count() }, grace: .seconds(1))
        #expect(status == .signalled(SIGKILL))
        #expect(asked.calls == 1)
        #expect(ContinuousClock.now - started >= .seconds(2), "SIGKILL before the two graces ran out")
    }

    @Test func aGroupLeadersSignalsReachItsWholeGroup() async throws {
        try await TemporaryDirectory.with { directory in
            let pidFile = directory.file("grandchild").path
            let child = try Subprocess.spawn(
                "/bin/sh", arguments: ["-c", "sleep 300 & echo $! > \"$1\"; wait", "sh", pidFile],
                environment: ["PATH": "/usr/bin:/bin"], newProcessGroup: true)
            let grandchild = try await Grandchild.pid(in: pidFile)
            #expect(await child.end(grace: .seconds(30)) == .signalled(SIGTERM))
            #expect(try await Grandchild.gone(grandchild), "the group's other process outlived the stop")
        }
    }

    @Test func theChildStartsWithDefaultSignalsAnEmptyMaskAndOnlyItsThreeDescriptors() async throws {
        try await TemporaryDirectory.with { directory in
            let report = directory.file("status")
            let inherited = open("/dev/null", O_RDONLY)  // no O_CLOEXEC: only posix_spawn's closing keeps it out
            defer { close(inherited) }
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGUSR2)
            let previous = signal(SIGUSR2, SIG_IGN)
            var saved = sigset_t()
            pthread_sigmask(SIG_BLOCK, &blocked, &saved)
            let child = try shell(
                "grep -E '^Sig(Blk|Ign)' /proc/self/status > \"$1\"; "
                    + "if test -e /proc/self/fd/$2; then echo open; else echo closed; fi >> \"$1\"",
                [report.path, String(inherited)])
            pthread_sigmask(SIG_SETMASK, &saved, nil)
            signal(SIGUSR2, previous)
            #expect(await child.waitForExit() == .exited(0))
            let lines = try String(contentsOf: report, encoding: .utf8).split(separator: "\n")
            let fields = lines.map { $0.split(separator: "\t").last.map(String.init) ?? "" }
            // glibc's own signals (32, 33) are set to SIG_IGN in every spawned child: only 1–31 count.
            let ignored = UInt64(fields.count == 3 ? fields[1] : "", radix: 16).map { $0 & 0x7FFF_FFFF }
            #expect(fields.first == "0000000000000000" && ignored == 0 && fields.last == "closed", "\(lines)")
        }
    }

    @Test func aProgramThatCannotBeStartedSaysWhy() {
        let error = #expect(throws: SpawnError.self) {
            try Subprocess.spawn("/nonexistent/player", arguments: [], environment: [:])
        }
        #expect(error?.code == ENOENT && error?.step == nil)
        #expect(error?.description == "No such file or directory")
    }
}

/// Counts calls from any thread.
private final class CallCounter: Sendable {
    private let value = Mutex(0)
    var calls: Int { value.withLock { $0 } }
    func count() { value.withLock { $0 += 1 } }
}
