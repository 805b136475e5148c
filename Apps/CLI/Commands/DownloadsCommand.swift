import Domain
import MediaDownloader
import Presentation
import TerminalUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `cocoacasts downloads [--remove ID…] [--remove-all]`: the videos copied to this machine,
/// complete or partial, and the space they take; or removes copies.
struct DownloadsCommand: ServiceCommand, Equatable {
    static let remove = CommandLineParser.Option(
        name: "--remove", valueName: nil, summary: "remove the copies of the videos named")
    static let removeAll = CommandLineParser.Option(
        name: "--remove-all", valueName: nil, summary: "remove every copy")
    static let spec = CommandLineParser.CommandSpec(
        name: "downloads", arguments: ["[video-ids...]"], options: [Grammar.json, remove, removeAll],
        summary: "List the videos copied to this machine, or remove copies",
        examples: [
            ("cocoacasts downloads", "every copy: complete or partial, quality, size"),
            ("cocoacasts downloads --json", "the same, for scripts"),
            ("cocoacasts downloads --remove-all", "remove every copy (--remove ID removes one)"),
        ])
    static let settingsUsed: Set<ConfigKey> = []
    static let callsTheAPI = false

    enum Action: Equatable {
        case list
        case remove([String])
        case removeAll
    }

    let action: Action
    let json: Bool

    init(action: Action, json: Bool) {
        self.action = action
        self.json = json
    }

    init(_ parsed: CommandLineParser.Parsed, arguments: [String]) throws(UsageError) {
        if parsed.has(Self.removeAll) {
            guard arguments.isEmpty, !parsed.has(Self.remove) else {
                throw .conflictingOptions(Self.removeAll.name, arguments.first ?? Self.remove.name)
            }
            self.init(action: .removeAll, json: parsed.has(Grammar.json))
        } else if parsed.has(Self.remove) {
            guard !arguments.isEmpty else {
                throw .missingArgument("the video ids to remove", usage: Self.spec.usage(of: Grammar.program))
            }
            self.init(action: .remove(arguments), json: parsed.has(Grammar.json))
        } else {
            guard arguments.isEmpty else { throw .unexpectedArgument(arguments[0]) }
            self.init(action: .list, json: parsed.has(Grammar.json))
        }
    }

    struct Row: Encodable {
        let videoID: String
        let quality: String
        let bytes: Int
        let complete: Bool
        /// When it was last written, as a status line says it ("3 minutes ago").
        let updated: String
        let path: String
    }

    func run(_ context: CommandContext) async -> ExitCode {
        let library = context.services.downloads
        let console = context.console
        do throws(StoreError) {
            switch action {
            case .list:
                let copies = try library.copies()
                let rows = try copies.map { copy throws(StoreError) in
                    Row(
                        videoID: copy.videoID, quality: copy.manifest.quality,
                        bytes: try library.bytes(ofVideo: copy.videoID),
                        complete: copy.manifest.complete,
                        updated: RelativeAge.phrase(
                            from: Date(timeIntervalSince1970: copy.manifest.updated), to: Date()),
                        path: copy.playable.path)
                }
                if json {
                    context.printJSON(rows)
                } else if rows.isEmpty {
                    console.say("No video is copied to this machine: cocoacasts download EPISODE copies one.")
                } else {
                    for row in rows {
                        console.print(
                            "\(row.videoID)  \(row.complete ? "complete" : "partial ")  \(row.quality)  "
                                + "\(ByteSize.text(row.bytes))  \(row.updated)")
                    }
                    console.say(
                        "\(rows.count) \(rows.count == 1 ? "copy takes" : "copies take") \(ByteSize.text(rows.reduce(0) { $0 + $1.bytes })) in \(library.root.path)."
                    )
                }
            case .remove(let ids):
                for id in ids {
                    if try library.remove(id) {
                        console.say("Removed the copy of video \(id).")
                    } else {
                        console.fail("No copy of video \(id) is on this machine (cocoacasts downloads lists them).")
                        return .failure
                    }
                }
            case .removeAll:
                let copies = try library.copies()
                for copy in copies { _ = try library.remove(copy.videoID) }
                console.say("Removed \(copies.count) \(copies.count == 1 ? "copy" : "copies").")
            }
        } catch {
            console.fail(error.description)
            return .localState
        }
        return .success
    }
}
