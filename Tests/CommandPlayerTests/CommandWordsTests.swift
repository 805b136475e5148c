import Testing

@testable import CommandPlayer

/// A player command is split as a shell splits simple words, and what a shell would expand
/// or run is refused.
@Suite("CommandWords: a player command split into words")
struct CommandWordsTests {
    @Test(
        "words",
        arguments: [
            ("vlc", ["vlc"]), ("  mpv   --no-video\t--fs ", ["mpv", "--no-video", "--fs"]),
            ("play 'two words' \"and three here\"", ["play", "two words", "and three here"]),
            (#"a\ b c\"d "e\"f\\g\h" 'h\i'"#, ["a b", "c\"d", #"e"f\g\h"#, #"h\i"#]),
            ("x '' \"\"", ["x", "", ""]), ("it's fine'", ["its fine"]),
            ("~/bin/play --x=~/y", ["/home/u/bin/play", "--x=~/y"]), ("~ a", ["/home/u", "a"]),
            ("a\\\nb", ["ab"]),
            ("vlc --fullscreen=yes {} ] ! % ,", ["vlc", "--fullscreen=yes", "{}", "]", "!", "%", ","]),
            ("a#b", ["a#b"]), ("'$HOME' \"a;b\"", ["$HOME", "a;b"]),
        ])
    func words(command: String, words: [String]) throws {
        #expect(try CommandWords.split(command, home: "/home/u") == words)
    }

    @Test(
        "refused",
        arguments: [
            ("", CommandWordsError.empty), ("   ", .empty), ("vlc 'x", .unterminated("'")),
            ("vlc \"x", .unterminated("\"")), ("vlc $URL", .shellSyntax("$")), ("vlc \"$HOME\"", .shellSyntax("$")),
            ("vlc `x`", .shellSyntax("`")), ("vlc; rm x", .shellSyntax(";")), ("a | b", .shellSyntax("|")),
            ("a && b", .shellSyntax("&")), ("a > f", .shellSyntax(">")), ("a < f", .shellSyntax("<")),
            ("(a)", .shellSyntax("(")), ("vlc *.m3u", .shellSyntax("*")), ("vlc ?", .shellSyntax("?")),
            ("vlc [ab]", .shellSyntax("[")), ("vlc # comment", .shellSyntax("#")), ("~user/play", .shellSyntax("~")),
        ])
    func refused(command: String, error: CommandWordsError) {
        #expect(throws: error) { try CommandWords.split(command, home: "/home/u") }
    }

    @Test func aTildeWithoutHomeIsRefused() {
        #expect(throws: CommandWordsError.noHome) { try CommandWords.split("~/play", home: nil) }
        #expect(CommandWordsError.shellSyntax("$").description.contains("put the command in a script"))
    }
}
