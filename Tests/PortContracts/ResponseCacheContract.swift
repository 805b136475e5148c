import Domain
import Foundation
import Ports
import Testing

/// The behaviour every ``ResponseCache`` must have; each case starts from an empty cache.
public typealias ResponseCacheContract = Contract<any ResponseCache>

/// Keys and entries for cache tests.
public enum SampleCache {
    /// The catalogue's key on one server.
    public static let key = ResponseCacheKey(
        origin: Origin(URL(string: "http://127.0.0.1:8080")!)!, route: "GET episodes")
    /// The same route on another server.
    public static let otherOrigin = ResponseCacheKey(
        origin: Origin(URL(string: "http://localhost:8080")!)!, route: "GET episodes")
    /// Another route on the same server.
    public static let otherRoute = ResponseCacheKey(origin: key.origin, route: "GET other")
    /// An entry with every field set.
    public static let entry = CachedResponse(
        body: Data(#"[{"id":1}]"#.utf8), entityTag: #""abc""#, lastModified: "Mon, 23 Nov 2026 06:00:00 GMT",
        date: Date(timeIntervalSince1970: 1_795_000_000.5),
        cacheControl: CacheControl(maxAge: 60, noCache: true, noStore: false, isPrivate: true))
    /// A different entry.
    public static let newer = CachedResponse(
        body: Data("[]".utf8), entityTag: #""def""#, date: Date(timeIntervalSince1970: 1_795_000_100),
        cacheControl: CacheControl(maxAge: 5))
}

extension Contract where Subject == any ResponseCache {
    /// Every case of the contract.
    public static var cases: [ResponseCacheContract] {
        [
            ResponseCacheContract("an empty cache has no entry") { cache in
                #expect(await cache.response(for: SampleCache.key) == nil)
            },
            ResponseCacheContract("a stored entry reads back with every field") { cache in
                await cache.store(SampleCache.entry, for: SampleCache.key)
                #expect(await cache.response(for: SampleCache.key) == SampleCache.entry)
            },
            ResponseCacheContract("the last write wins") { cache in
                await cache.store(SampleCache.entry, for: SampleCache.key)
                await cache.store(SampleCache.newer, for: SampleCache.key)
                #expect(await cache.response(for: SampleCache.key) == SampleCache.newer)
            },
            ResponseCacheContract("keys differ by origin and by route") { cache in
                await cache.store(SampleCache.entry, for: SampleCache.key)
                #expect(await cache.response(for: SampleCache.otherOrigin) == nil)
                #expect(await cache.response(for: SampleCache.otherRoute) == nil)
                await cache.store(SampleCache.newer, for: SampleCache.otherOrigin)
                #expect(await cache.response(for: SampleCache.key) == SampleCache.entry)
            },
            ResponseCacheContract("remove forgets one entry, twice harmlessly") { cache in
                await cache.store(SampleCache.entry, for: SampleCache.key)
                await cache.store(SampleCache.newer, for: SampleCache.otherRoute)
                await cache.removeResponse(for: SampleCache.key)
                await cache.removeResponse(for: SampleCache.key)
                #expect(await cache.response(for: SampleCache.key) == nil)
                #expect(await cache.response(for: SampleCache.otherRoute) == SampleCache.newer)
            },
            ResponseCacheContract("clear forgets every entry, and an empty cache clears") { cache in
                try await cache.clear()
                await cache.store(SampleCache.entry, for: SampleCache.key)
                await cache.store(SampleCache.newer, for: SampleCache.otherOrigin)
                try await cache.clear()
                #expect(await cache.response(for: SampleCache.key) == nil)
                #expect(await cache.response(for: SampleCache.otherOrigin) == nil)
            },
        ]
    }
}
