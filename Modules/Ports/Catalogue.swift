import Domain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The list of episodes, and where it came from: the server, or a list saved before.
public struct Catalogue: Equatable, Sendable {
    /// The episodes, in the server's order.
    public var episodes: [Episode]
    /// Where they came from.
    public var source: Source

    /// Where a catalogue came from.
    public enum Source: Equatable, Sendable {
        /// The server sent it, or confirmed the saved list (`304`), just now.
        case network
        /// A saved list the server had allowed to be used without asking it, saved at `savedAt`.
        case fresh(savedAt: Date)
        /// A saved list past its freshness, saved at `savedAt`, shown because the server could
        /// not be reached (`unreachable` says why) or because only saved lists were asked for
        /// (`unreachable` is `nil`).
        case saved(savedAt: Date, unreachable: APIError?)
    }

    /// A catalogue of `episodes` from `source`.
    public init(episodes: [Episode], source: Source = .network) {
        self.episodes = episodes
        self.source = source
    }
}

/// How a request for the catalogue may use saved lists.
public enum CachePolicy: Hashable, Sendable, CaseIterable {
    /// Serve a fresh saved list, revalidate a stale one, and fall back to it when the
    /// server cannot be reached.
    case normal
    /// Answer only from a saved list, whatever its age, and send nothing.
    case offlineOnly
    /// Ask the server as if nothing were saved, and save nothing.
    case bypass
}

extension APIService {
    /// The catalogue of a service without saved lists: see ``catalogueWithoutSavedLists(policy:)``.
    public func catalogue(policy: CachePolicy) async throws(APIError) -> Catalogue {
        try await catalogueWithoutSavedLists(policy: policy)
    }

    /// The service's own ``APIService/episodes()``, as a service without saved lists answers:
    /// any policy but ``CachePolicy/offlineOnly`` asks the server, and that one fails with
    /// ``/Domain/APIError/nothingSaved``.
    public func catalogueWithoutSavedLists(policy: CachePolicy) async throws(APIError) -> Catalogue {
        guard policy != .offlineOnly else { throw .nothingSaved }
        return Catalogue(episodes: try await episodes())
    }
}
