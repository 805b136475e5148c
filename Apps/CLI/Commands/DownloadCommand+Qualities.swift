import Domain
import Ports
import TerminalUI

/// `download EPISODE --list-qualities`: what each stream offers, as yt-dlp's `-F` lists the
/// formats before one is chosen; nothing is downloaded.
extension DownloadCommand {
    static let listQualities = CommandLineParser.Option(
        name: "--list-qualities", valueName: nil,
        summary: "list each stream's qualities (size, bit rate, codecs) and what best and worst pick; fetch nothing")

    /// One video's qualities, as `--json` prints them.
    struct Offer: Encodable {
        let videoID: String
        let episode: Nullable<Int>
        let duration: Int
        let qualities: [Quality]
    }

    /// One quality: the picture, the bit rates, the codecs, the bytes for the video's length
    /// and the `--quality` values that pick it.
    struct Quality: Encodable {
        let width: Int?
        let height: Int?
        let bandwidth: Int
        let averageBandwidth: Int?
        let codecs: String?
        let bytes: Int
        let chosenBy: [String]
    }

    /// Lists every reference's qualities; the first failure's status. A reference that fails
    /// is said on standard error and left out of `--json`'s list; Ctrl-C ends the list there,
    /// printing what was read.
    @MainActor func listQualities(in context: CommandContext) async -> ExitCode {
        var status = ExitCode.success
        var offers: [Offer] = []
        for typed in references {
            do throws(ExitCode) {
                offers.append(try await offer(of: typed, in: context))
            } catch {
                if status == .success || error == .interrupted { status = error }
            }
            if status == .interrupted { break }
        }
        if json { context.printJSON(offers) }
        return status
    }

    /// `typed`'s qualities, said unless `--json` (which prints them all at the end).
    @MainActor private func offer(of typed: String, in context: CommandContext) async throws(ExitCode) -> Offer {
        let (videoID, episode) = try await context.resolve(typed, on: .video, needingTheEpisode: true)
        let what = episode.map { "episode \($0.id), “\(TerminalText.sanitized($0.title))”" } ?? "video \(videoID)"
        let video = try await context.video(videoID).video
        let offered: [OfferedQuality]
        do throws(DownloadError) {
            offered = try await context.services.downloader.qualities(at: video.videoURL)
        } catch {
            if case .cancelled = error.cause { throw .interrupted }
            context.console.fail("The qualities of \(what) could not be read: \(error).")
            throw error.isUnreachable ? .unreachable : .failure
        }
        let qualities = offered.map { quality in
            Quality(
                width: quality.width, height: quality.height, bandwidth: quality.bandwidth,
                averageBandwidth: quality.averageBandwidth, codecs: quality.codecs,
                bytes: quality.bytes(forSeconds: video.duration), chosenBy: quality.chosenBy.map(\.description))
        }
        if !json { say(qualities, of: "\(what), \(VideoDuration.format(seconds: video.duration))", in: context) }
        return Offer(videoID: videoID, episode: Nullable(episode?.id), duration: video.duration, qualities: qualities)
    }

    /// `episode 556, “…”, 8:33, about:` and a line a quality: `360p  640×360  60.9 MB  950 kb/s
    /// avc1.42c01e,mp4a.40.2  best` (the size the bit rate gives the video's length).
    @MainActor private func say(_ qualities: [Quality], of what: String, in context: CommandContext) {
        guard !qualities.isEmpty else {
            context.console.say("\(what): one quality, the stream's own (nothing to choose).")
            return
        }
        let rows = qualities.map { quality in
            [
                quality.height.map { "\($0)p" } ?? "audio",
                quality.width.flatMap { width in quality.height.map { "\(width)×\($0)" } } ?? "",
                ByteSize.text(quality.bytes), "\((quality.averageBandwidth ?? quality.bandwidth) / 1000) kb/s",
                TerminalText.sanitized(quality.codecs ?? ""), quality.chosenBy.joined(separator: ", "),
            ]
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        let lines = rows.map { row in
            let padded = zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }
            return String(padded.joined(separator: "  ").reversed().drop { $0 == " " }.reversed())
        }
        // The sizes are the bit rates' for the video's length: what the copy will take, about.
        context.console.print(([what + ", about:"] + lines.map { "  " + $0 }).joined(separator: "\n"))
    }
}
