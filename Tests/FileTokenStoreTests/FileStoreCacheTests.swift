import Domain
import FileTokenStore
import Foundation
import PortContracts
import Ports
import Stores
import Testing

@Suite("FileKeyValueStore reads: cached while unchanged, fresh after a change")
struct FileStoreCacheTests {
    /// Rewrites the file in place with `text` (same length), keeping inode and modification time.
    static func rewriteInPlaceUnnoticeably(_ url: URL, _ text: String) throws {
        var info = stat()
        #expect(stat(url.path, &info) == 0)
        let descriptor = open(url.path, O_WRONLY)
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        #expect(write(descriptor, bytes, bytes.count) == bytes.count)
        var times = [info.st_atim, info.st_mtim]
        #expect(futimens(descriptor, &times) == 0)
    }

    @Test func anUnchangedFileIsNotParsedAgain() async throws {
        try await TemporaryDirectory.with { directory in
            let url = StoreFixture.credentials(in: directory)
            let cached = FileKeyValueStore(fileURL: url)
            let uncached = FileKeyValueStore(fileURL: url, cachesReads: false)
            try await cached.apply(["key": "value-1"])
            #expect(try await cached.value(forKey: "key") == "value-1")
            // Given a change the file's identity cannot show
            let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "value-1", with: "value-9")
            try Self.rewriteInPlaceUnnoticeably(url, text)
            // Then the caching store answers from its cache, and only a parsing store sees it
            #expect(try await cached.value(forKey: "key") == "value-1")
            #expect(try await uncached.value(forKey: "key") == "value-9")
        }
    }

    @Test func aChangeByAnotherProcessIsSeenByTheNextRead() async throws {
        try await TemporaryDirectory.with { directory in
            let reader = StoreFixture.store(in: directory)
            let writer = StoreFixture.store(in: directory)
            try await writer.setTokens(SampleTokens.first)
            #expect(try await reader.tokens() == SampleTokens.first)
            for _ in 0..<50 {
                try await writer.setTokens(SampleTokens.second)
                #expect(try await reader.tokens() == SampleTokens.second)
                try await writer.setTokens(SampleTokens.first)
                #expect(try await reader.tokens() == SampleTokens.first)
            }
            try await writer.reset()
            #expect(try await reader.tokens() == nil)
        }
    }

    @Test func aDeletedFileReadsAsEmpty() async throws {
        try await TemporaryDirectory.with { directory in
            let store = StoreFixture.store(in: directory)
            try await store.setTokens(SampleTokens.first)
            _ = try await store.tokens()
            try FileManager.default.removeItem(at: StoreFixture.credentials(in: directory))
            #expect(try await store.tokens() == nil)
        }
    }
}
