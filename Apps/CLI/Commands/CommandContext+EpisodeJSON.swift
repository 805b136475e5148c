import Domain
import TerminalUI
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension CommandContext {
    /// Prints `episodes` as ``printJSON(_:)`` would — the same bytes — written from the models
    /// straight into one buffer: no encoder's tree, no `Data`, no `String` of it and no escaped
    /// copy of that (for a catalogue of 13,500 episodes, 8 MB each).
    func printJSON(episodes: [Episode]) {
        guard !episodes.isEmpty else { return console.print("[]") }
        let textBytes = episodes.reduce(0) { $0 + $1.title.utf8.count + $1.excerpt.utf8.count }
        var json = PrettyJSON(capacity: textBytes + 220 * episodes.count)
        json.beginArray()
        for episode in episodes {
            // The keys sorted by their bytes, as `JSONEncoder`'s `.sortedKeys` sorts them.
            json.beginObject()
            json.key("excerpt")
            json.value(episode.excerpt)
            json.key("id")
            json.value(episode.id)
            json.key("imageURL")
            json.value(episode.imageURL.absoluteString)
            json.key("title")
            json.value(episode.title)
            json.key("videoDuration")
            json.value(episode.videoDuration)
            json.key("videoID")
            json.value(episode.videoID)
            json.endObject()
        }
        json.endArray()
        console.print(utf8: json.bytes)
    }
}
