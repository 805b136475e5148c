import BuiltInMock
import CocoacastsAPI
import CurlTransport
import Domain
import FileResponseCache
import FileTokenStore
import MediaDownloader
import Ports
import Presentation
import Stores
import TokenStoreComposition

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Darwin)
    import Darwin
    import URLSessionTransport
#elseif canImport(Glibc)
    import Glibc
#endif

/// The only place that chooses adapters.
enum Composition {
    /// How the CLI names itself to servers, as gh and curl do: `cocoacasts/1.0.0`.
    static let userAgent = "cocoacasts/\(Grammar.version)"

    /// The services for `settings`: `APIClient` over the transport `settings` choose (see
    /// ``TransportChoice``) for a base URL, or over the in-process mock API without one; tokens
    /// in the store `settings` choose (see ``TokenStoreChoice``). A process waits for another's
    /// lock on the store a little longer than a request may take — long enough to wait out
    /// another process's refresh, no longer.
    static func make(
        _ settings: Settings, observer: (any APIClientObserver)?, notices: @escaping @Sendable (String) -> Void
    ) async throws(CompositionError) -> Services {
        let storeURL =
            settings.storePath.map { URL(fileURLWithPath: $0) }
            ?? CredentialsLocation.defaultFile(environment: settings.environment)
        let configuration: APIConfiguration
        do {
            configuration = try APIConfiguration(
                baseURL: settings.baseURL ?? BuiltInMockTransport.baseURL,
                apiToken: settings.apiToken ?? APIConfiguration.seriesAPIToken, timeout: settings.timeout,
                userAgent: userAgent)
        } catch {
            throw .configuration(error)
        }
        let directory = storeURL.deletingLastPathComponent()
        let builtInMockState =
            settings.baseURL == nil
            ? FileKeyValueStore(
                fileURL: Self.file("built-in-api.json", formerly: "embedded-api.json", in: directory, notices: notices),
                words: .precise)
            : nil
        // The built-in mock's media are served on 127.0.0.1 from the first video asked for on.
        let builtInMedia = builtInMockState == nil ? nil : BuiltInMediaServer()
        let (transport, shutDown): (any HTTPTransport, @Sendable () -> Void) =
            if let builtInMockState, let builtInMedia {
                (
                    BuiltInMockTransport(
                        apiToken: APIConfiguration.seriesAPIToken, state: builtInMockState, media: builtInMedia),
                    builtInMedia.stop
                )
            } else {
                networkTransport(settings, notices: notices)
            }
        // Media are fetched over the network even when the API answers in process; libcurl
        // loads, and its thread starts, only when a download does.
        let (mediaTransport, mediaShutDown): (any HTTPTransport, @Sendable () -> Void) =
            if builtInMockState == nil {
                (transport, {})
            } else {
                networkTransport(settings, notices: { _ in })
            }
        let stores: TokenStores
        do {
            stores = try await TokenStores.make(
                choice: settings.tokenStore, chosenBy: settings.tokenStoreChoiceWords, file: storeURL,
                legacyFile: CredentialsLocation.legacyFile(environment: settings.environment),
                origin: configuration.origin, lockTimeout: .seconds(configuration.timeout + 5),
                environment: settings.environment, notices: notices)
        } catch {
            throw .keyring(error)
        }
        if settings.verbose { notices("token store: \(stores.inUse.summary)") }
        if let label = stores.unreachableKeyring {
            notices(
                "Your session with \(configuration.baseURL.absoluteString) is kept in the keyring “\(label)”, which "
                    + "cannot be reached here (\(stores.inUse.reason ?? "no keyring answers")); it was not signed out. "
                    + "Run where the keyring answers (a desktop session), or sign in here to keep a session in the "
                    + "token file.")
        }
        // A directory that is not used is said every time, as it may be another user's doing; a
        // single entry dropped or refused only with --verbose.
        let cache = FileResponseCache(environment: settings.environment) { problem in
            if settings.verbose || problem.subject == .directory { notices("the saved catalogue: \(problem)") }
        }
        // 0600 in the token file's private directory, under the same checks and lock discipline.
        func beside(_ name: String) -> FileKeyValueStore {
            FileKeyValueStore(
                fileURL: directory.appendingPathComponent(name), words: .precise,
                lockTimeout: .seconds(configuration.timeout + 5))
        }
        let keptPositionsFile = beside("kept-positions.json")
        // An earlier release kept them in pending-progress.json, which a process of it may still be writing.
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("pending-progress.json").path) {
            do throws(StoreError) {
                try await KeyValueKeptPositionStore.fold(beside("pending-progress.json"), into: keptPositionsFile)
            } catch {
                notices("the positions kept in pending-progress.json stay there until a later run moves them: \(error)")
            }
        }
        return make(
            configuration: configuration, transport: transport, tokenStore: stores.tokenStore,
            accountStore: stores.accountStore, keptPositionsFile: keptPositionsFile,
            watchHistory: beside("watch-history.json"),
            tokenFile: stores.inUse.kind == .file ? storeURL.path : nil,
            tokenStoreInUse: stores.inUse, unreachableKeyring: stores.unreachableKeyring,
            otherTokenStore: stores.other, builtInMockState: builtInMockState, cache: cache, observer: observer,
            isBuiltInMock: settings.baseURL == nil,
            transportName: builtInMockState == nil ? settings.transport.name : nil,
            player: { inputIsTerminal throws(PlayerError) in try player(settings, inputIsTerminal: inputIsTerminal) },
            downloader: MediaDownloader(
                transport: mediaTransport, root: MediaDownloader.defaultRoot(environment: settings.environment),
                environment: settings.environment, retryPolicy: configuration.retryPolicy,
                timeout: configuration.timeout),
            syncFiles: SyncFiles(directory: directory.path, record: beside("sync.json")),
            notices: notices,
            shutDown: {
                shutDown()
                mediaShutDown()
            })
    }

    /// The transport `settings` choose for a server, and how to end it before the process
    /// exits; with `--verbose`, what it will use from the environment (a proxy) and whom it trusts.
    private static func networkTransport(_ settings: Settings, notices: @Sendable (String) -> Void)
        -> (any HTTPTransport, shutDown: @Sendable () -> Void)
    {
        if settings.verbose {
            notices("transport: \(settings.transport.name)")
            for line in TransportEnvironment.describe(settings.environment, cacert: settings.certificateAuthorityFile) {
                notices(line)
            }
        }
        switch settings.transport {
        case .curl:
            let curl = CurlTransport(
                certificateAuthorities: CertificateAuthorities(
                    environment: settings.environment, explicitFile: settings.certificateAuthorityFile))
            return (curl, curl.shutDown)
        case .urlsession:
            #if canImport(Darwin)
                return (URLSessionTransport(), {})
            #else
                // Settings refuse the choice on Linux (TransportChoice.available).
                let curl = CurlTransport()
                return (curl, curl.shutDown)
            #endif
        }
    }

    /// The file `name` in `directory`, moved there first from the name an earlier release gave it
    /// (`formerly`). Of two runs at once one moves it and the other finds it moved; a file that
    /// cannot be moved is said, and used where it is, so nothing it holds is lost.
    static func file(
        _ name: String, formerly: String, in directory: URL, notices: @Sendable (String) -> Void
    ) -> URL {
        let url = directory.appendingPathComponent(name)
        let former = directory.appendingPathComponent(formerly)
        let files = FileManager.default
        guard !files.fileExists(atPath: url.path), files.fileExists(atPath: former.path) else { return url }
        // link(2) never replaces a file: EEXIST or ENOENT, another run moved it first.
        if link(former.path, url.path) == 0 {
            unlink(former.path)  // a name left behind names the same file, and the next run finds the new one
            return url
        }
        if errno == EEXIST || errno == ENOENT { return url }
        notices("\(formerly) could not be renamed \(name), and is used as it is: \(String(cString: strerror(errno)))")
        return former
    }

    /// The token file's scope for the built-in mock API.
    static let builtInMockScope = Origin(BuiltInMockTransport.baseURL)?.description ?? ""

    /// The config file for `environment` (see ``CredentialsLocation/configFile(environment:)``).
    static func configFile(environment: [String: String]) -> ConfigFile {
        let url = CredentialsLocation.configFile(environment: environment)
        return ConfigFile(
            store: FileKeyValueStore(fileURL: url, words: .precise, lockTimeout: .seconds(5)), path: url.path)
    }

    /// The services over any transport and token store; tests call this with an
    /// in-memory store and the transport they choose.
    static func make(
        configuration: APIConfiguration, transport: any HTTPTransport, tokenStore: any TokenStore,
        accountStore: KeyValueTokenStore, keptPositionsFile: any KeyValueStore,
        watchHistory: (any KeyValueStore)? = nil, tokenFile: String? = nil,
        tokenStoreInUse: TokenStoreInUse? = nil,
        unreachableKeyring: String? = nil, otherTokenStore: @escaping @Sendable () async -> (any TokenStore)? = { nil },
        builtInMockState: (any KeyValueStore)? = nil,
        cache: FileResponseCache? = nil, observer: (any APIClientObserver)?, isBuiltInMock: Bool,
        transportName: String? = nil,
        player: @escaping @Sendable (_ inputIsTerminal: Bool) throws(PlayerError) -> (any MediaPlayer)? = { _ in nil },
        downloader: (any VideoDownloader)? = nil, syncFiles: SyncFiles? = nil,
        notices: @escaping @Sendable (String) -> Void = { _ in }, shutDown: @escaping @Sendable () -> Void = {}
    ) -> Services {
        let server = configuration.origin.description
        return Services(
            api: APIClient(
                configuration: configuration, tokenStore: tokenStore, transport: transport, observer: observer,
                cache: cache),
            tokenStore: tokenStore, accountStore: accountStore, tokenFile: tokenFile, tokenStoreInUse: tokenStoreInUse,
            unreachableKeyring: unreachableKeyring, otherTokenStore: otherTokenStore,
            builtInMockState: builtInMockState,
            savedCatalogue: cache.map { cache in
                SavedCatalogue(
                    directory: cache.directory.path,
                    size: { () async throws(ResponseCacheError) in
                        let summary = try await cache.summary()
                        return (summary.entryCount, summary.byteCount)
                    },
                    clear: { () async throws(ResponseCacheError) in try await cache.clear() })
            },
            server: isBuiltInMock ? "the mock API built into cocoacasts" : configuration.baseURL.absoluteString,
            transport: transportName ?? "in process (no network)", isBuiltInMock: isBuiltInMock,
            timeout: configuration.timeout, baseURL: configuration.baseURL,
            keptPositionStore: { account in
                KeyValueKeptPositionStore(store: keptPositionsFile, server: server, account: account) {
                    notices($0.keptPositionsMessage)
                }
            },
            keptPositions: { () async throws(StoreError) in
                try await KeyValueKeptPositionStore.keptOfEveryAccount(in: keptPositionsFile, server: server) {
                    notices($0.keptPositionsMessage)
                }
            },
            watchHistory: { account in
                watchHistory.map {
                    KeyValueWatchHistory(store: $0, server: server, account: account, ownsTheStore: true)
                } ?? KeyValueWatchHistory(store: keptPositionsFile, server: server, account: account)
            },
            player: player,
            downloader: downloader
                ?? MediaDownloader(
                    transport: transport,
                    root: FileManager.default.temporaryDirectory.appendingPathComponent("cocoacasts-videos")),
            syncFiles: syncFiles, shutDown: shutDown)
    }
}
