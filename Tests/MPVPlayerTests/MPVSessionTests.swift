import Foundation
import Ports
import Subprocesses
import Testing

@testable import MPVPlayer

/// What mpv's messages mean, without mpv: the lines are mpv 0.35's own.
@Suite("MPVSession: mpv's messages to positions and endings")
struct MPVSessionTests {
    private func message(_ line: String) throws -> MPVMessage {
        try JSONDecoder().decode(MPVMessage.self, from: Data(line.utf8))
    }

    private func actions(_ lines: [String]) throws -> [MPVSession.Action] {
        var session = MPVSession()
        return try lines.flatMap { session.handle(try message($0)) }
    }

    private static let restart = #"{"event":"playback-restart"}"#

    private static func position(_ seconds: String, error: String = "success") -> String {
        #"{"data":\#(seconds),"request_id":2,"error":"\#(error)"}"#
    }

    @Test(
        "end-file's reason is how playback ended",
        arguments: [
            ("eof", PlaybackEnding.finished), ("quit", .stopped), ("stop", .stopped),
            ("error", .failed(reason: "loading failed")),
        ])
    func endFileReasons(reason: String, ending: PlaybackEnding) throws {
        let line = #"{"event":"end-file","reason":"\#(reason)","playlist_entry_id":1,"file_error":"loading failed"}"#
        #expect(try actions([line]) == [.end(ending)])
    }

    @Test func aRedirectOrAnUnknownReasonDecidesNothing() throws {
        #expect(
            try actions([#"{"event":"end-file","reason":"redirect"}"#, #"{"event":"end-file","reason":"new"}"#]) == [])
    }

    @Test func mpvsFirstErrorIsTheCauseBehindItsFileError() throws {
        let lines = [
            #"{"event":"start-file","playlist_entry_id":1}"#,
            #"{"event":"log-message","prefix":"ffmpeg","level":"error","text":"http: HTTP error 404 Not Found\n"}"#,
            #"{"event":"log-message","prefix":"stream","level":"error","text":"Failed to open http://x/y.wav.\n"}"#,
            #"{"event":"end-file","reason":"error","playlist_entry_id":1,"file_error":"loading failed"}"#,
        ]
        #expect(try actions(lines) == [.end(.failed(reason: "loading failed (http: HTTP error 404 Not Found)"))])
    }

    @Test func escapeSequencesInMpvsWordsAreNotPassedOn() throws {
        let lines = [
            #"{"event":"log-message","level":"error","text":"http: HTTP error 500 \u001b[2JGone\n"}"#,
            #"{"event":"end-file","reason":"error","file_error":"loading failed"}"#,
        ]
        #expect(try actions(lines) == [.end(.failed(reason: "loading failed (http: HTTP error 500  [2JGone)"))])
    }

    @Test func keepOpensEndOfFileIsTheEndAndEndsOnce() throws {
        let lines = [
            #"{"event":"property-change","id":1,"name":"eof-reached"}"#,
            #"{"event":"property-change","id":1,"name":"eof-reached","data":false}"#,
            #"{"event":"property-change","id":1,"name":"eof-reached","data":true}"#,
            #"{"event":"end-file","reason":"quit","playlist_entry_id":1}"#,
        ]
        #expect(try actions(lines) == [.end(.finished)])
    }

    @Test func positionsAreWholeSecondsOnceEachAndOnlyOnceTheFilePlays() throws {
        let lines = [
            Self.position("0.0"), Self.restart, Self.position("2.974123"), Self.position("2.99"),
            Self.position("null", error: "property unavailable"), Self.position("3.01"), Self.position("5"),
            #"{"event":"end-file","reason":"eof"}"#, Self.position("6"),
        ]
        #expect(try actions(lines) == [.report(2), .report(3), .report(5), .end(.finished)])
    }

    @Test func positionsAreAskedForOnlyWhileTheFilePlays() throws {
        var session = MPVSession()
        #expect(!session.wantsPositions)
        _ = session.handle(try message(Self.restart))
        #expect(session.wantsPositions)
        _ = session.handle(try message(#"{"event":"end-file","reason":"quit"}"#))
        #expect(!session.wantsPositions)
    }

    @Test func aRefusedLoadFails() throws {
        let line = #"{"request_id":3,"error":"invalid parameter"}"#
        #expect(try actions([line]) == [.end(.failed(reason: "mpv refused the URL (invalid parameter)"))])
    }

    @Test(
        "without a word from mpv, its exit status tells",
        arguments: [
            (TerminationStatus.exited(0), PlaybackEnding.stopped), (.exited(4), .stopped),
            (.signalled(SIGTERM), .stopped),
            (.signalled(SIGINT), .stopped), (.exited(1), .failed(reason: "exit status 1")),
            (.signalled(SIGKILL), .failed(reason: "killed by signal 9 (SIGKILL)")),
            (.signalled(SIGSEGV), .failed(reason: "killed by signal 11 (SIGSEGV)")),
        ])
    func exitStatus(status: TerminationStatus, ending: PlaybackEnding) {
        #expect(MPVSession.ending(after: status) == ending)
    }

    @Test func theLoadCommandCarriesTheURLAsAJSONString() throws {
        let url = URL(string: "http://127.0.0.1:8080/media/a%22b.wav?x=1&y=%5C")!
        let load = try #require(MPVCommand.start(url).last)
        let decoded = try JSONSerialization.jsonObject(with: Data(load.utf8)) as? [String: Any]
        #expect(decoded?["command"] as? [String] == ["loadfile", url.absoluteString])
        #expect(MPVCommand.jsonString("a\"b\\c\n\u{7F}") == #""a\"b\\c\u000a\u007f""#)
    }
}
