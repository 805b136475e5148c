import Domain
import Ports

/// A ``/Ports/ResponseCache`` in memory, for previews and tests: what a process saves, it
/// alone reads back.
public actor InMemoryResponseCache: ResponseCache {
    private var entries: [ResponseCacheKey: CachedResponse]

    /// A cache holding `entries`; empty by default.
    public init(entries: [ResponseCacheKey: CachedResponse] = [:]) {
        self.entries = entries
    }

    public func response(for key: ResponseCacheKey) async -> CachedResponse? {
        entries[key]
    }

    public func store(_ response: CachedResponse, for key: ResponseCacheKey) async {
        entries[key] = response
    }

    public func removeResponse(for key: ResponseCacheKey) async {
        entries[key] = nil
    }

    public func clear() async throws(ResponseCacheError) {
        entries = [:]
    }

    /// The number of saved entries.
    public var count: Int { entries.count }
}
