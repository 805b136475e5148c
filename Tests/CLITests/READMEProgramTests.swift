import Foundation
import PortContracts
import Testing

/// The First Program, Getting Started's program that downloads an episode, and the
/// adapter that AddingAnAdapter shows from another package, built as a newcomer would build
/// them: a package of their own beside a checkout of this one, its files copied from the
/// documents as written, only the dependency's URL turned into the checkout's path.
@Suite("The First Program and Getting Started's program build as written and run against the mock API")
struct READMEProgramTests {
    static let firstProgram = Fixtures.repositoryRoot.appendingPathComponent(
        "Modules/Adapters/CocoacastsAPI/CocoacastsAPI.docc/TheFirstProgram.md")
    static let addingAnAdapter = Fixtures.repositoryRoot.appendingPathComponent(
        "Modules/Ports/Ports.docc/AddingAnAdapter.md")
    static let gettingStarted = Fixtures.repositoryRoot.appendingPathComponent(
        "Modules/Adapters/CocoacastsAPI/CocoacastsAPI.docc/GettingStarted.md")
    /// The published dependency, as The First Program writes it.
    static let dependency = #".package(url: "https://github.com/cocoacasts/cocoacasts-networking.git", from: "1.0.0")"#
    /// A build from clean takes under a minute here; a loaded machine may take several.
    static let buildTimeout: Duration = .seconds(900)

