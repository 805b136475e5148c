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

// No thread starts here: the command runs on this thread (see MainThreadLoop), and only what it
// needs starts one (libcurl's, the keyring's).
let console = SystemConsole()  // first: it holds any standard stream the process started without
Interruption.shared.install()
signal(SIGXFSZ, SIG_IGN)  // a file-size limit fails the token file's write (EFBIG) instead of killing the process
let command = Task { @MainActor in
    await CLI(console: console, environment: ProcessInfo.processInfo.environment)
        .run(Array(CommandLine.arguments.dropFirst()))
}
Interruption.shared.onFirstSignal { command.cancel() }
MainThreadLoop.run(until: command, watching: Interruption.shared.descriptor, onReadable: Interruption.shared.deliver) {
    status in
    // A signal the command saw (it stopped, printing nothing more) sets the status; one that came
    // after the command had done its work changes nothing.
    exit(
        status == .interrupted
            ? Interruption.shared.receivedSignal.map { 128 + $0 } ?? status.rawValue : status.rawValue)
}
