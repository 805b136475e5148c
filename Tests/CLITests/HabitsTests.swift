import Foundation
import PortContracts
import Testing

@testable import cocoacasts

/// What people type out of habit from other tools: `-h`, `-V`, `version`, short flags,
/// times as the durations are shown, a second sign-out; and a terminal that lets a
/// mistyped address or password be typed again, as sudo does.
@MainActor
@Suite("Habits from other command-line tools")
struct HabitsTests {
    @Test func shortHelpAndEveryWayToAskForTheVersion() async {
        let cli = InProcessCLI()
        let help = await cli.run(["-h"])
        #expect(help.status == .success && help.stdout.contains("USAGE: cocoacasts"))
        for arguments in [["version"], ["-V"], ["--version"]] {
            let version = await cli.run(arguments)
            #expect(version.status == .success && version.stdout == "cocoacasts \(Grammar.version)\n", "\(arguments)")
        }
    }

    @Test func anUnknownShortFlagGetsASuggestion() async {
        let result = await InProcessCLI().run(["episodes", "-j"])
        #expect(result.status == .usage)
        #expect(result.stderr == "cocoacasts: unknown option '-j'. Did you mean '--json'?\n")
    }

    @Test(
        arguments: [
            ("90", 90), ("1:30", 90), ("1:02:03", 3723), ("0:00", 0), ("1:3", nil), ("1:60", nil), ("-1", nil),
            ("1::30", nil), ("a:30", nil), ("1:02:03:04", nil),
        ] as [(String, Int?)])
    func progressTimesAreReadAsTheDurationsAreShown(text: String, seconds: Int?) {
        #expect(ProgressCommand.seconds(in: text) == seconds)
    }

    @Test func progressTakesMinutesAndSecondsAndSaysFinishedAtTheEnd() async {
        let cli = InProcessCLI()
        #expect(await cli.signIn() == .success)
        let partway = await cli.run(["progress", "556", "--set", "1:30"])
        #expect(partway.status == .success && partway.stdout == "Video 632759499: watched up to 1:30 (90 s).\n")
        let end = await cli.run(["progress", "556", "--set", "8:33"])
        #expect(end.status == .success && end.stdout == "Video 632759499: finished (8:33).\n")
    }

    @Test func aSecondSignOutSaysNobodyWasSignedIn() async {
        let cli = InProcessCLI()
        #expect(await cli.signIn() == .success)
        #expect(await cli.run(["signout"]).stdout.hasPrefix("Signed out of "))
        let again = await cli.run(["signout"])
        #expect(again.status == .success && again.stdout.hasPrefix("Nobody was signed in to "))
    }

    @Test func aMalformedAddressTypedAtATerminalIsAskedForAgain() async throws {
        let cli = InProcessCLI()
        let console = RecordingConsole(
            input: ["demo@cocoacasts", "demo@cocoacasts.com", "cocoacasts"], isTerminalInput: true)
        let result = await cli.run(["signin"], on: console)
        #expect(result.status == .success)
        #expect(console.prompts == ["E-mail: ", "E-mail: ", "Password: "])
        #expect(
            result.stderr.contains(
                "'demo@cocoacasts' is not a valid e-mail address: expected name@example.com; try again"))
    }

    @Test func aWrongPasswordTypedAtATerminalIsAskedForAgainThreeTimesInAll() async throws {
        let typedRightTheSecondTime = RecordingConsole(
            input: ["demo@cocoacasts.com", "nope", "cocoacasts"], isTerminalInput: true)
        let cli = InProcessCLI()
        let second = await cli.run(["signin"], on: typedRightTheSecondTime)
        #expect(second.status == .success)
        #expect(typedRightTheSecondTime.prompts == ["E-mail: ", "Password: ", "Password: "])
        #expect(second.stderr.contains("Sorry, try again"))
        let wrongThrice = RecordingConsole(
            input: ["demo@cocoacasts.com", "a", "b", "c", "cocoacasts"], isTerminalInput: true)
        let refused = await InProcessCLI().run(["signin"], on: wrongThrice)
        #expect(refused.status == .unauthorized)
        #expect(wrongThrice.prompts == ["E-mail: ", "Password: ", "Password: ", "Password: "])
        #expect(refused.stderr.contains("The server answered 401 Unauthorized."))
    }

    @Test func aPipeFailsAtTheFirstMistake() async {
        let wrong = await InProcessCLI().run(
            ["signin", "--email", "demo@cocoacasts.com", "--password-stdin"], input: ["nope", "cocoacasts"])
        #expect(wrong.status == .unauthorized && !wrong.stderr.contains("try again"))
        let malformed = await InProcessCLI().run(
            ["signin", "--email", "demo@cocoacasts", "--password-stdin"], input: ["cocoacasts"])
        #expect(malformed.status == .usage && !malformed.stderr.contains("try again"))
    }
}

/// Habits end to end: the config file is a real file, the terminal a real pty.
@Suite("Habits, end to end")
struct HabitsEndToEndTests {
    @Test func aWrongPasswordTypedOnATerminalIsAskedForAgain() async throws {
        try await TemporaryDirectory.with { directory in
            let session = try await TerminalSessionTests.runOnTerminal(
                ["signin"],
                answers: [["E-mail: ", DemoAccount.email], ["Password: ", "wrong"], ["Password: ", "cocoacasts"]],
                directory: directory)
            #expect(session.status == 0)
            let unwrapped = session.stdout.replacingOccurrences(of: "\r\n", with: " ")  // the pty wraps at 80
            #expect(unwrapped.contains("Sorry, try again: the server refused the e-mail/password combination."))
            #expect(session.stdout.contains("Signed in as \(DemoAccount.email)") && !session.stdout.contains("wrong"))
        }
    }

    @Test func unsettingAKeyThatIsNotSetSaysSo() async throws {
        try await TemporaryDirectory.with { directory in
            let cli = CLIProcess(in: directory)
            let unset = try await cli.run(["config", "unset", "timeout"])
            #expect(unset.status == 0 && unset.stdout.hasPrefix("timeout is not set in "))
            #expect(unset.stdout.hasSuffix("; nothing was changed.\n"))
        }
    }
}
