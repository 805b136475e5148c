import CommandPlayer
import Foundation
import MPVPlayer
import Ports
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

// Plays one URL with one player adapter in a process of its own, and prints what a test or
// a measurement needs: each event, then the process's open descriptors and children (none
// may be left), and its own CPU time.
//
//   player-probe mpv URL START [--stop-after SECONDS]
//   player-probe command "CMD ARGS" URL [--stop-after SECONDS]

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: player-probe mpv|command PLAYER-OR-START URL ...\n".utf8))
    exit(64)
}
let environment = ProcessInfo.processInfo.environment
let stopAfter = arguments.firstIndex(of: "--stop-after").map { Double(arguments[$0 + 1]) ?? 0 }

func descriptors() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).sorted().map {
        "\($0)=" + ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) ?? "?")
    }
}

func children() -> [String] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.flatMap { task in
        ((try? String(contentsOfFile: "/proc/self/task/\(task)/children", encoding: .utf8)) ?? "")
            .split(separator: " ").map(String.init)
    }
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return [usage.ru_utime, usage.ru_stime].reduce(0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6 }
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

// Dispatch opens its own descriptors (epoll, eventfd, timers) on first use: before the baseline.
await withCheckedContinuation { done in
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(1)) { done.resume() }
}
let before = descriptors()
let player: any MediaPlayer
let url: URL
let start: Int
/// The stop `--stop-after` asks for, and whether it began: one in flight is awaited before the
/// descriptors are counted.
var stopping: Task<Void, any Error>?
let stopBegan = Atomic<Bool>(false)
do {
    switch arguments[0] {
    case "mpv":
        guard let mpv = MPVPlayer.locate(environment: environment, terminal: .detached) else {
            throw PlayerError.notFound(name: "mpv")
        }
        player = mpv
        start = Int(arguments[1]) ?? 0
    default:
        player = try CommandPlayer(command: arguments[1], environment: environment)
        start = 0
    }
    url = URL(string: arguments[2])!
    let playback = try await player.play(url, from: start)
    say("started")
    if let stopAfter {
        stopping = Task {
            try await Task.sleep(for: .seconds(stopAfter))
            stopBegan.store(true, ordering: .releasing)
            await playback.stop()
            say("stop returned")
        }
    }
    for await event in playback.events {
        switch event {
        case .position(let position): say("position \(position)")
        case .ended(.failed(let reason)): say("ended failed: \(reason)")
        case .ended(let ending): say("ended \(ending)")
        }
    }
} catch {
    say("error \(error)")
}
if stopBegan.load(ordering: .acquiring) { _ = await stopping?.result }
// Dispatch's own (anon_inode: timers, eventfd) come and go; the listing's own descriptor shows as "?".
let left = descriptors().filter { !before.contains($0) && !$0.contains("anon_inode:") && !$0.hasSuffix("=?") }
say("descriptors left open: \(left.count) \(left)")
say("children \(children().count)")
say("cpu-seconds \(cpuSeconds())")
