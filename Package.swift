// swift-tools-version: 6.2
// The Cocoacasts networking layer: a hexagon of Domain, Ports, Adapters and
// Presentation, composed only in the two apps. No package dependencies.
import PackageDescription

let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Cocoacasts",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "Domain", targets: ["Domain"]),
        .library(name: "Ports", targets: ["Ports"]),
        .library(name: "FoundationHTTP", targets: ["FoundationHTTP"]),
        .library(name: "FileTokenStore", targets: ["FileTokenStore"]),
        .library(name: "Stubs", targets: ["Stubs"]),
        .library(name: "Presentation", targets: ["Presentation"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .executable(name: "cocoacasts", targets: ["cocoacasts"]),
        .executable(name: "cocoacasts-preview", targets: ["cocoacasts-preview"]),
    ],
    targets: [
        // The hexagon, inside out.
        .target(name: "Domain", path: "Modules/Domain", swiftSettings: settings),
        .target(name: "Ports", dependencies: ["Domain"], path: "Modules/Ports", swiftSettings: settings),
        .target(
            name: "FoundationHTTP", dependencies: ["Ports", "Domain"],
            path: "Modules/Adapters/FoundationHTTP", swiftSettings: settings),
        .target(
            name: "FileTokenStore", dependencies: ["Ports", "Domain"],
            path: "Modules/Adapters/FileTokenStore", swiftSettings: settings),
        .target(
            name: "Stubs", dependencies: ["Ports", "Domain"],
            path: "Modules/Adapters/Stubs", resources: [.process("Resources")], swiftSettings: settings),
        .target(
            name: "Presentation", dependencies: ["Ports", "Domain"],
            path: "Modules/Presentation", swiftSettings: settings),
        .target(
            name: "TerminalUI", dependencies: ["Presentation", "Domain"],
            path: "Modules/TerminalUI", swiftSettings: settings),

        // The composition roots.
        .executableTarget(
            name: "cocoacasts",
            dependencies: [
                "Domain", "Ports", "FoundationHTTP", "FileTokenStore", "Stubs", "Presentation", "TerminalUI",
            ],
            path: "Apps/CLI", swiftSettings: settings),
        .executableTarget(
            name: "cocoacasts-preview", dependencies: ["Presentation", "TerminalUI", "Stubs", "Ports", "Domain"],
            path: "Apps/PreviewHarness", swiftSettings: settings),

        // Tests: shared doubles and contract suites, helpers, then one target per module.
        .target(
            name: "TestSupport", dependencies: ["Ports", "Domain"], path: "Tests/TestSupport", swiftSettings: settings),
        .executableTarget(
            name: "cocoacasts-bench", dependencies: ["Domain", "Ports", "FoundationHTTP", "FileTokenStore", "Stubs"],
            path: "Tests/Benchmarks", swiftSettings: settings),
        .executableTarget(
            name: "fault-soak", dependencies: ["Domain", "Ports", "FoundationHTTP", "FileTokenStore"],
            path: "Tests/FaultSoak", swiftSettings: settings),
        .executableTarget(
            name: "token-store-worker", dependencies: ["FileTokenStore", "Ports", "Domain"],
            path: "Tests/TokenStoreWorker", swiftSettings: settings),
        .testTarget(
            name: "DomainTests", dependencies: ["Domain", "TestSupport"],
            path: "Tests/DomainTests", swiftSettings: settings),
        .testTarget(
            name: "PortsTests", dependencies: ["Ports", "Domain", "TestSupport"],
            path: "Tests/PortsTests", swiftSettings: settings),
        .testTarget(
            name: "FoundationHTTPTests",
            dependencies: ["FoundationHTTP", "Ports", "Domain", "TestSupport", "fault-soak"],
            path: "Tests/FoundationHTTPTests", swiftSettings: settings),
        .testTarget(
            name: "FileTokenStoreTests",
            dependencies: ["FileTokenStore", "Ports", "Domain", "TestSupport", "token-store-worker"],
            path: "Tests/FileTokenStoreTests", swiftSettings: settings),
        .testTarget(
            name: "StubsTests", dependencies: ["Stubs", "Ports", "Domain", "TestSupport"],
            path: "Tests/StubsTests", swiftSettings: settings),
        .testTarget(
            name: "PresentationTests", dependencies: ["Presentation", "Ports", "Domain", "TestSupport"],
            path: "Tests/PresentationTests", swiftSettings: settings),
        .testTarget(
            name: "TerminalUITests", dependencies: ["TerminalUI", "Presentation", "Domain", "Ports", "TestSupport"],
            path: "Tests/TerminalUITests", swiftSettings: settings),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "cocoacasts", "TestSupport", "Domain", "Ports", "FoundationHTTP", "Stubs", "Presentation", "TerminalUI",
            ],
            path: "Tests/CLITests", swiftSettings: settings),
        .testTarget(
            name: "MockAPIServerTests", dependencies: ["Domain", "TestSupport"],
            path: "Tests/MockAPIServerTests", swiftSettings: settings),
        .testTarget(
            name: "PreviewHarnessTests",
            dependencies: [
                "cocoacasts-preview", "Presentation", "TerminalUI", "Stubs", "Ports", "Domain", "TestSupport",
            ],
            path: "Tests/PreviewHarnessTests", exclude: ["Snapshots"], swiftSettings: settings),
    ],
    swiftLanguageModes: [.v6]
)
