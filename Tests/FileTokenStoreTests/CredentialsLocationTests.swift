import FileTokenStore
import Foundation
import Testing

@Suite("Where the credentials file lives")
struct CredentialsLocationTests {
    @Test func xdgConfigHomeWins() {
        let file = CredentialsLocation.defaultFile(environment: ["XDG_CONFIG_HOME": "/xdg", "HOME": "/home/u"])
        #expect(file.path == "/xdg/cocoacasts/credentials.json")
    }

    @Test(arguments: [
        ["HOME": "/home/u"], ["XDG_CONFIG_HOME": "", "HOME": "/home/u"], ["XDG_CONFIG_HOME": "rel", "HOME": "/home/u"],
    ])
    func fallsBackToDotConfig(environment: [String: String]) {
        #expect(
            CredentialsLocation.defaultFile(environment: environment).path
                == "/home/u/.config/cocoacasts/credentials.json")
    }

    @Test func legacyFileIsInTheHomeDirectory() {
        #expect(
            CredentialsLocation.legacyFile(environment: ["HOME": "/home/u"]).path == "/home/u/.cocoacasts/credentials")
    }
}
