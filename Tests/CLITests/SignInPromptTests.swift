import Foundation
import Ports
import Stores
import Testing

@testable import cocoacasts

/// What sign-in says when the person at the prompts gives it nothing: the truth, never
/// "(stdin is not a terminal)" on a terminal; and a malformed e-mail address is caught
/// before a password is asked for.
@MainActor
@Suite("Sign-in prompts: Ctrl-D, an empty password, a bad address")
struct SignInPromptTests {
    @Test func endOfInputAtTheEmailPromptSaysSoAndSendsNothing() async throws {
        let cli = InProcessCLI()
        let console = RecordingConsole(input: [nil], isTerminalInput: true)
        let result = await cli.run(["signin"], on: console)
        #expect(result.status == .usage)
        #expect(result.stderr.hasSuffix("\ncocoacasts: no e-mail address given (end of input); nothing was sent\n"))
        #expect(console.prompts == ["E-mail: "])
        #expect(try await cli.tokenStore.tokens() == nil)
    }

    @Test func anEmptyPasswordSaysSoAndSendsNothing() async {
        let console = RecordingConsole(input: ["demo@cocoacasts.com", ""], isTerminalInput: true)
        let result = await InProcessCLI().run(["signin"], on: console)
        #expect(result.status == .usage)
        #expect(result.stderr.hasSuffix("\ncocoacasts: the password is empty; nothing was sent\n"))
        #expect(console.prompts == ["E-mail: ", "Password: "])
    }

    @Test func endOfInputAtThePasswordPromptSaysSo() async {
        let console = RecordingConsole(input: ["demo@cocoacasts.com", nil], isTerminalInput: true)
        let result = await InProcessCLI().run(["signin"], on: console)
        #expect(result.stderr.hasSuffix("\ncocoacasts: no password given (end of input); nothing was sent\n"))
    }

    @Test func aMalformedAddressIsRefusedBeforeThePasswordIsAskedFor() async {
        let console = RecordingConsole(input: ["demo@cocoacasts", "cocoacasts", "x@"], isTerminalInput: true)
        let result = await InProcessCLI().run(["signin"], on: console)
        #expect(result.status == .usage)
        #expect(console.prompts == ["E-mail: ", "E-mail: ", "E-mail: "], "asked again at a terminal, three times")
        #expect(result.stderr.contains("'demo@cocoacasts' is not a valid e-mail address"))
    }

    @Test func withoutATerminalItSaysHowToGiveBoth() async {
        let noEmail = await InProcessCLI().run(["signin"])
        #expect(noEmail.stderr.hasSuffix("\ncocoacasts: no e-mail address: pass --email (stdin is not a terminal)\n"))
        let noPassword = await InProcessCLI().run(["signin", "--email", "demo@cocoacasts.com"])
        #expect(noPassword.stderr.contains("--password-stdin") && noPassword.stderr.contains("stdin is not a terminal"))
    }

    @Test func typedAnswersSignIn() async throws {
        let cli = InProcessCLI()
        let console = RecordingConsole(input: ["demo@cocoacasts.com", "cocoacasts"], isTerminalInput: true)
        let result = await cli.run(["signin"], on: console)
        #expect(result.status == .success)
        #expect(try await cli.tokenStore.tokens() != nil)
    }
}
