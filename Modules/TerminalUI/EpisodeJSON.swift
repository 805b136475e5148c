import Domain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The episodes as `episodes --json` prints them, written from the models straight into one
/// buffer (see `PrettyJSON`, internal): the bytes `JSONEncoder` and
/// ``TerminalText/jsonEscapingTerminalControls(_:)`` gave, without the encoder's tree, its
/// `Data`, a `String` of that and an escaped copy — for 13,500 episodes, 8 MB each.
public enum EpisodeJSON {
    /// The JSON array of `episodes`; `[]` for none.
    public static func bytes(_ episodes: [Episode]) -> [UInt8] {
        guard !episodes.isEmpty else { return Array("[]".utf8) }
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
        return json.bytes
    }
}
