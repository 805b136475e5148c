import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``/Ports/WatchHistory`` over any ``/Ports/KeyValueStore``: the watch-history file, memory.
///
/// One key per server and account, `<server>#<account>#history`, whose value is a small JSON
/// object: `{"watched": [{"video": "…", "at": 1795000000}], "positions": {"at": …,
/// "cursors": {"…": 124}}, "seen": {"…": {"cursor": 124, "at": …, "here": true}}}` (times in
/// seconds since 1970): the videos played, the latest list of positions, and each video's
/// position seen since. It is bounded: the ``maximumWatched`` most recent videos (some 8 KB)
/// and ``maximumPositions`` positions of each kind (some 40 KB at most: a catalogue of hundreds
/// of started episodes stays far below), so the file stays small whatever the viewer does.
///
/// Every change is a compare-and-set under the store's exclusive access, so two processes
/// recording at once both count. A value that does not parse is an error when read
/// (``/Domain/StoreError/corrupt(path:detail:)`` naming its key) and is replaced by the next
/// change: what it held cannot be read anyway, and the history is an order, not a position.
public struct KeyValueWatchHistory: WatchHistory {
    /// How many videos the history keeps, the most recent.
    public static let maximumWatched = 200
    /// How many remembered positions it keeps: past it, those of the first video ids in order.
    public static let maximumPositions = 2000

    /// The key of the history: `<server>#<account>#history`.
    public let key: String
    private let store: any KeyValueStore
    private let ownsTheStore: Bool

    /// The history of `account` on `server` (the API origin, as the kept-position store's), kept in `store`;
    /// when `ownsTheStore` (a file of its own), a store whose content does not parse at all is
    /// set aside (``/Ports/KeyValueStore/setAsideCorruptContent()``) by the next change, which
    /// then starts it anew: only the order and a copy were in it.
    public init(store: any KeyValueStore, server: String, account: String, ownsTheStore: Bool = false) {
        self.store = store
        self.ownsTheStore = ownsTheStore
        key = "\(server)#\(account)#history"
    }

    public func recordWatched(videoID: String, at date: Date) async throws(StoreError) {
        try await change { history in
            history.watched.removeAll { $0.video == videoID }
            history.watched.append(.init(video: videoID, at: date.timeIntervalSince1970))
            history.watched.sort { $0.at > $1.at }
            history.watched = Array(history.watched.prefix(Self.maximumWatched))
        }
    }

    public func watched() async throws(StoreError) -> [WatchedVideo] {
        try await read()?.watched.map { WatchedVideo(videoID: $0.video, watchedAt: Date(timeIntervalSince1970: $0.at)) }
            ?? []
    }

    public func remember(_ positions: RememberedPositions) async throws(StoreError) {
        let started = positions.cursors.filter { $0.value > 0 }.sorted { $0.key < $1.key }
        let kept = Dictionary(uniqueKeysWithValues: started.prefix(Self.maximumPositions).map { ($0.key, $0.value) })
        let at = positions.checkedAt.timeIntervalSince1970
        try await change { history in
            history.positions = .init(at: at, cursors: kept)
            // The list is the server's every position at `at`: what was seen before it is past,
            // unless the list holds that very position, which then keeps its time and maker.
            history.seen = history.seen?.filter { $0.value.at > at || $0.value.cursor == kept[$0.key] ?? 0 }
        }
    }

    public func rememberedPositions() async throws(StoreError) -> RememberedPositions? {
        guard let stored = try await read() else { return nil }
        let seen = stored.seen ?? [:]
        guard stored.positions != nil || !seen.isEmpty else { return nil }
        var cursors = stored.positions?.cursors ?? [:]
        for (video, position) in seen { cursors[video] = position.cursor > 0 ? position.cursor : nil }
        let checkedAt = stored.positions?.at ?? seen.values.map(\.at).max() ?? 0
        return RememberedPositions(cursors: cursors, checkedAt: Date(timeIntervalSince1970: checkedAt))
    }

