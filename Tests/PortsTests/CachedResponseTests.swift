import Domain
import Foundation
import Ports
import Testing

@Suite("A saved answer's freshness, without I/O")
struct CachedResponseTests {
    @Test func anEntryIsFreshUntilItsMaxAge() {
        let saved = Date(timeIntervalSince1970: 1_000)
        let entry = CachedResponse(body: Data(), date: saved, cacheControl: CacheControl(maxAge: 60))
        #expect(entry.isFresh(at: saved))
        #expect(entry.isFresh(at: saved + 59.9))
        #expect(!entry.isFresh(at: saved + 60))
        #expect(entry.age(at: saved + 90) == 90)
        #expect(entry.age(at: saved - 90) == 0)  // a clock set back
    }

    @Test func noCacheOrNoMaxAgeIsNeverFresh() {
        let saved = Date(timeIntervalSince1970: 1_000)
        #expect(
            !CachedResponse(body: Data(), date: saved, cacheControl: CacheControl(maxAge: 60, noCache: true)).isFresh(
                at: saved))
        #expect(!CachedResponse(body: Data(), date: saved).isFresh(at: saved))
    }

    /// A list saved while the clock ran a year ahead once stayed fresh for that year.
    @Test(arguments: [1.0, 3_600.0, 365.0 * 86_400])
    func anEntryDatedInTheFutureIsStale(secondsAhead: TimeInterval) {
        let now = Date(timeIntervalSince1970: 1_000_000)
        let ahead = CachedResponse(
            body: Data(), date: now + secondsAhead, cacheControl: CacheControl(maxAge: Int(Int32.max)))
        #expect(!ahead.isFresh(at: now))
        #expect(ahead.isFresh(at: now + secondsAhead))  // once the clock is there, it counts from then
    }
}
