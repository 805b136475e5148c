import Domain
import Foundation
import Ports
import Stores
import Testing

extension Contract where Subject == KeptPositionStoreFixture {
    /// Values that are no kept position.
    static let unreadableValues = [
        "not JSON", "[]", "{}", #"{"cursor": "12", "recordedAt": 1}"#, #"{"cursor": -1, "recordedAt": 1}"#,
        #"{"cursor": 12}"#,
    ]

    static var storageCases: [KeptPositionStoreContract] {
        [
            KeptPositionStoreContract("a position is stored as {cursor, recordedAt} under its video's key") {
                fixture async throws in
                let keptPositions = fixture.keptPositions(
                    server: "https://api.example.com:443", account: "bart@cocoacasts.com")
                try await keptPositions.keep(.sample("632759499", 124, at: 0.5))
                #expect(
                    try await fixture.store.allValues() == [
                        "https://api.example.com:443#bart@cocoacasts.com#progress#632759499":
                            #"{"cursor":124,"recordedAt":1795000000.5}"#
                    ])
            },
            KeptPositionStoreContract("servers, accounts and the store's other keys stay apart") {
                fixture async throws in
                try await fixture.store.apply(["http://127.0.0.1:8080#accessToken": "access-1"])
                let mine = fixture.keptPositions()
                let otherAccount = fixture.keptPositions(account: "bart@cocoacasts.com")
                let otherServer = fixture.keptPositions(server: "https://api.example.com:443")
                try await mine.keep(.sample("a", 1, at: 0))
                try await otherAccount.keep(.sample("a", 2, at: 0))
                try await otherServer.keep(.sample("a", 3, at: 0))
                #expect(try await mine.kept() == [.sample("a", 1, at: 0)])
                #expect(try await otherAccount.kept() == [.sample("a", 2, at: 0)])
                try await mine.remove(.sample("a", 1, at: 0))
                #expect(try await mine.kept().isEmpty)
                #expect(try await otherServer.kept() == [.sample("a", 3, at: 0)])
                #expect(try await fixture.store.value(forKey: "http://127.0.0.1:8080#accessToken") == "access-1")
            },
            KeptPositionStoreContract("a value that does not parse is passed over and told, naming its key") {
                fixture async throws in
                let told = CallRecorder<StoreError>()
                let keptPositions = fixture.keptPositions { told.record($0) }
                let key = keptPositions.key(forVideo: "bad")
                try await keptPositions.keep(.sample("a", 10, at: 0))
                for value in unreadableValues {
                    try await fixture.store.setValue(value, forKey: key)
                    #expect(try await keptPositions.kept() == [.sample("a", 10, at: 0)], "other videos stay usable")
                    guard case .corrupt(let path, let detail)? = told.calls.last else {
                        Issue.record("\(value): \(told.calls)")
                        continue
                    }
                    #expect(path == key)
                    #expect(detail.contains("video bad") && !detail.contains(value), "\(detail)")
                    #expect(try await fixture.store.value(forKey: key) == value, "left as it is")
                }
                #expect(told.calls.count == unreadableValues.count)
            },
            KeptPositionStoreContract("the video's next position replaces a value that does not parse") {
                fixture async throws in
                let keptPositions = fixture.keptPositions()
                try await fixture.store.setValue("not JSON", forKey: keptPositions.key(forVideo: "bad"))
                try await keptPositions.keep(.sample("bad", 5, at: 9))
                #expect(try await keptPositions.kept() == [.sample("bad", 5, at: 9)])
                try await fixture.store.setValue("not JSON", forKey: keptPositions.key(forVideo: "bad"))
                try await keptPositions.remove(.sample("bad", 5, at: 9))
                #expect(
                    try await fixture.store.value(forKey: keptPositions.key(forVideo: "bad")) == nil, "obsolete too")
            },
            KeptPositionStoreContract("forget removes whatever a video keeps, and only that") {
                fixture async throws in
                let keptPositions = fixture.keptPositions()
                try await keptPositions.keep(.sample("a", 10, at: 0))
                try await keptPositions.keep(.sample("b", 20, at: 1))
                try await fixture.store.setValue("not JSON", forKey: keptPositions.key(forVideo: "bad"))
                try await keptPositions.forget(videoID: "a")
                try await keptPositions.forget(videoID: "bad")
                try await keptPositions.forget(videoID: "never-kept")
                #expect(try await keptPositions.kept() == [.sample("b", 20, at: 1)])
                #expect(try await fixture.store.value(forKey: keptPositions.key(forVideo: "bad")) == nil)
            },
            KeptPositionStoreContract("a negative position or a time that is no time is refused, and nothing written") {
                fixture async throws in
                let keptPositions = fixture.keptPositions()
                try await keptPositions.keep(.sample("a", 10, at: 0))
                for refused in [
                    KeptPosition.sample("a", -1, at: 5),
                    KeptPosition(
                        progress: VideoProgress(videoID: "a", cursor: 9),
                        recordedAt: Date(timeIntervalSince1970: .infinity)),
                ] {
                    await #expect(throws: StoreError.self) { try await keptPositions.keep(refused) }
                }
                #expect(try await keptPositions.kept() == [.sample("a", 10, at: 0)])
            },
        ]
    }
}