    public func remember(_ position: SeenPosition, of videoID: String, savedHere: Bool) async throws(StoreError) {
        let at = position.seenAt.timeIntervalSince1970
        try await change { history in
            var seen = history.seen ?? [:]
            guard at > max(seen[videoID]?.at ?? -.infinity, history.positions?.at ?? -.infinity) else { return }
            seen[videoID] = .init(cursor: max(0, position.cursor), at: at, here: savedHere)
            if seen.count > Self.maximumPositions {
                let oldest = seen.min { $0.value.at < $1.value.at }?.key
                seen[oldest ?? videoID] = nil
            }
            history.seen = seen
        }
    }

    public func serverPosition(of videoID: String) async throws(StoreError) -> RememberedPosition? {
        guard let stored = try await read() else { return nil }
        if let seen = stored.seen?[videoID] {
            return RememberedPosition(
                position: SeenPosition(cursor: seen.cursor, seenAt: Date(timeIntervalSince1970: seen.at)),
                savedHere: seen.here)
        }
        // The list holds started videos only: one it does not hold may be at 0:00 or outside the
        // catalogue it was made from, so nothing is known of it.
        guard let positions = stored.positions, let cursor = positions.cursors[videoID] else { return nil }
        return RememberedPosition(
            position: SeenPosition(cursor: cursor, seenAt: Date(timeIntervalSince1970: positions.at)), savedHere: false)
    }

    private func read() async throws(StoreError) -> Stored? {
        guard let raw = try await store.value(forKey: key) else { return nil }
        return try Stored.parsed(raw, key: key)
    }

    private func change(_ body: @Sendable (inout Stored) -> Void) async throws(StoreError) {
        do throws(StoreError) {
            try await write(body)
        } catch {
            // Only the whole store's content can be corrupt here: a value of its own is replaced.
            guard ownsTheStore, case .corrupt = error else { throw error }
            try await store.setAsideCorruptContent()
            try await write(body)
        }
    }

    private func write(_ body: @Sendable (inout Stored) -> Void) async throws(StoreError) {
        let key = key
        try await store.withExclusiveAccess { (values: inout [String: String]) throws(StoreError) in
            var history = Stored(watched: [], positions: nil, seen: nil)
            if let raw = values[key] {
                do throws(StoreError) {
                    history = try Stored.parsed(raw, key: key)
                } catch {
                    // Started anew: what it held cannot be read, and readers said so.
                }
            }
            body(&history)
            values[key] = try history.encoded(key: key)
        }
    }
}

/// The stored value of one history.
private struct Stored: Codable {
    struct Watched: Codable {
        let video: String
        let at: Double
    }

    struct Positions: Codable {
        let at: Double
        let cursors: [String: Int]
    }

    struct Seen: Codable {
        let cursor: Int
        let at: Double
        /// Whether this machine saved it.
        let here: Bool
    }

    var watched: [Watched]
    var positions: Positions?
    /// Each video's position seen since the list, by video.
    var seen: [String: Seen]?

    /// The history in `raw`, the value of `key`; one that is not a history is
    /// ``/Domain/StoreError/corrupt(path:detail:)`` naming the key, with what is wrong in it.
    static func parsed(_ raw: String, key: String) throws(StoreError) -> Stored {
        let stored: Stored
        do {
            stored = try JSONDecoder().decode(Stored.self, from: Data(raw.utf8))
        } catch {
            // The decoder's own words would quote Swift types; the layout says what is expected.
            throw .corrupt(
                path: key,
                detail: "the watch history is not {\"watched\": [{\"video\": id, \"at\": time}], \"positions\": …}")
        }
        guard stored.watched.allSatisfy({ $0.at.isFinite }), stored.positions?.at.isFinite ?? true,
            stored.positions?.cursors.values.allSatisfy({ $0 >= 0 }) ?? true,
            stored.seen?.values.allSatisfy({ $0.at.isFinite && $0.cursor >= 0 }) ?? true
        else { throw .corrupt(path: key, detail: "it holds a time that is no time, or a negative position") }
        return stored
    }

    func encoded(key: String) throws(StoreError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        do {
            return String(decoding: try encoder.encode(self), as: UTF8.self)
        } catch {
            throw .io(path: key, detail: "the watch history could not be written as JSON: \(error)")
        }
    }
}
