import Domain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One saved answer: its body, the validators to revalidate it with, when it was
/// received and how long the server allowed it to be used.
public struct CachedResponse: Hashable, Sendable {
    /// The response body, byte for byte.
    public var body: Data
    /// The `ETag` the server sent, sent back as `If-None-Match`.
    public var entityTag: String?
    /// The `Last-Modified` the server sent, sent back as `If-Modified-Since`.
    public var lastModified: String?
    /// When the answer was received, or last confirmed by a `304`: what its age counts from.
    public var date: Date
    /// The freshness the server allowed.
    public var cacheControl: CacheControl

    /// An entry of `body` received at `date`.
    public init(
        body: Data, entityTag: String? = nil, lastModified: String? = nil, date: Date,
        cacheControl: CacheControl = CacheControl()
    ) {
        self.body = body
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.date = date
        self.cacheControl = cacheControl
    }

    /// How long ago it was received or confirmed, never negative (a clock set back reads as 0).
    public func age(at now: Date) -> TimeInterval {
        max(0, now.timeIntervalSince(date))
    }

    /// Whether it may be used at `now` without asking the server: a `max-age` not yet
    /// reached, no `no-cache`, and a date not in the future. An answer dated ahead of
    /// `now` was saved while the clock ran ahead (or was set back since): its age is
    /// unknown, so it is revalidated rather than kept fresh until the clock catches up.
    public func isFresh(at now: Date) -> Bool {
        guard !cacheControl.noCache, let maxAge = cacheControl.maxAge, date <= now else { return false }
        return age(at: now) < TimeInterval(maxAge)
    }
}
