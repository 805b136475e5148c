import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension APIClient {
    /// `GET episodes` under `policy`, with the injected ``/Ports/ResponseCache``.
    ///
    /// Only the public catalogue is ever saved: requests carrying credentials (sign-in,
    /// refresh, videos, progress) never come here. With ``/Ports/CachePolicy/normal``:
    ///
    /// 1. a fresh saved list (its `max-age` not reached, no `no-cache`) is the answer, and
    ///    nothing is sent;
    /// 2. otherwise the request carries `If-None-Match` / `If-Modified-Since` when the saved
    ///    list has validators, and a `304` answers with the saved list (dated anew);
    /// 3. a `200` is saved unless it says `no-store`, which also removes what was saved;
    /// 4. when the server cannot be reached (`unreachable`: refused, unknown host, offline,
    ///    lost connection, timeout — never a 4xx or 5xx), a saved list of any age is the
    ///    answer, marked ``/Ports/Catalogue/Source/saved(savedAt:unreachable:)``.
    ///
    /// A saved list that no longer decodes is removed and fetched again. Without a cache,
    /// ``/Ports/CachePolicy/offlineOnly`` fails with `APIError.nothingSaved` and the other
    /// policies are ``episodes()``; ``/Ports/CachePolicy/bypass`` is always ``episodes()``.
    public func catalogue(policy: CachePolicy) async throws(APIError) -> Catalogue {
        guard let cache, policy != .bypass else {
            guard policy != .offlineOnly else { throw .nothingSaved }
            return Catalogue(episodes: try await episodes())
        }
        let key = configuration.catalogueKey
        var saved = await cache.response(for: key)
        if policy == .offlineOnly {
            guard let saved, let episodes = await decoded(saved, key: key, in: cache) else { throw .nothingSaved }
            observer?.observe(.cache(.offlineOnly(age: age(of: saved))))
            return Catalogue(episodes: episodes, source: .saved(savedAt: saved.date, unreachable: nil))
        }
        if let fresh = saved, fresh.isFresh(at: now()) {
            if let episodes = await decoded(fresh, key: key, in: cache) {
                observer?.observe(.cache(.fresh(age: age(of: fresh))))
                return Catalogue(episodes: episodes, source: .fresh(savedAt: fresh.date))
            }
            saved = nil
        }
        do throws(APIError) {
            return Catalogue(episodes: try await fetch(revalidating: saved, key: key, in: cache))
        } catch  where error.kind == .unreachable {
            guard let saved, let episodes = await decoded(saved, key: key, in: cache) else { throw error }
            observer?.observe(.cache(.offline(age: age(of: saved))))
            return Catalogue(episodes: episodes, source: .saved(savedAt: saved.date, unreachable: error))
        }
    }

    /// The episodes of a saved list; one that does not decode is removed and reads as none.
    private func decoded(_ saved: CachedResponse, key: ResponseCacheKey, in cache: any ResponseCache) async
        -> [Episode]?
    {
        do throws(APIError) {
            return try ResponseDecoding.decode([Episode].self, from: saved.body)
        } catch {
            await cache.removeResponse(for: key)
            return nil
        }
    }

    /// Steps 2 and 3: the server's list, or the saved one it confirmed with a `304` (a saved
    /// list that no longer decodes is removed and the list fetched without validators).
    private func fetch(revalidating saved: CachedResponse?, key: ResponseCacheKey, in cache: any ResponseCache)
        async throws(APIError) -> [Episode]
    {
        let answer = try await perform(.episodes, headers: saved.map(Self.validators(of:)) ?? [:])
        let received = Self.entry(from: answer.response, at: now())
        if answer.response.status == 304, let saved {
            guard let episodes = await decoded(saved, key: key, in: cache) else {
                return try await fetch(revalidating: nil, key: key, in: cache)
            }
            var confirmed = saved
            confirmed.date = received.date
            if answer.response.headers["Cache-Control"] != nil {  // a 304 may leave it out
                confirmed.cacheControl = received.cacheControl
            }
            confirmed.entityTag = received.entityTag ?? confirmed.entityTag
            confirmed.lastModified = received.lastModified ?? confirmed.lastModified
            await save(confirmed, key: key, in: cache)
            observer?.observe(.cache(.revalidated))
            return episodes
        }
        let episodes = try ResponseDecoding.decode([Episode].self, from: answer.successBody(of: .episodes))
        await save(received, key: key, in: cache)
        if !received.cacheControl.noStore { observer?.observe(.cache(.stored)) }
        return episodes
    }

    /// Saves `entry`, or removes what was saved when it says `no-store`.
    private func save(_ entry: CachedResponse, key: ResponseCacheKey, in cache: any ResponseCache) async {
        if entry.cacheControl.noStore {
            await cache.removeResponse(for: key)
            observer?.observe(.cache(.notStored))
        } else {
            await cache.store(entry, for: key)
        }
    }

    /// How long ago `entry` was saved (or last confirmed).
    private func age(of entry: CachedResponse) -> Duration {
        .milliseconds(Int64(now().timeIntervalSince(entry.date) * 1000))
    }

    /// The conditional headers for `entry`: only validators a header can carry unchanged.
    static func validators(of entry: CachedResponse) -> [String: String] {
        ["If-None-Match": entry.entityTag, "If-Modified-Since": entry.lastModified].compactMapValues { $0 }
            .filter { HeaderValue.isSafeText($0.value) }
    }

    /// What a response would be saved as, received at `date`.
    private static func entry(from response: HTTPResponse, at date: Date) -> CachedResponse {
        CachedResponse(
            body: response.body, entityTag: response.headers["ETag"], lastModified: response.headers["Last-Modified"],
            date: date, cacheControl: CacheControl(header: response.headers["Cache-Control"]))
    }
}
