import Domain
import Foundation
import PortContracts
import Synchronization
import TestSupport
import Testing

/// Ctrl-C and SIGTERM against the built CLI while `Scripts/mock-api` holds a refresh's
/// answer after rotating the tokens: the refresh finishes and is saved, the process exits
/// 130 or 143, and the next run is still signed in, without a refresh token presented twice.
@Suite("cocoacasts interrupted with SIGINT and SIGTERM")
struct InterruptionTests {
    /// Runs `body` with a CLI signed in to a server whose access tokens last `ttl` seconds,
    /// its access token expired.
    static func expiredSession(ttl: Int = 60, _ body: (MockAPIServer, CLIProcess) async throws -> Void)
        async throws
    {
        let arguments = CLIEndToEndTests.serverArguments + ["--access-ttl", "\(ttl)"]
        try await MockAPIServer.with(arguments: arguments) { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(
                    in: directory, baseURL: server.baseURL,
                    environment: ["COCOACASTS_API_TOKEN": CLIEndToEndTests.apiToken])
                #expect(try await cli.signIn(password: CLIEndToEndTests.password).status == 0)
                try await server.admin.expireAccessTokens()
                try await body(server, cli)
            }
        }
    }

    /// How long the server keeps an answer the signal must beat (a refresh, the episodes),
    /// or a hang lasts: far longer than a busy machine takes to send the signal.
    static let hang = 120.0

    /// The client's timeout in those runs, so that it never ends one before the answer comes.
    static let patient = ["--timeout", "\(Int(hang))"]

    /// A video, which needs a refresh of the expired session, with the patient timeout.
    static let video = ["video", "632759499"] + patient

    /// Runs that wait for a held answer are killed only well after it would come.
    static let killTimeout: Duration = .seconds(hang + 60)

    /// Waits until the server has received a request for `route`. Ends with the run: the
    /// run's kill timeout bounds it.
    static func untilARequest(for route: String, at server: MockAPIServer) async throws {
        while try await server.admin.count(route) == 0 {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test(arguments: [(SIGINT, 130), (SIGTERM, 143)] as [(Int32, Int32)])
    func aSignalDuringARefreshLetsItFinishAndBeSaved(signal: Int32, status: Int32) async throws {
        try await Self.expiredSession { server, cli in
            // Held long enough for the signal to land while the answer waits, however busy
            // the machine is (the process must then wait for it, so not a whole `hang`).
            try await server.admin.inject(.hold(30, route: MockAPIRoute.refresh))
            let interrupted = try await cli.run(Self.video, timeout: Self.killTimeout) { send in
                try await Self.untilARequest(for: MockAPIRoute.refresh, at: server)
                send(signal)
            }
            #expect(interrupted.killedBy == nil && interrupted.status == status, "\(interrupted)")
            #expect(interrupted.stdout.isEmpty)
            let next = try await cli.run(["video", "632759499"])
            #expect(next.status == 0, "\(next.stderr)")
            #expect(try await server.admin.count(MockAPIRoute.refresh) == 1)
            #expect(try await server.admin.count("refresh-reuse") == 0)
        }
    }

    @Test func aSecondCtrlCEndsTheProcessAtOnce() async throws {
        try await Self.expiredSession { server, cli in
            try await server.admin.inject(.hold(Self.hang, route: MockAPIRoute.refresh))
            let started = ContinuousClock.now
            let interrupted = try await cli.run(Self.video, timeout: Self.killTimeout) { send in
                try await Self.untilARequest(for: MockAPIRoute.refresh, at: server)
                send(SIGINT)
                // Again until the process ends: two that arrive before it handles the first merge
                // into one, as a busy machine may make them.
                while true {
                    try await Task.sleep(for: .milliseconds(300))
                    send(SIGINT)
                }
            }
            #expect(interrupted.killedBy == nil && interrupted.status == 130)
            #expect(ContinuousClock.now - started < .seconds(Self.hang / 2), "the held refresh was waited for")
        }
    }

    @Test func ctrlCBeforeARequestEndsItAndPrintsNothing() async throws {
        try await Self.expiredSession { server, cli in
            try await server.admin.inject(.latency(Self.hang, route: MockAPIRoute.episodes))
            let interrupted = try await cli.run(["episodes"] + Self.patient, timeout: Self.killTimeout) { send in
                try await Self.untilARequest(for: MockAPIRoute.episodes, at: server)
                send(SIGINT)
            }
            #expect(interrupted.status == 130 && interrupted.killedBy == nil)
            #expect(interrupted.stdout.isEmpty && interrupted.stderr.isEmpty, "\(interrupted)")
        }
    }

    /// `COCOACASTS_INTERRUPT_SOAK` runs (24 by default; 200 take about 20 s here), 8 at
    /// once, against 3 s access tokens and refreshes whose answer the server holds for 0.4 s
    /// (with 1 s tokens, a loaded machine took longer than the 0.6 s left of a new token to
    /// send the request again, and the server refused it). Each run asks for a video no other run in flight asks for, so the
    /// server's count for that path says when it has seen the run's first request; the run
    /// gets SIGINT or SIGTERM at a random moment of the next 0.5 s. A video's 200 is held for
    /// the whole `hang`, so no run can finish before its signal (once, a run's signal came
    /// at a random moment after its start and all 24 runs could finish first): the moment
    /// falls in its first answer, its refresh, the wait for another run's refresh, the saving
    /// of the new pair, or its last answer.
    @Test func interruptedAtRandomTheUserStaysSignedIn() async throws {
        let runs = ProcessInfo.processInfo.environment["COCOACASTS_INTERRUPT_SOAK"].flatMap(Int.init) ?? 24
        try await Self.expiredSession(ttl: 3) { server, cli in
            try await server.admin.inject(.hold(0.4, route: MockAPIRoute.refresh, count: -1))
            try await server.admin.inject(.hold(Self.hang, route: MockAPIRoute.video, count: -1, status: 200))
            let catalogue = try JSONDecoder().decode([Episode].self, from: Fixtures.data(named: "episodes-catalog"))
            let videos = VideoPool(catalogue.map(\.videoID).prefix(8))
            let outcomes = try await withThrowingTaskGroup(of: ChildProcess.Outcome.self) { group in
                var outcomes: [ChildProcess.Outcome] = []
                for index in 0..<runs {
                    if index >= 8, let finished = try await group.next() { outcomes.append(finished) }
                    let video = try #require(videos.take())
                    let seen = try await server.admin.count("GET", path: "/api/v1/videos/\(video)")
                    group.addTask {
                        defer { videos.give(back: video) }
                        return try await cli.run(["video", video], timeout: .seconds(Self.hang / 2)) { send in
                            while try await server.admin.count("GET", path: "/api/v1/videos/\(video)") == seen {
                                try await Task.sleep(for: .milliseconds(20))
                            }
                            try await Task.sleep(for: .milliseconds(Int.random(in: 0...500)))
                            send(Bool.random() ? SIGINT : SIGTERM)
                        }
                    }
                }
                for try await finished in group { outcomes.append(finished) }
                return outcomes
            }
            let tally = Dictionary(grouping: outcomes) {
                "\($0.killedBy.map { "killed by \($0)" } ?? "exit \($0.status)")"
            }
            .mapValues(\.count)
            let refreshes = try await server.admin.count(MockAPIRoute.refresh)
            print("interrupt soak: \(runs) runs, \(refreshes) refreshes, \(tally.sorted { $0.key < $1.key })")
            // Every run handled its signal: the server had seen it, so its handlers were in place.
            #expect(outcomes.count == runs)
            for outcome in outcomes {
                #expect(
                    outcome.killedBy == nil && [130, 143].contains(outcome.status),
                    "\(outcome.status) \(outcome.stderr)")
            }
            try await server.admin.clearFaults()
            let last = try await cli.run(["video", "632759499"])
            #expect(last.status == 0, "\(last.stderr)")
            #expect(try await server.admin.count("refresh-reuse") == 0)
            #expect(try await server.admin.count(MockAPIRoute.refresh) > 0)
        }
    }
}

/// Videos handed to the runs in flight, one each, so that a path's count belongs to one run.
private final class VideoPool: Sendable {
    private let free: Mutex<[String]>

    init(_ videos: some Sequence<String>) {
        free = Mutex(Array(videos))
    }

    /// A video no run in flight has, or `nil` when all are taken.
    func take() -> String? {
        free.withLock { $0.popLast() }
    }

    func give(back video: String) {
        free.withLock { $0.append(video) }
    }
}
