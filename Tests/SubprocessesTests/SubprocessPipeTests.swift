import Foundation
import PortContracts
import Subprocesses
import Testing

/// What the tests' harness needs of a child process: pipes to it, signals to it alone or to
/// what it left in its group, and a wait that a cancelled test can cut short.
@Suite("Subprocess: pipes, recipients of a signal, cancellable waits", .timeLimit(.minutes(2)))
struct SubprocessPipeTests {
    private static let path = ["PATH": "/usr/bin:/bin"]

    @Test func pipesCarryTheChildsInputAndBothOutputsApart() async throws {
        let child = try Subprocess.spawn(
            "/bin/sh", arguments: ["-c", "read line; echo \"out $line\"; echo err >&2"], environment: Self.path,
            standardInput: .pipe, standardOutput: .pipe, standardError: .pipe)
        let outputs = try [#require(child.standardOutput), #require(child.standardError)]
        let traffic = await PipeTraffic.exchange(
            writing: Data("typed\n".utf8), into: child.standardInput, readingToEnd: outputs, until: .now + .seconds(60))
        // Each output reached its end: this process holds no copy of the child's ends.
        #expect(traffic.complete)
        #expect(traffic.outputs.map { String(decoding: $0, as: UTF8.self) } == ["out typed\n", "err\n"])
        #expect(await child.waitForExit() == .exited(0))
    }

    @Test func onlyAStreamThatIsAPipeHasAnEndHereAndItIsCloseOnExec() throws {
        let child = try Subprocess.spawn(
            "/bin/sh", arguments: ["-c", "exec sleep 300"], environment: Self.path, standardOutput: .pipe)
        defer { child.send(SIGKILL) }
        #expect(child.standardInput == nil && child.standardError == nil)
        let output = try #require(child.standardOutput)
        #expect(fcntl(output.descriptor, F_GETFD) & FD_CLOEXEC != 0, "another child could inherit it")
        output.close()
        output.close()  // closed once; the second does nothing
        #expect(output.descriptor == -1 && output.withDescriptor { $0 } == nil)
    }

    @Test func aSignalForTheChildAloneSparesItsGroupWhichCanBeSignalledAfterItsEnd() async throws {
        try await TemporaryDirectory.with { directory in
            let pidFile = directory.file("grandchild").path
            let child = try Subprocess.spawn(
                "/bin/sh", arguments: ["-c", "sleep 300 & echo $! > \"$1\"; wait", "sh", pidFile],
                environment: Self.path, newProcessGroup: true)
            let grandchild = try await Grandchild.pid(in: pidFile)
            #expect(child.send(SIGTERM, to: .childAlone))
            #expect(await child.waitForExit() == .signalled(SIGTERM))
            #expect(kill(grandchild, 0) == 0, "the group's other process got the child's signal")
            #expect(!child.send(SIGKILL), "the child is reaped: nothing is sent in its name")
            child.sendToItsGroup(SIGKILL)
            #expect(
                try await Grandchild.gone(grandchild), "what the child left in its group outlived the group's SIGKILL")
        }
    }

    @Test func aCancellableWaitEndsWhenItsTaskIsCancelled() async throws {
        let child = try Subprocess.spawn("/bin/sh", arguments: ["-c", "exec sleep 300"], environment: Self.path)
        defer { child.send(SIGKILL) }
        let started = ContinuousClock.now
        let waiting = Task { await child.waitForExit(cancellable: true) }
        waiting.cancel()
        #expect(await waiting.value == nil)
        #expect(ContinuousClock.now - started < .seconds(150), "half the child's 300 s")
        #expect(child.exitStatus == nil)
    }

    @Test func aWaitThatIsNotCancellableLastsItsTimeoutInACancelledTask() async throws {
        let child = try Subprocess.spawn("/bin/sh", arguments: ["-c", "exec sleep 300"], environment: Self.path)
        defer { child.send(SIGKILL) }
        let started = ContinuousClock.now
        let waiting = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await child.waitForExit(timeout: .seconds(1))
        }
        #expect(await waiting.value == nil)
        #expect(ContinuousClock.now - started >= .seconds(1), "the pause was cut short")
    }
}
