import Domain
import Foundation
import PortContracts
import Ports
import Stores
import Testing
import TokenStoreComposition

/// The token store an app gets from one call, where no session bus exists (a run over ssh,
/// in CI): the file, and why; a keyring insisted on fails with the setting's words. (The
/// keyring itself is tried against a real daemon in CLITests' KeyringEndToEndTests.)
@Suite("TokenStores: the keyring where one answers, else the file, and why")
struct TokenStoresTests {
    static let noBus = ["HOME": "/nonexistent"]

    static func stores(_ choice: TokenStoreChoice, in directory: TemporaryDirectory)
        async throws(KeyringUnavailableError)
        -> TokenStores
    {
        try await TokenStores.make(
            choice: choice, chosenBy: "--token-store \(choice.rawValue)",
            file: directory.file("config/credentials.json"), legacyFile: directory.file("legacy/credentials"),
            origin: Origin(URL(string: "http://127.0.0.1:8080/api/v1")!)!, lockTimeout: .seconds(5),
            environment: noBus, notices: { _ in })
    }

    @Test func withoutASessionBusTheFileServesAndSaysWhy() async throws {
        try await TemporaryDirectory.with { directory in
            let stores = try await Self.stores(.auto, in: directory)
            #expect(stores.inUse.kind == .file)
            #expect(stores.inUse.reason?.contains("DBUS_SESSION_BUS_ADDRESS is not set") == true)
            try await stores.tokenStore.setTokens(SampleTokens.first)
            #expect(try await stores.accountStore.tokens() == SampleTokens.first, "the account store is the file")
        }
    }

    @Test func theFileChosenSaysByWhat() async throws {
        try await TemporaryDirectory.with { directory in
            let stores = try await Self.stores(.file, in: directory)
            #expect(
                stores.inUse
                    == TokenStoreInUse(
                        kind: .file, place: directory.file("config/credentials.json").path,
                        reason: "chosen with --token-store file"))
        }
    }

    @Test func aKeyringInsistedOnThatCannotAnswerIsAnErrorNotTheFile() async throws {
        try await TemporaryDirectory.with { directory in
            await #expect(throws: KeyringUnavailableError.self) { try await Self.stores(.keyring, in: directory) }
            #expect(!FileManager.default.fileExists(atPath: directory.file("config/credentials.json").path))
        }
    }

    /// The setting that chose the keyring is the app's own words; the rest is the library's,
    /// which names no command-line option: an app says its own next step.
    @Test func theErrorNamesNoOptionOfItsOwn() async throws {
        try await TemporaryDirectory.with { directory in
            let error = await #expect(throws: KeyringUnavailableError.self) {
                try await TokenStores.make(
                    choice: .keyring, chosenBy: "the app's settings", file: directory.file("credentials.json"),
                    legacyFile: directory.file("legacy"), origin: Origin(URL(string: "https://a.example")!)!,
                    lockTimeout: .seconds(5), environment: Self.noBus, notices: { _ in })
            }
            let description = try #require(error?.description)
            #expect(description.hasSuffix("or keep the tokens in a file."))
            #expect(!description.contains("--"))
        }
    }
}
