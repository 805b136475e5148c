import Ports
import Presentation

extension Screens {
    /// A video being copied to this machine: how far (the CLI's line adds the rate), what is
    /// kept when it stopped, the cause when it failed, the copy when complete.
    public static func download(_ model: DownloadViewModel, style: TerminalStyle = .plain) -> String {
        let video = "video \(TerminalText.sanitized(model.videoID))"
        switch model.state {
        case .waiting:
            return busy("Waiting to download \(video)…", style)
        case .downloading(let progress):
            return "\(video)  \(howFar(progress))"
        case .interrupted(let kept):
            return style.dim("Stopped: what is whole of \(video) is kept\(keptText(kept)). The same download goes on.")
        case .failed(let message, let cause, let kept):
            let next =
                if case .refused = cause { "Nothing was copied." } else {
                    "What is whole is kept\(keptText(kept)); the same download fetches only what is missing."
                }
            return style.failure(style.cross) + " " + TerminalText.sanitized(message) + "\n  " + style.dim(next)
        case .complete(let copy):
            return style.success(style.check)
                + " \(video): \(TerminalText.sanitized(copy.quality)), \(ByteSize.text(copy.bytes)), on this machine."
        }
    }

    /// `42%  1.2 MB of 2.9 MB`, or the parts when no size is known: `3/10 parts, 1.2 MB`.
    public static func howFar(_ progress: DownloadProgress) -> String {
        if let expected = progress.expectedBytes, expected > 0 {
            return "\(min(99, progress.bytes * 100 / expected))%  "
                + "\(ByteSize.text(progress.bytes)) of \(ByteSize.text(expected))"
        }
        return "\(progress.partsDone)/\(progress.parts) parts, \(ByteSize.text(progress.bytes))"
    }

    private static func keptText(_ kept: DownloadProgress?) -> String {
        guard let kept, kept.bytes > 0 else { return "" }
        return " (\(ByteSize.text(kept.bytes))" + (kept.expectedBytes.map { " of \(ByteSize.text($0))" } ?? "") + ")"
    }
}
