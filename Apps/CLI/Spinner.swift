import TerminalUI

/// Shows a spinner on standard error while a command's work runs, once the wait passes
/// 300 ms — only where ``Appearance/animates`` allows.
@MainActor
enum Spinner {
    static let delay: Duration = .milliseconds(300)

    /// Runs `work`, showing `label` with a spinner from the delay until it returns.
    static func run<T>(_ label: String, on console: any Console, appearance: Appearance, _ work: () async -> T)
        async -> T
    {
        guard appearance.animates else { return await work() }
        let frames = appearance.error.spinnerFrames
        let animation = Task { @MainActor in
            try await Task.sleep(for: delay)
            var frame = 0
            while true {
                console.writeError("\r\(frames[frame % frames.count]) \(label)")
                frame += 1
                try await Task.sleep(for: .milliseconds(80))
            }
        }
        let result = await work()
        animation.cancel()
        _ = await animation.result
        console.writeError("\r\u{1B}[2K")
        return result
    }
}
