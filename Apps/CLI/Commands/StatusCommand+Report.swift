import Domain
import Ports
import Stores
import TokenStoreComposition

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension StatusCommand {
    /// `status --json`.
    struct Report: Encodable {
        /// The base URL, as `--base-url` takes it; `null` for the built-in mock API.
        let server: Nullable<String>
        /// Whether the server is the mock API built into cocoacasts.
        let builtInMock: Bool
        /// `builtInMock` under its earlier name, still written for the readers of it.
        let embedded: Bool
        let signedIn: Bool
        /// `accepted`, `refused`, `unchecked` or `skipped` (`--offline`); `null` when nobody is signed in.
        let session: Nullable<String>
        /// Why the session is refused or could not be checked.
        let sessionDetail: String?
        let account: String?
        let tokenFile: String?
        /// Which store holds the tokens, and why the file when it is the file.
        let tokenStore: TokenStoreInUse?
        let transport: String
        /// Positions kept on this machine that the server has not taken yet, of every account.
        let keptPositions: [Kept]
        /// `keptPositions` under its earlier name, still written for the readers of it.
        let pendingProgress: [Kept]
        let cache: Work.CacheSummary?
        /// The videos copied to this machine and the space they take; `null` when none is.
        let copies: Work.CopiesSummary?
        /// What `sync` last did here against this server; `null` when it never ran.
        let lastSync: Nullable<LastSync>

        struct Kept: Encodable {
            /// Who the position is kept for: sent once this account is signed in.
            let account: String
            let videoID: String
            let cursor: Int
            /// Seconds since 1970.
            let recordedAt: Double
        }

        init(
            services: Services, session: SessionCheck?, account: String?, kept: [AccountKeptPosition],
            cache: Work.CacheSummary?, copies: Work.CopiesSummary?, lastSync: LastSync?
        ) {
            server = Nullable(services.isBuiltInMock ? nil : URLRedaction.text(services.baseURL.absoluteString))
            builtInMock = services.isBuiltInMock
            embedded = builtInMock
            signedIn = session.map { if case .refused = $0 { false } else { true } } ?? false
            self.session = Nullable(session?.verdict)
            sessionDetail = session.flatMap { if case .accepted = $0 { nil } else { $0.summary } }
            self.account = account
            tokenFile = services.tokenFile
            tokenStore = services.tokenStoreInUse
            transport = services.transport
            keptPositions = kept.map {
                Kept(
                    account: $0.account, videoID: $0.position.progress.videoID, cursor: $0.position.progress.cursor,
                    recordedAt: $0.position.recordedAt.timeIntervalSince1970)
            }
            pendingProgress = keptPositions
            self.cache = cache
            self.copies = copies
            self.lastSync = Nullable(lastSync)
        }
    }
}
