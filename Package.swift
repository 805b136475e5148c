// swift-tools-version: 6.2
// The Cocoacasts networking layer: a hexagon of Domain, Ports, Adapters and
// Presentation, composed only in the two apps. No package dependencies.
import PackageDescription

let package = Package(
    name: "Cocoacasts",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        // What an app embedding the layer links: the models, ports and what is built on them, the
        // HTTP client and a transport for it, a token store (the file, the keyring, or the choice
        // between them), the saved catalogue, the copies on disk, the view-models, and Stubs for its previews; and,
        // for its tests, the contract suites its own adapters must pass. The players and
        // TerminalUI serve this package's own apps (an app plays with its platform's player).
        .library(name: "Domain", targets: ["Domain"]),
        .library(name: "Ports", targets: ["Ports"]),
        .library(name: "Stores", targets: ["Stores"]),
        .library(name: "CocoacastsAPI", targets: ["CocoacastsAPI"]),
        .library(name: "CurlTransport", targets: ["CurlTransport"]),
        .library(name: "URLSessionTransport", targets: ["URLSessionTransport"]),
        .library(name: "FileTokenStore", targets: ["FileTokenStore"]),
        .library(name: "SecretServiceStore", targets: ["SecretServiceStore"]),
        .library(name: "TokenStoreComposition", targets: ["TokenStoreComposition"]),
        .library(name: "FileResponseCache", targets: ["FileResponseCache"]),
        .library(name: "MediaDownloader", targets: ["MediaDownloader"]),
        .library(name: "Stubs", targets: ["Stubs"]),
        .library(name: "Presentation", targets: ["Presentation"]),
        .library(name: "PortContracts", targets: ["PortContracts"]),
        .executable(name: "cocoacasts", targets: ["cocoacasts"]),
        .executable(name: "cocoacasts-preview", targets: ["cocoacasts-preview"]),
    ],
    targets: [
        // The hexagon, inside out.
        .target(name: "Domain", path: "Modules/Domain"),
        .target(name: "Ports", dependencies: ["Domain"], path: "Modules/Ports"),
        // Implementations built from the ports alone, so that every adapter can build on them
        // without importing another: a token store over any key-value store, a migrating one,
        // the kept-position store and its delivery.
        .target(name: "Stores", dependencies: ["Ports", "Domain", "AsyncPrimitives"], path: "Modules/Stores"),
        // What adapters share that is no port: locks for async code, and the checks that a
        // path is this user's alone.
        .target(name: "AsyncPrimitives", path: "Modules/AsyncPrimitives"),
        .target(name: "PrivateFiles", dependencies: ["Domain"], path: "Modules/PrivateFiles"),
        .target(name: "Digest", path: "Modules/Digest"),
        .target(name: "HLS", dependencies: ["Domain"], path: "Modules/HLS"),
        // What the two player adapters share: starting, watching and ending the player's process.
        .target(name: "Subprocesses", dependencies: ["AsyncPrimitives"], path: "Modules/Subprocesses"),
        // A playback that plays a script, on any clock: the engine of Stubs' player for previews
        // and of TestSupport's for tests.
        .target(name: "PlaybackScripts", dependencies: ["Ports"], path: "Modules/PlaybackScripts"),
        .target(
            name: "CocoacastsAPI", dependencies: ["Ports", "Domain", "AsyncPrimitives", "Digest"],
            path: "Modules/Adapters/CocoacastsAPI"),
        // libcurl's few declarations, and calls of its variadic functions: libcurl itself is
        // loaded at run time, so nothing of curl's is needed to build.
        // One loader for the C shims: a library opened at run time, its functions resolved.
        .target(
            name: "CLoader", path: "Modules/CLoader",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(name: "CCurl", dependencies: ["CLoader"], path: "Modules/CCurl"),
        .target(
            name: "CurlTransport", dependencies: ["CCurl", "Ports", "Domain", "AsyncPrimitives"],
            path: "Modules/Adapters/CurlTransport"),
        .target(
            name: "URLSessionTransport", dependencies: ["Ports", "Domain", "AsyncPrimitives"],
            path: "Modules/Adapters/URLSessionTransport"),
        .target(
            name: "FileTokenStore",
            dependencies: ["Stores", "Ports", "Domain", "AsyncPrimitives", "PrivateFiles"],
            path: "Modules/Adapters/FileTokenStore"),
        // libsecret's and GLib's few declarations: libsecret itself is loaded at run time, so
        // a machine without it builds, and its user's tokens stay in the file.
        .target(name: "CSecret", dependencies: ["CLoader"], path: "Modules/CSecret"),
        .target(
            name: "SecretServiceStore",
            dependencies: ["CSecret", "Ports", "Domain", "AsyncPrimitives", "PrivateFiles"],
            path: "Modules/Adapters/SecretServiceStore"),
        .target(
            name: "MediaDownloader",
            dependencies: ["Ports", "Domain", "HLS", "Digest", "PrivateFiles", "Subprocesses"],
            path: "Modules/Adapters/MediaDownloader"),
        .target(
            name: "FileResponseCache", dependencies: ["Ports", "Domain", "PrivateFiles"],
            path: "Modules/Adapters/FileResponseCache"),
        // The players. They serve this package's own apps (an app embedding the layer plays with
        // its platform's player), so they are not offered as products.
        .target(
            name: "MPVPlayer", dependencies: ["Ports", "Domain", "PrivateFiles", "Subprocesses", "AsyncPrimitives"],
            path: "Modules/Adapters/MPVPlayer"),
        .target(
            name: "CommandPlayer", dependencies: ["Ports", "Subprocesses"],
            path: "Modules/Adapters/CommandPlayer"),
        .target(
            name: "Stubs", dependencies: ["Stores", "Ports", "Domain", "AsyncPrimitives", "PlaybackScripts"],
            path: "Modules/Adapters/Stubs", resources: [.process("Resources")]),
        // The mock API built into the CLI, which it serves when no server is given.
        .target(
            name: "BuiltInMock", dependencies: ["Ports", "Domain", "Digest", "AsyncPrimitives"],
            path: "Modules/Adapters/BuiltInMock"),
        .target(
            name: "Presentation", dependencies: ["Ports", "Domain"],
            path: "Modules/Presentation"),
        .target(
            name: "TerminalUI", dependencies: ["Presentation", "Ports", "Domain"],
            path: "Modules/TerminalUI"),

        // Composition that any app would otherwise copy: which token store, with its fallback and why.
        .target(
            name: "TokenStoreComposition",
            dependencies: ["Stores", "FileTokenStore", "SecretServiceStore", "Ports", "Domain"],
            path: "Modules/Composition/TokenStoreComposition"),

        // The composition roots.
        .executableTarget(
            name: "cocoacasts",
            dependencies: [
                "Stores",
                "Domain", "Ports", "CocoacastsAPI", "CurlTransport", "FileTokenStore", "TokenStoreComposition",
                "FileResponseCache", "BuiltInMock", "MPVPlayer", "CommandPlayer", "Subprocesses", "MediaDownloader",
                "Presentation", "TerminalUI", "PrivateFiles",
                // Not on Linux: FoundationNetworking would link libcurl into every run (see TransportChoice).
                .byName(name: "URLSessionTransport", condition: .when(platforms: [.macOS, .iOS])),
            ],
            path: "Apps/CLI"),
        .executableTarget(
            name: "cocoacasts-preview",
            dependencies: ["Stores", "Presentation", "TerminalUI", "Stubs", "PlaybackScripts", "Ports", "Domain"],
            path: "Apps/PreviewHarness"),

        // Tests: the contract suites every adapter of a port runs (with the scripted doubles and the
        // mock API they run against, a product for adopters' own adapters), helpers, then one
        // target per module.
        .target(
            name: "PortContracts", dependencies: ["Stores", "Ports", "Domain", "PlaybackScripts", "Subprocesses"],
            path: "Tests/PortContracts"),
        .target(
            name: "TestSupport",
            dependencies: ["PortContracts", "Stores", "Ports", "Domain", "PlaybackScripts", "Subprocesses"],
            path: "Tests/TestSupport"),
        .executableTarget(
            name: "cocoacasts-bench",
            dependencies: [
                "Stores",
                "Domain", "Ports", "CocoacastsAPI", "CurlTransport", "URLSessionTransport", "FileTokenStore",
                "FileResponseCache", "Stubs", "SecretServiceStore",
            ],
            path: "Tests/Benchmarks", exclude: ["instructions-baseline.json", "PERFORMANCE-LOG.md"]),
        // What Scripts/bench's start-up row measures the CLI against: Foundation, JSON and a URL.
        .executableTarget(name: "startup-baseline", path: "Tests/StartupBaseline"),
        .executableTarget(
            name: "fault-soak",
            dependencies: ["Stores", "Domain", "Ports", "CocoacastsAPI", "CurlTransport", "FileTokenStore"],
            path: "Tests/FaultSoak"),
        .executableTarget(
            name: "urlsession-probe", dependencies: ["URLSessionTransport", "Ports"], path: "Tests/URLSessionProbe"),
        .executableTarget(
            name: "player-probe", dependencies: ["MPVPlayer", "CommandPlayer", "Ports"], path: "Tests/PlayerProbe"),
        // A test process in miniature that is killed with a child running (OrphanGuardTests).
        .executableTarget(
            name: "orphan-probe", dependencies: ["PortContracts", "Subprocesses"], path: "Tests/OrphanProbe"),
        // A test process in miniature whose every runtime thread is taken (ChildProcessTests): in a
        // process of its own, so that no other test waits for them.
        .executableTarget(name: "starved-probe", dependencies: ["PortContracts"], path: "Tests/StarvedProbe"),
        .executableTarget(
            name: "token-store-worker", dependencies: ["Stores", "FileTokenStore", "Ports", "Domain"],
            path: "Tests/TokenStoreWorker"),
        .testTarget(
            name: "DomainTests", dependencies: ["Domain", "TestSupport", "PortContracts"],
            path: "Tests/DomainTests"),
        .testTarget(
            name: "PortsTests", dependencies: ["Ports", "Domain", "PlaybackScripts", "TestSupport", "PortContracts"],
            path: "Tests/PortsTests"),
        .testTarget(
            name: "StoresTests", dependencies: ["Stores", "Ports", "Domain", "Stubs", "TestSupport", "PortContracts"],
            path: "Tests/StoresTests"),
        .testTarget(
            name: "CocoacastsAPITests",
            dependencies: ["Stores", "CocoacastsAPI", "Ports", "Domain", "Stubs", "TestSupport", "PortContracts"],
            path: "Tests/CocoacastsAPITests"),
        // What joins real adapters and executables: the HTTP client with the file cache, the fault soak.
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "Stores",
                "CocoacastsAPI", "CurlTransport", "URLSessionTransport", "FileResponseCache", "Ports", "Domain",
                "Stubs", "TestSupport", "PortContracts", "fault-soak",
            ],
            path: "Tests/IntegrationTests"),
        .testTarget(
            name: "AsyncPrimitivesTests", dependencies: ["AsyncPrimitives", "TestSupport", "PortContracts"],
            path: "Tests/AsyncPrimitivesTests"),
        .testTarget(
            name: "DigestTests", dependencies: ["Digest", "TestSupport", "PortContracts"], path: "Tests/DigestTests"),
        .testTarget(
            name: "MediaDownloaderTests",
            dependencies: [
                "MediaDownloader", "HLS", "Ports", "Domain", "CurlTransport", "PortContracts", "TestSupport",
            ],
            path: "Tests/MediaDownloaderTests"),
        .testTarget(
            name: "HLSTests", dependencies: ["HLS", "Domain", "TestSupport", "PortContracts"], path: "Tests/HLSTests",
            exclude: ["Playlists"]),
        .testTarget(
            name: "PrivateFilesTests", dependencies: ["PrivateFiles", "Domain", "TestSupport", "PortContracts"],
            path: "Tests/PrivateFilesTests"),
        .testTarget(
            name: "FileTokenStoreTests",
            dependencies: [
                "Stores", "FileTokenStore", "Ports", "Domain", "Subprocesses", "TestSupport", "PortContracts",
                "token-store-worker",
            ],
            path: "Tests/FileTokenStoreTests"),
        .testTarget(
            name: "SecretServiceStoreTests",
            dependencies: ["Stores", "SecretServiceStore", "Ports", "Domain", "TestSupport", "PortContracts"],
            path: "Tests/SecretServiceStoreTests"),
        .testTarget(
            name: "TokenStoreCompositionTests",
            dependencies: ["TokenStoreComposition", "Stores", "Ports", "Domain", "TestSupport", "PortContracts"],
            path: "Tests/TokenStoreCompositionTests"),
        .testTarget(
            name: "FileResponseCacheTests",
            dependencies: ["FileResponseCache", "Ports", "Domain", "TestSupport", "PortContracts"],
            path: "Tests/FileResponseCacheTests"),
        .testTarget(
            name: "CurlTransportTests",
            dependencies: ["CurlTransport", "Ports", "Domain", "Subprocesses", "TestSupport", "PortContracts"],
            path: "Tests/CurlTransportTests"),
        .testTarget(
            name: "URLSessionTransportTests",
            dependencies: [
                "URLSessionTransport", "Ports", "Domain", "TestSupport", "PortContracts", "urlsession-probe",
            ],
            path: "Tests/URLSessionTransportTests"),
        .testTarget(
            name: "StubsTests",
            dependencies: ["Stores", "Stubs", "PlaybackScripts", "Ports", "Domain", "TestSupport", "PortContracts"],
            path: "Tests/StubsTests"),
        .testTarget(
            name: "BuiltInMockTests",
            dependencies: ["BuiltInMock", "Stubs", "Ports", "Domain", "Digest", "TestSupport", "PortContracts"],
            path: "Tests/BuiltInMockTests"),
        .testTarget(
            name: "PresentationTests",
            dependencies: [
                "Stores", "Presentation", "Ports", "Domain", "Stubs", "PlaybackScripts", "TestSupport", "PortContracts",
            ],
            path: "Tests/PresentationTests"),
        .testTarget(
            name: "TerminalUITests",
            dependencies: [
                "Stores", "TerminalUI", "Presentation", "Domain", "Ports", "Stubs", "PlaybackScripts",
                "TestSupport", "PortContracts",
            ],
            path: "Tests/TerminalUITests"),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "Stores",
                "cocoacasts", "TestSupport", "PortContracts", "Domain", "Ports", "CocoacastsAPI", "Stubs",
                "BuiltInMock",
                "Presentation",
                "TerminalUI", "AsyncPrimitives", "Subprocesses",
            ],
            path: "Tests/CLITests"),
        .testTarget(
            name: "PlaybackScriptsTests", dependencies: ["PlaybackScripts", "Ports", "TestSupport", "PortContracts"],
            path: "Tests/PlaybackScriptsTests"),
        .testTarget(
            name: "SubprocessesTests", dependencies: ["Subprocesses", "TestSupport", "PortContracts"],
            path: "Tests/SubprocessesTests"),
        .testTarget(
            name: "MPVPlayerTests",
            dependencies: ["MPVPlayer", "Ports", "Subprocesses", "TestSupport", "PortContracts", "player-probe"],
            path: "Tests/MPVPlayerTests"),
        .testTarget(
            name: "CommandPlayerTests",
            dependencies: ["CommandPlayer", "Ports", "TestSupport", "PortContracts", "player-probe"],
            path: "Tests/CommandPlayerTests"),
        .testTarget(
            name: "TestSupportTests", dependencies: ["TestSupport", "PortContracts", "orphan-probe", "starved-probe"],
            path: "Tests/TestSupportTests"),
        .testTarget(
            name: "MockAPIServerTests", dependencies: ["Domain", "TestSupport", "PortContracts"],
            path: "Tests/MockAPIServerTests"),
        .testTarget(
            name: "PreviewHarnessTests",
            dependencies: [
                "cocoacasts-preview", "Presentation", "TerminalUI", "Stubs", "Ports", "Domain", "TestSupport",
                "PortContracts",
            ],
            path: "Tests/PreviewHarnessTests", exclude: ["Snapshots"]),
    ],
    swiftLanguageModes: [.v6]
)

// Every target, tests included, compiles with the same settings.
for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
}
