import CocoacastsAPI
import Domain
import Ports
import Stores
import TokenStoreComposition

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a command runs with.
struct Services {
    /// The API, always the real `APIClient`.
    let api: any APIService
    /// Where the tokens are kept.
    let tokenStore: any TokenStore
    /// The token store in use as itself: the account's name beside this server's tokens, and every
    /// server's sessions, for `status`.
    let accountStore: KeyValueTokenStore
    /// The token file's path when the file holds the tokens; `nil` for the keyring or memory.
    let tokenFile: String?
    /// Which store holds the tokens and why; `nil` for a store in memory.
    let tokenStoreInUse: TokenStoreInUse?
    /// The keyring the token file says this server's session lives in, when no keyring answers here.
    let unreachableKeyring: String?
    /// The store not in use, for `signout` to clear as well.
    let otherTokenStore: @Sendable () async -> (any TokenStore)?
    /// The built-in mock's own state, where the CLI remembers that its notice was shown.
    let builtInMockState: (any KeyValueStore)?
    /// Where the catalogue is saved between runs; `nil` saves nothing.
    let savedCatalogue: SavedCatalogue?
    /// The server as the user should see it.
    let server: String
    /// The HTTP engine, as `status` names it.
    let transport: String
    /// Whether the API is the mock built into the binary.
    let isBuiltInMock: Bool
    /// Seconds a request may take (`--timeout`), which also bounds `status`'s check.
    let timeout: TimeInterval
    /// The API's base URL (the built-in mock's made-up one when built in).
    let baseURL: URL
    /// The positions this server has not taken yet, of `account`: kept beside the token store.
    let keptPositionStore: @Sendable (_ account: String) -> any KeptPositionStore
    /// Every position kept for this server, of every account: what `status` lists whoever is signed in.
    let keptPositions: @Sendable () async throws(StoreError) -> [AccountKeptPosition]
    /// The watch history of an account on this server (see ``WatchHistory``).
    let watchHistory: @Sendable (_ account: String) -> any WatchHistory
    /// The player to watch with (see ``Composition/player(_:inputIsTerminal:)``); `nil` when none is found.
    let player: @Sendable (_ inputIsTerminal: Bool) throws(PlayerError) -> (any MediaPlayer)?
    /// The copies on this machine: made over the network (the built-in mock's stream URLs
    /// too), listed, checked, removed and exported.
    let downloader: any VideoDownloader
    /// Where `sync` notes its runs and takes its lock; `nil` runs it without either.
    let syncFiles: SyncFiles?
    /// Ends the transport's engine and waits for its thread, once the command is done: the
    /// process must not exit while libcurl frees its TLS state on another thread.
    let shutDown: @Sendable () -> Void

    /// Where the call `operation` (about video `videoID`) goes, as a message may show it: its
    /// URL as sent, redacted, or its path on the built-in mock — percent-encoded once, as the
    /// request carried it.
    func address(of operation: APIOperation, videoID: String?) -> String {
        let id = videoID ?? ""
        let endpoint: APIEndpoint =
            switch operation {
            case .signIn: .auth(email: "", password: "")  // the path alone is shown
            case .episodes: .episodes
            case .video: .video(id: id)
            case .progressForVideo: .progressForVideo(id: id)
            case .updateProgressForVideo: .updateProgressForVideo(id: id, cursor: 0)
            case .deleteProgressForVideo: .deleteProgressForVideo(id: id)
            }
        let url = endpoint.url(below: baseURL)
        return isBuiltInMock
            ? "\(url.path(percentEncoded: true)) on the mock API built into cocoacasts"
            : URLRedaction.text(url.absoluteString)
    }

    /// Whether the tokens live in a keyring, whose failures the file can get round.
    var keepsTokensInAKeyring: Bool { tokenStoreInUse?.kind == .keyring }
}

/// The saved catalogue as `status` shows it and `cache clear` empties it.
struct SavedCatalogue: Sendable {
    /// Where it is kept.
    let directory: String
    /// How many lists it holds and their size in bytes.
    let size: @Sendable () async throws(ResponseCacheError) -> (lists: Int, bytes: Int)
    /// Removes every saved list.
    let clear: @Sendable () async throws(ResponseCacheError) -> Void
}
