import Foundation
import Stubs
import TerminalUI

/// `cocoacasts-preview`: parses the command line and lists, draws or writes the
/// previews; `main` only prints what ``run(_:)`` returns.
@MainActor
struct Harness {
    /// What a run printed and how it ended.
    struct Outcome: Equatable, Sendable {
        var status: HarnessExitCode = .success
        /// What goes to standard output.
        var output = ""
        /// What goes to standard error.
        var errors = ""
    }

    /// Loads the fixtures the previews show; tests replace it.
    typealias LoadContent = () throws(PreviewFixtureError) -> PreviewContent

    /// How `render` draws: plain, or styled for a terminal. The gallery is always styled,
    /// its escape sequences turned into HTML (see ``ANSIMarkup``).
    var style: TerminalStyle = .plain
    /// Loads the fixtures, from the Stubs module's bundle unless replaced.
    var loadContent: LoadContent = { () throws(PreviewFixtureError) in try APIPreviewClient().content }

    /// Runs the command line `arguments` (without the program name).
    func run(_ arguments: [String]) async -> Outcome {
        let command: HarnessAction
        do {
            command = try HarnessAction.parse(arguments, names: Previews.previews.map(\.name))
        } catch {
            return Outcome(status: .usage, errors: "cocoacasts-preview: \(error)\n")
        }
        switch command {
        case .help: return Outcome(output: HarnessHelp.text + "\n")
        case .list: return Outcome(output: Listing.text(of: Previews.previews) + "\n")
        case .render(let names): return await render(names.compactMap(Previews.preview(named:)))
        case .renderAll: return await render(Previews.previews)
        case .gallery(let directory): return await writeGallery(to: directory)
        }
    }

    /// Draws `previews`: one alone as the terminal shows it, several each under a heading.
    private func render(_ previews: [Preview]) async -> Outcome {
        let content: PreviewContent
        do { content = try loadContent() } catch { return Self.fixtureFailure(error) }
        var blocks: [String] = []
        for preview in previews {
            let text = await preview.render(content: content, style: style).text
            blocks.append(previews.count == 1 ? text : Listing.heading(of: preview, style: style) + "\n" + text)
        }
        return Outcome(output: blocks.joined(separator: "\n\n") + "\n")
    }

    /// Writes the gallery of every preview into `directory`.
    private func writeGallery(to directory: String) async -> Outcome {
        let content: PreviewContent
        do { content = try loadContent() } catch { return Self.fixtureFailure(error) }
        var cards: [GalleryCard] = []
        for preview in Previews.previews {
            cards.append(GalleryCard(preview, await preview.render(content: content, style: .styled)))
        }
        let url = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        do {
            try Gallery(cards: cards).write(to: url)
        } catch {
            return Outcome(
                status: .cannotWrite,
                errors: "cocoacasts-preview: cannot write the gallery to \(directory): \(Self.reason(error))\n")
        }
        let index = url.appendingPathComponent(Gallery.indexFile)
        return Outcome(output: "Wrote \(cards.count) previews to \(index.path); open it in a browser: \(index)\n")
    }

    private static func fixtureFailure(_ error: PreviewFixtureError) -> Outcome {
        Outcome(status: .failure, errors: "cocoacasts-preview: \(error.description)\n")
    }

    /// The operating system's reason, rather than Foundation's "could not be completed".
    private static func reason(_ error: any Error) -> String {
        guard let underlying = (error as? CocoaError)?.underlying.map({ $0 as NSError }),
            underlying.domain == NSPOSIXErrorDomain
        else { return error.localizedDescription }
        return String(cString: strerror(Int32(underlying.code)))
    }
}
