import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``/Ports/KeptPositionStore`` over any ``/Ports/KeyValueStore``: the kept-positions file, memory.
///
/// One key per video, `<server>#<account>#progress#<videoID>`, so that one store can hold
/// the kept-position stores of several servers and accounts beside each other (and beside a token
/// store's keys) without one ever seeing another's. The value is a small JSON object,
/// `{"cursor": 124, "recordedAt": 1795000000, "basedOn": {"cursor": 90, "seenAt": 1794999000}}`
/// (seconds since 1970; `basedOn`, the server's position it follows, is absent when unknown, as
/// in what earlier releases kept).
///
/// Every change is a compare-and-set under the store's exclusive access, so that two
/// processes keeping and sending positions at once never lose the newer one. A value that
/// does not parse is left where it is and passed over by ``kept()`` — `unreadable` hears
/// of it as ``/Domain/StoreError/corrupt(path:detail:)`` naming its key — so that the other
/// videos' positions stay usable; the video's next position replaces it, and
/// ``forget(videoID:)`` removes it.
public struct KeyValueKeptPositionStore: KeptPositionStore {
    /// What every key of this kept-position store starts with: `<server>#<account>#progress#`.
    public let keyPrefix: String
    private let store: any KeyValueStore
    private let unreadable: @Sendable (StoreError) -> Void

    /// The kept-position store of `account` (who signed in) on `server` (the API origin, as the token
    /// store's scope: `https://api.example.com:443`), kept in `store`; `unreadable` is told of
    /// each kept value that does not parse when the positions are read.
    public init(
        store: any KeyValueStore, server: String, account: String,
        unreadable: @escaping @Sendable (StoreError) -> Void = { _ in }
    ) {
        self.store = store
        self.unreadable = unreadable
        keyPrefix = "\(server)#\(account)#progress#"
    }

    /// The key of video `id`'s kept position.
    public func key(forVideo id: String) -> String {
        keyPrefix + id
    }

    /// Keeps `position` unless the video's kept position was recorded later; at the same
    /// moment the newer call wins. A position that knows no server position it follows takes
    /// the one the position it replaces followed. A negative position or a time that is no time
    /// is refused with ``/Domain/StoreError/io(path:detail:)``, before anything is read or written.
    public func keep(_ position: KeptPosition) async throws(StoreError) {
        let key = key(forVideo: position.progress.videoID)
        _ = try Entry(position).encoded(key: key)
        try await store.withExclusiveAccess { (values: inout [String: String]) throws(StoreError) in
            var kept = position
            // A kept value that does not parse is replaced: this position is the video's newest.
            if let raw = values[key], let stored = parsed(raw, key: key) {
                if stored.recordedAt > position.recordedAt { return }
                kept.basedOn = kept.basedOn ?? stored.basedOn
            }
            values[key] = try Entry(kept).encoded(key: key)
        }
    }

    /// Every kept position that parses, oldest first (videos recorded at one moment by id);
    /// each that does not is told to `unreadable` and left as it is.
    public func kept() async throws(StoreError) -> [KeptPosition] {
        positions(in: try await store.allValues()).sorted {
            ($0.recordedAt, $0.progress.videoID) < ($1.recordedAt, $1.progress.videoID)
        }
    }

    /// The positions of this kept-position store among `values`, in no order; each that does not parse is
    /// told to `unreadable`.
    private func positions(in values: [String: String]) -> [KeptPosition] {
        values.compactMap { key, value in
            guard key.hasPrefix(keyPrefix) else { return nil }
            guard let position = parsed(value, key: key) else {
                unreadable(
                    .corrupt(
                        path: key,
                        detail: "the kept position of video \(key.dropFirst(keyPrefix.count)) is not "
                            + "{\"cursor\": seconds, \"recordedAt\": time}"))
                return nil
            }
            return position
        }
    }

    /// Forgets the video's kept position if it is `position` or was recorded before it: the
    /// server took `position`, so an older position is obsolete. One recorded later, kept
    /// since `position` was read, stays. A video with nothing kept costs one read, no lock.
    public func remove(_ position: KeptPosition) async throws(StoreError) {
        let key = key(forVideo: position.progress.videoID)
        guard try await store.value(forKey: key) != nil else { return }
        try await store.withExclusiveAccess { (values: inout [String: String]) throws(StoreError) in
            guard let raw = values[key] else { return }
            // One that does not parse is obsolete too: the server holds the video's newer position.
            if let stored = parsed(raw, key: key), stored != position, stored.recordedAt >= position.recordedAt {
                return
            }
            values[key] = nil
        }
    }

    public func forget(videoID id: String) async throws(StoreError) {
        let key = key(forVideo: id)
        guard try await store.value(forKey: key) != nil else { return }
        try await store.apply([key: nil])
    }