    @Test func theProgramsBuildWithoutWarningRunAndGettingStartedsDownloadsAnEpisode() async throws {
        let swift = try #require(Self.swiftExecutable, "no swift on PATH")
        try await TemporaryDirectory.with { directory async throws in
            let package = try Self.writePackage(in: directory)
            let build = try await ChildProcess.run(
                swift, ["build", "--build-tests", "--package-path", package.path], timeout: Self.buildTimeout)
            #expect(build.status == 0 && !build.timedOut, "\(build.stdout)\(build.stderr)")
            #expect(!(build.stdout + build.stderr).contains("warning:"), "\(build.stdout)\(build.stderr)")
            guard build.status == 0 else { return }

            let expected = try Self.block(after: "`swift run FirstProgram` prints:", in: Self.firstProgram)
            try await MockAPIServer.with { server async throws in
                let program = package.appendingPathComponent(".build/debug/FirstProgram")
                let environment = ["HOME": directory.file("home").path, "PATH": "/usr/bin:/bin"]
                let first = try await ChildProcess.run(
                    program, [server.baseURL.absoluteString], environment: environment)
                #expect(first.status == 0 && first.stdout == expected, "\(first.stdout)\(first.stderr)")
                try await server.admin.expireAccessTokens()
                let second = try await ChildProcess.run(
                    program, [server.baseURL.absoluteString], environment: environment)
                let signedIn = "Signed in; the next run finds the session.\n"
                #expect(
                    second.status == 0 && second.stdout == expected.replacingOccurrences(of: signedIn, with: ""),
                    "\(second.stdout)\(second.stderr)")
                #expect(try await server.admin.count(MockAPIRoute.signIn) == 1, "the session was kept")
                #expect(try await server.admin.count(MockAPIRoute.refresh) == 1, "the expired token was renewed")
            }

            let tests = try await ChildProcess.run(
                swift, ["test", "--skip-build", "--package-path", package.path], timeout: Self.buildTimeout)
            #expect(tests.status == 0, "\(tests.stdout)\(tests.stderr)")
            #expect(tests.stdout.contains("Test tokenStoreContract(_:) with 15 test cases passed"), "\(tests.stdout)")
            // Last: without ffmpeg there is no stream to download, and the test ends skipped here.
            try await Self.runTheOfflineCopy(package, home: directory.file("home"))
        }
    }

    /// Getting Started's program against the mock's HLS stream: it downloads the newest episode
    /// (once cancelled, then whole), lists it complete, and removes it.
    static func runTheOfflineCopy(_ package: URL, home: URL) async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
            return try skip(because: "ffmpeg is not installed (CI installs it): the HLS stream is not made")
        }
        try await MockAPIServer.with(arguments: ["--media", "hls"]) { server async throws in
            let program = package.appendingPathComponent(".build/debug/OfflineCopy")
            let run = try await ChildProcess.run(
                program, [server.baseURL.absoluteString], environment: ["HOME": home.path, "PATH": "/usr/bin:/bin"])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            let parts = try #require(lines.last { $0.hasSuffix(" parts") }, "\(run.stdout)")
            let counts = parts.split(separator: " ")
            #expect(counts.count == 4 && counts[0] == counts[2], "the last report is every part: \(parts)")
            let playable = try #require(lines.first { $0.hasPrefix("play ") }.map { String($0.dropFirst(5)) })
            #expect(playable.hasPrefix(home.path + "/.local/share/cocoacasts/videos/"), "\(playable)")
            #expect(lines.contains { $0.hasSuffix(" complete") }, "the copy is listed complete: \(run.stdout)")
            #expect(!FileManager.default.fileExists(atPath: playable), "the copy is removed")
            #expect(try await server.admin.count(MockAPIRoute.mediaCredentials) == 0)
        }
    }

    /// The package a newcomer writes: The First Program's `Package.swift` with AddingAnAdapter's and
    /// Getting Started's targets added, The First Program's program, Getting Started's and the
    /// adapter with its tests; returns its folder.
    static func writePackage(in directory: TemporaryDirectory) throws -> URL {
        // A path dependency's identity is its folder's name: the checkout goes by the published one.
        try FileManager.default.createSymbolicLink(
            at: directory.file("cocoacasts-networking"), withDestinationURL: Fixtures.repositoryRoot)
        let (manifest, program) = try Self.twoSwiftBlocks(in: String(contentsOf: firstProgram, encoding: .utf8))
        let article = try String(contentsOf: addingAnAdapter, encoding: .utf8)
        let outside = try #require(article.range(of: "## From another package"))
        let blocks = Self.swiftBlocks(in: String(article[outside.lowerBound...]))
        try #require(blocks.count >= 3, "AddingAnAdapter shows the targets, the adapter and its tests")
        try #require(manifest.contains(dependency), "The First Program's Package.swift names the published repository")
        let (offlineTarget, offlineProgram) = try Self.offlineCopy()
        let targets = (blocks[0] + offlineTarget).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n")
        let local = manifest.replacingOccurrences(of: dependency, with: #".package(path: "../cocoacasts-networking")"#)
            .replacingOccurrences(of: "    targets: [\n", with: "    targets: [\n" + targets)
        let package = directory.file("FirstProgram")
        for (path, text) in [
            ("Package.swift", local), ("Sources/FirstProgram/main.swift", program),
            ("Sources/OfflineCopy/main.swift", offlineProgram),
            ("Sources/FileSlot/FileSlot.swift", blocks[1]), ("Tests/FileSlotTests/FileSlotTests.swift", blocks[2]),
        ] {
            let file = package.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return package
    }

    /// Getting Started's target and its program: every ```swift block from *Compose the client*
    /// to *Copies for the flight*, the imports first.
    static func offlineCopy() throws -> (target: String, program: String) {
        let article = try String(contentsOf: gettingStarted, encoding: .utf8)
        let start = try #require(article.range(of: "### Compose the client"))
        let end = try #require(article.range(of: "### Errors"))
        let blocks = swiftBlocks(in: String(article[start.lowerBound..<end.lowerBound]))
        let target = try #require(blocks.first { $0.hasPrefix(".executableTarget(") })
        let lines = blocks.filter { !$0.hasPrefix(".") }.joined(separator: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
        let imports = Set(lines.filter { $0.hasPrefix("import ") }).sorted()
        return (target, (imports + lines.filter { !$0.hasPrefix("import ") }).joined(separator: "\n"))
    }

    /// The first two ```swift blocks of `markdown`.
    static func twoSwiftBlocks(in markdown: String) throws -> (String, String) {
        let blocks = swiftBlocks(in: markdown)
        try #require(blocks.count >= 2, "a Package.swift and a main.swift")
        return (blocks[0], blocks[1])
    }

    /// The text of every ```swift block of `markdown`, in order.
    static func swiftBlocks(in markdown: String) -> [String] {
        markdown.components(separatedBy: "```swift\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
    }

    /// The text of the fenced block that follows the line holding `marker` in `file`.
    static func block(after marker: String, in file: URL) throws -> String {
        let text = try String(contentsOf: file, encoding: .utf8)
        let line = try #require(text.range(of: marker), "no line holds \(marker)")
        let rest = text[line.upperBound...]
        let opening = try #require(rest.range(of: "```text\n"))
        let closing = try #require(rest[opening.upperBound...].range(of: "```"))
        return String(rest[opening.upperBound..<closing.lowerBound])
    }

    /// The `swift` driver on the PATH: the toolchain running these tests.
    static var swiftExecutable: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swift") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
