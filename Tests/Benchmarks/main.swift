// cocoacasts-bench: what users of a networking layer care about, each beside the
// baseline they would otherwise write. Run it with Scripts/bench, which builds in
// release mode and starts the mock API server and a private keyring.
//
//   cocoacasts-bench [--base-url URL] [--catalogue-url URL] [--large-catalogue-url URL]
//                    [--cli PATH] [--keyring-bus ADDRESS] [--json PATH] [--runs N] [--only 1,3]
//                    [--check] [--record-instructions]
//
// After the timed rows it counts the instructions of the in-process rows under callgrind
// (see InstructionCounts); --check exits 1 when one grew more than 10% over the committed
// baseline, --record-instructions writes the counts as the new baseline.
import Foundation
import Synchronization

guard let options = Options(CommandLine.arguments.dropFirst()) else {
    FileHandle.standardError.write(Data((Options.usage + "\n").utf8))
    exit(64)
}

// The main thread waits rather than running an async main: an async main ends in
// `dispatch_main`, whose signal thread valgrind 3.19 cannot run, and the instruction
// counts run this very executable under valgrind.
let finished = DispatchSemaphore(value: 0)
let status = Mutex<Int32>(0)
Task.detached {
    do {
        let code = try await Benchmarks.run(options)
        status.withLock { $0 = code }
    } catch {
        FileHandle.standardError.write(Data("cocoacasts-bench: \(error)\n".utf8))
        status.withLock { $0 = 1 }
    }
    finished.signal()
}
finished.wait()
exit(status.withLock { $0 })