    /// Every position kept in `store` for `server`, of every account — signed in, signed out
    /// or refused — oldest first, each with the account it belongs to; each value that does
    /// not parse is told to `unreadable` and passed over. What `status` lists: a position
    /// kept for an account no longer signed in stays kept until that account signs in again.
    public static func keptOfEveryAccount(
        in store: any KeyValueStore, server: String, unreadable: @escaping @Sendable (StoreError) -> Void = { _ in }
    ) async throws(StoreError) -> [AccountKeptPosition] {
        let values = try await store.allValues()
        let serverPrefix = "\(server)#"
        var accounts: Set<String> = []
        for key in values.keys where key.hasPrefix(serverPrefix) {
            // The account is an address the sign-in checked, which holds no '#': the first
            // "#progress#" ends it.
            let rest = key.dropFirst(serverPrefix.count)
            guard let marker = rest.firstRange(of: "#progress#") else { continue }
            accounts.insert(String(rest[..<marker.lowerBound]))
        }
        let found = accounts.flatMap { account in
            KeyValueKeptPositionStore(store: store, server: server, account: account, unreadable: unreadable)
                .positions(in: values).map { AccountKeptPosition(account: account, position: $0) }
        }
        return found.sorted {
            ($0.position.recordedAt, $0.position.progress.videoID, $0.account)
                < ($1.position.recordedAt, $1.position.progress.videoID, $1.account)
        }
    }

    /// Moves every position `earlier` holds into `store`, the one recorded later winning, while
    /// holding both stores' locks: `earlier` is where an earlier release kept them, and a process
    /// of that release may still be writing there. A value that does not parse stays where it is.
    public static func fold(_ earlier: any KeyValueStore, into store: any KeyValueStore) async throws(StoreError) {
        try await earlier.withExclusiveAccess { (old: inout [String: String]) throws(StoreError) in
            let moving = old.compactMapValues { raw in recordedAt(raw).map { (raw, $0) } }
            guard !moving.isEmpty else { return }
            try await store.withExclusiveAccess { (values: inout [String: String]) throws(StoreError) in
                for (key, (raw, time)) in moving where values[key].flatMap(recordedAt).map({ $0 < time }) ?? true {
                    values[key] = raw
                }
            }
            for key in moving.keys { old[key] = nil }
        }
    }

    /// When the position `raw` holds was recorded, or `nil` when it holds none.
    private static func recordedAt(_ raw: String) -> Double? {
        do {
            let entry = try JSONDecoder().decode(Entry.self, from: Data(raw.utf8))
            return entry.isValid ? entry.recordedAt : nil
        } catch {
            return nil  // not the JSON of an entry: readers say so
        }
    }

    /// The position `raw` holds under `key`, or `nil` when it is not one.
    private func parsed(_ raw: String, key: String) -> KeptPosition? {
        let entry: Entry
        do {
            entry = try JSONDecoder().decode(Entry.self, from: Data(raw.utf8))
        } catch {
            return nil  // not the JSON of an entry: the caller says so, or replaces it
        }
        guard entry.isValid else { return nil }
        return KeptPosition(
            progress: VideoProgress(videoID: String(key.dropFirst(keyPrefix.count)), cursor: entry.cursor),
            recordedAt: Date(timeIntervalSince1970: entry.recordedAt),
            basedOn: entry.basedOn.map {
                SeenPosition(cursor: $0.cursor, seenAt: Date(timeIntervalSince1970: $0.seenAt))
            })
    }
}

/// A position kept on this machine, and the account it is kept for (empty when none was recorded).
public struct AccountKeptPosition: Equatable, Sendable {
    public let account: String
    public let position: KeptPosition

    public init(account: String, position: KeptPosition) {
        self.account = account
        self.position = position
    }
}

/// The stored value of one kept position.
private struct Entry: Codable {
    struct Base: Codable {
        let cursor: Int
        let seenAt: Double
    }

    let cursor: Int
    /// Seconds since 1970: readable, and free of `JSONEncoder`'s default reference date.
    let recordedAt: Double
    let basedOn: Base?

    init(_ position: KeptPosition) {
        cursor = position.progress.cursor
        recordedAt = position.recordedAt.timeIntervalSince1970
        basedOn = position.basedOn.map { Base(cursor: $0.cursor, seenAt: $0.seenAt.timeIntervalSince1970) }
    }

    /// A position no player reports, or a time that is no time, is no kept position.
    var isValid: Bool {
        cursor >= 0 && recordedAt.isFinite && (basedOn.map { $0.cursor >= 0 && $0.seenAt.isFinite } ?? true)
    }

    /// The JSON text to store under `key`.
    func encoded(key: String) throws(StoreError) -> String {
        let refusal = StoreError.io(
            path: key, detail: "a kept position is a whole number of seconds from 0, recorded at a finite time")
        guard isValid else { throw refusal }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        do {
            return String(decoding: try encoder.encode(self), as: UTF8.self)
        } catch {
            throw refusal
        }
    }
}
