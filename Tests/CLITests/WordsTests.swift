import Foundation
import PortContracts
import Testing

/// Messages that say what happened in the user's own terms: no doubled punctuation, the
/// form the user typed, one capitalisation, the operation that failed, and every way out.
@Suite("Words: messages say what happened in the user's terms")
struct WordsTests {
    @Test func aRefusedBaseURLEndsItsSentenceOnce() async throws {
        try await TemporaryDirectory.with { directory in
            let set = try await CLIProcess(in: directory).run(["config", "set", "base-url", "http://h/api/v1?x=1"])
            #expect(set.status == 64)
            #expect(set.stderr.contains("such as https://api.example.com/api/v1; nothing was changed\n"))
            #expect(!set.stderr.contains(".;"))
        }
    }

    @Test func aMissingConfigKeyIsNamedWithTheKeysToChooseFrom() async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory)
            let get = try await cli.run(["config", "get"])
            #expect(get.status == 64)
            #expect(get.stderr.hasPrefix("cocoacasts: missing <key> (one of base-url, api-token, timeout"))
            #expect(!(get.stderr.split(separator: "\n").first ?? "").contains("[key]"))
            let set = try await cli.run(["config", "set", "timeout"])
            #expect(set.status == 64 && set.stderr.hasPrefix("cocoacasts: missing <value>\n"))
        }
    }

    @Test(arguments: [
        ("9:00", "which is 8:33 long; expected 0 to 8:33"), ("540", "which is 513 s long; expected 0 to 513 s"),
    ])
    func aPositionBeyondTheVideoIsAnsweredInTheFormTyped(typed: String, answer: String) async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory)
            #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
            let set = try await cli.run(["progress", "556", "--set", typed])
            #expect(set.status == 64)
            #expect(set.stderr.contains("--set \(typed) is beyond the end of the video, \(answer); nothing was saved"))
        }
    }

    @Test func anEpisodeAndAVideoThatDoNotExistAreSaidAlike() async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory)
            let episode = try await cli.run(["episode", "999"])
            #expect(episode.status == 1)
            #expect(episode.stderr.contains("cocoacasts: There is no episode 999. See `cocoacasts episodes`."))
            #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
            let video = try await cli.run(["video", "999"])
            #expect(video.status == 1)
            #expect(video.stderr.hasPrefix("cocoacasts: There is no video 999: "))
            #expect(video.stderr.contains(". See `cocoacasts episodes`."))
        }
    }

    @Test func aFailedProgressReadSaysFetchedAndAFailedSaveIsKept() async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                try await server.admin.inject(.status(500, route: MockAPIRoute.progress, count: 10))
                let read = try await cli.run(["progress", "632759499"])
                #expect(read.status != 0)
                #expect(read.stderr.contains("The video progress could not be fetched."))
                #expect(!read.stderr.contains("synced"))
                try await server.admin.inject(.status(500, route: MockAPIRoute.updateProgress, count: 10))
                let save = try await cli.run(["progress", "632759499", "--set", "10"])
                #expect(save.stderr.contains("The server answered 500"), "\(save.stderr)")
                #expect(save.stdout.contains("Not yet saved: 0:10, kept on this machine"), "kept, not lost: \(save)")
                #expect(!save.stderr.contains("fetched"))
            }
        }
    }

    /// A message names the path the server received, each escape once: `/videos/%20553`, never
    /// `%2520553` (the path escaped again for the words).
    @Test(arguments: [" 553", "%20553", "5/5", "553?", "#553"])
    func aMessageShowsThePathAsItWasSent(reference: String) async throws {
        try await MockAPIServer.with { server async throws in
            try await TemporaryDirectory.with { directory in
                let cli = CLIProcess(in: directory, baseURL: server.baseURL)
                #expect(try await cli.signIn(password: DemoAccount.password).status == 0)
                let video = try await cli.run(["video", reference])
                #expect(video.status == 1, "\(video)")
                let sent = try #require(try await server.admin.requests().last { $0.method == "GET" }?.path)
                #expect(sent.hasPrefix("/api/v1/videos/") && sent != "/api/v1/videos/\(reference)", "escaped: \(sent)")
                #expect(
                    video.stderr.contains("for http://127.0.0.1:\(server.port)\(sent). "), "\(sent): \(video.stderr)")
            }
        }
    }

    /// A config file that does not parse is named as the config file, with what is wrong in it;
    /// the token file keeps its own words.
    @Test(arguments: [
        ("", "(it is empty; expected {\"version\": 1, \"values\": {\"key\": \"text\", …}})"),
        ("{", "(it is not JSON; `python3 -m json.tool "), ("[1]", "(it is not a JSON object; expected"),
        (#"{"values": {}}"#, #"(it has no "version"; expected"#),
        (#"{"version": 1, "values": {"timeout": 30}}"#, #"(the value of "timeout" is not text (in quotes))"#),
        (#"{"version": 1, "values": []}"#, #"("values" is not an object of text values)"#),
    ])
    func aBadConfigFileIsNamedWithWhatIsWrongInIt(content: String, detail: String) async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory)
            let file = directory.file("config/cocoacasts/config.json")
            #expect(try await cli.run(["config", "set", "timeout", "30"]).status == 0)
            try Data(content.utf8).write(to: file)
            for arguments in [["config", "list"], ["episodes"]] {
                let run = try await cli.run(arguments)
                #expect(run.status == 74, "\(run)")
                #expect(run.stderr.contains("The config file \(file.path) is not valid \(detail)"), "\(run.stderr)")
                #expect(!run.stderr.contains("credentials"))
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == content, "left untouched")
            try FileManager.default.removeItem(at: file)
            try Data("{".utf8).write(to: cli.store)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: cli.store.path)
            let tokens = try await cli.run(["status"])
            #expect(tokens.stderr.contains("is not valid (not a credentials document)"), "\(tokens.stderr)")
        }
    }
}
