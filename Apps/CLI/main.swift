import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let console = SystemConsole()  // first: it holds any standard stream the process started without
signal(SIGXFSZ, SIG_IGN)  // a file-size limit fails a write (EFBIG, said, 74) instead of killing the process
let cli = CLI(console: console, environment: ProcessInfo.processInfo.environment)
// What waits for nothing — a usage error, help, the version, a completion script, the manual —
// ends here, before the concurrency runtime starts a thread, and a signal ends it as it ends
// any program.
let invocation: Invocation
switch cli.start(Array(CommandLine.arguments.dropFirst())) {
case .ended(let status): exit(status.rawValue)
case .waiting(let waiting): invocation = waiting
}
// The command runs on the toolchain's default executor, on the main queue: the main actor's
// work there as always, and the rest there too, by a task executor preference (see
// MainQueueExecutor), so that its async code does not hop between threads.
Interruption.shared.install()
let command = Task { @MainActor in
    await withTaskExecutorPreference(MainQueueExecutor.shared) { await cli.run(invocation) }
}
Interruption.shared.onFirstSignal { command.cancel() }
// The signal handler writes into a pipe; the main queue reads it, and cancels the command or
// runs its last words there.
let signals = DispatchSource.makeReadSource(fileDescriptor: Interruption.shared.descriptor, queue: .main)
signals.setEventHandler { Interruption.shared.deliver() }
signals.resume()
let status = await command.value
// A signal the command saw (it stopped, printing nothing more) sets the status; one that came
// after the command had done its work changes nothing.
exit(status == .interrupted ? Interruption.shared.receivedSignal.map { 128 + $0 } ?? status.rawValue : status.rawValue)
