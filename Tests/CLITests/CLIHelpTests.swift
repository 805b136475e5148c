import Testing

@testable import cocoacasts

@Suite("cocoacasts --help")
struct CLIHelpTests {
    @Test(arguments: ["signin", "signout", "status", "episodes", "episode", "video", "progress", "--help"])
    func helpNamesEveryCommand(command: String) {
        #expect(CLIHelp.text.contains(command))
    }
}
