import Foundation
import PortContracts
import Subprocesses
import Testing

@Suite("ChildEnvironment and printableLine: what a player gets, and what it says")
struct ChildEnvironmentTests {
    @Test func aPlayerGetsNoneOfTheCLIsSettings() {
        let environment = [
            "COCOACASTS_API_TOKEN": "secret", "COCOACASTS_PASSWORD": "hunter2", "COCOACASTS_BASE_URL": "http://x",
            "HOME": "/home/a", "DISPLAY": ":0", "XDG_CONFIG_HOME": "/home/a/.config",
        ]
        #expect(
            ChildEnvironment.forChild(environment)
                == ["HOME": "/home/a", "DISPLAY": ":0", "XDG_CONFIG_HOME": "/home/a/.config"])
    }

    @Test func aProgramIsFoundOnPathAsAShellFindsIt() async throws {
        try await TemporaryDirectory.with { directory in
            let program = directory.file("player")
            try "#!/bin/sh\n".write(to: program, atomically: true, encoding: .utf8)
            let path = ["PATH": "/nonexistent:\(directory.url.path)"]
            #expect(ChildEnvironment.executable(named: "player", environment: path) == nil, "not executable yet")
            chmod(program.path, 0o755)
            #expect(ChildEnvironment.executable(named: "player", environment: path) == program.path)
            #expect(ChildEnvironment.executable(named: program.path, environment: [:]) == program.path)
            #expect(ChildEnvironment.executable(named: "player", environment: ["PATH": "/usr/bin"]) == nil)
            #expect(ChildEnvironment.executable(named: "", environment: path) == nil)
            try FileManager.default.createDirectory(at: directory.file("dir"), withIntermediateDirectories: false)
            #expect(ChildEnvironment.executable(named: "dir", environment: path) == nil, "a directory is no program")
        }
    }

    @Test(
        "a player's words become one printable line",
        arguments: [
            ("  Failed to open\u{1B}[2J x\n", "Failed to open [2J x"), ("a\tb\r\n", "a b"),
            (String(repeating: "é", count: 400), String(repeating: "é", count: 299) + "…"),
        ])
    func printable(text: String, line: String) {
        #expect(printableLine(text) == line)
    }
}
