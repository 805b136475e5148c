import TerminalUI
import Testing

@testable import cocoacasts

@Suite("The hand-written argument parser")
struct CommandLineParserTests {
    let parser = Grammar.parser

    @Test func optionsMayComeBeforeOrAfterTheCommand() throws {
        let before = try parser.parse(["--base-url", "http://127.0.0.1:1/api/v1", "episodes", "--json"])
        let after = try parser.parse(["episodes", "--json", "--base-url=http://127.0.0.1:1/api/v1"])
        #expect(before == after)
        #expect(before.command == "episodes" && before.has(Grammar.json))
        #expect(before.value(ConfigKey.baseURL.option) == "http://127.0.0.1:1/api/v1")
    }

    @Test func doubleDashEndsTheOptions() throws {
        let parsed = try parser.parse(["progress", "--", "--set"])
        #expect(parsed.arguments == ["--set"])
        #expect(parsed.values.isEmpty)
    }

    static let mistakes: [([String], CommandLineError)] = [
        (["episods"], .unknownCommand("episods", suggestion: "episodes")),
        (["frobnicate"], .unknownCommand("frobnicate", suggestion: nil)),
        (["episodes", "--jsn"], .unknownOption("--jsn", suggestion: "--json")),
        (["episodes", "--verbsoe"], .unknownOption("--verbsoe", suggestion: "--verbose")),
        (["episodes", "--set", "3"], .misplacedOption("--set", command: "episodes")),
        (["--json"], .misplacedOption("--json", command: nil)),
        (["episodes", "--store"], .missingValue("--store", valueName: "PATH")),
        (["episodes", "--store", "--json"], .missingValue("--store", valueName: "PATH")),
        (["episodes", "--json=yes"], .unexpectedValue("--json")),
    ]

    @Test(arguments: mistakes)
    func mistakesSayWhatToDo(arguments: [String], error: CommandLineError) {
        #expect(throws: error) { try parser.parse(arguments) }
    }

    @Test func shortHelpIsHelp() throws {
        #expect(try parser.parse(["video", "-h"]).has(Grammar.help))
        #expect(try parser.parse(["-V"]).has(Grammar.showVersion))
    }
}
