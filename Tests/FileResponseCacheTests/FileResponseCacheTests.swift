import Domain
import FileResponseCache
import Foundation
import PortContracts
import Ports
import Synchronization
import Testing

@Suite("FileResponseCache: private files, atomic writes, corrupt entries, LRU bound")
struct FileResponseCacheTests {
    /// The problems a cache reported.
    final class Problems: Sendable {
        let seen = Mutex<[FileResponseCacheProblem]>([])
        func record(_ problem: FileResponseCacheProblem) { seen.withLock { $0.append(problem) } }
        var all: [FileResponseCacheProblem] { seen.withLock { $0 } }
    }

    @Test func theDirectoryIsPrivateAndEachFileToo() async throws {
        try await TemporaryDirectory.with { directory in
            let cache = FileResponseCache(directory: directory.file("nested/cocoacasts"))
            await cache.store(SampleCache.entry, for: SampleCache.key)
            #expect(try TemporaryDirectory.mode(of: cache.directory) == "700")
            #expect(try TemporaryDirectory.mode(of: cache.file(for: SampleCache.key)) == "600")
            let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path)
            #expect(names == [cache.file(for: SampleCache.key).lastPathComponent])  // no temporary file left
        }
    }

    @Test func aLooseDirectoryIsMadePrivateOnTheNextWrite() async throws {
        try await TemporaryDirectory.with { directory in
            let url = directory.file("cache")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
            await FileResponseCache(directory: url).store(SampleCache.entry, for: SampleCache.key)
            #expect(try TemporaryDirectory.mode(of: url) == "700")
        }
    }

    @Test(arguments: ["", "garbage", "{\"version\":1}\n", "not json\nbody"])
    func aCorruptEntryIsDroppedReportedAndReplaced(_ contents: String) async throws {
        try await TemporaryDirectory.with { directory in
            let problems = Problems()
            let cache = FileResponseCache(directory: directory.url, onProblem: problems.record)
            let file = cache.file(for: SampleCache.key)
            try Data(contents.utf8).write(to: file)
            #expect(await cache.response(for: SampleCache.key) == nil)
            #expect(!FileManager.default.fileExists(atPath: file.path))
            #expect(problems.all.map(\.path) == [file.path])
            await cache.store(SampleCache.entry, for: SampleCache.key)
            #expect(await cache.response(for: SampleCache.key) == SampleCache.entry)
        }
    }

    @Test func aMissingEntryIsNoProblem() async throws {
        try await TemporaryDirectory.with { directory in
            let problems = Problems()
            let cache = FileResponseCache(directory: directory.file("absent"), onProblem: problems.record)
            #expect(await cache.response(for: SampleCache.key) == nil)
            await cache.removeResponse(for: SampleCache.key)
            try await cache.clear()
            #expect(problems.all.isEmpty)
        }
    }

    @Test func aTruncatedBodyIsCorrupt() async throws {
        try await TemporaryDirectory.with { directory in
            let problems = Problems()
            let cache = FileResponseCache(directory: directory.url, onProblem: problems.record)
            await cache.store(SampleCache.entry, for: SampleCache.key)
            let file = cache.file(for: SampleCache.key)
            let data = try Data(contentsOf: file)
            try data.dropLast(3).write(to: file)
            #expect(await cache.response(for: SampleCache.key) == nil)
            #expect(problems.all.count == 1)
            #expect(!problems.all[0].description.contains("abc"))  // names the file, not its contents
        }
    }

    @Test func theLeastRecentlyUsedEntriesGoFirstWhenTheBoundIsPassed() async throws {
        try await TemporaryDirectory.with { directory in
            let body = Data(repeating: UInt8(ascii: "x"), count: 1_000)
            let entry = CachedResponse(body: body, date: Date())
            let keys = (0..<4).map { ResponseCacheKey(origin: SampleCache.key.origin, route: "GET r\($0)") }
            let cache = FileResponseCache(directory: directory.url, sizeLimit: 3_700)
            // Used a minute, 50 s and 40 s ago, by their modification times, set here: the file
            // system's clock is too coarse to tell apart writes made one after another.
            for (age, key) in zip([60.0, 50, 40], keys.prefix(3)) {
                await cache.store(entry, for: key)
                try FileManager.default.setAttributes(
                    [.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: cache.file(for: key).path)
            }
            #expect(await cache.response(for: keys[0]) != nil)  // r0 is now the most recently used
            await cache.store(entry, for: keys[3])
            #expect(await cache.response(for: keys[1]) == nil)
            for key in [keys[0], keys[2], keys[3]] { #expect(await cache.response(for: key) != nil) }
            let summary = try await cache.summary()
            #expect(summary.entryCount == 3)
            #expect(summary.byteCount <= 3_700)
        }
    }

    @Test func anEntryLargerThanTheBoundIsNotSavedButReported() async throws {
        try await TemporaryDirectory.with { directory in
            let problems = Problems()
            let cache = FileResponseCache(directory: directory.url, sizeLimit: 100, onProblem: problems.record)
            await cache.store(CachedResponse(body: Data(count: 200), date: Date()), for: SampleCache.key)
            #expect(await cache.response(for: SampleCache.key) == nil)
            #expect(problems.all.count == 1)
        }
    }

    @Test func aWriteThatFailsIsReportedNeverThrown() async throws {
        try await TemporaryDirectory.with { directory in
            let problems = Problems()
            try Data().write(to: directory.file("file"))
            let cache = FileResponseCache(directory: directory.file("file/cache"), onProblem: problems.record)
            await cache.store(SampleCache.entry, for: SampleCache.key)
            #expect(problems.all.first?.subject == .directory)
            #expect(problems.all.first?.detail.hasPrefix("cannot be used: it could not be created") == true)
            #expect(await cache.response(for: SampleCache.key) == nil)  // not there, and no crash
        }
    }

    @Test func theSummaryNamesTheDirectoryAndCountsEntries() async throws {
        try await TemporaryDirectory.with { directory in
            let cache = FileResponseCache(directory: directory.file("cache"))
            let empty = try await cache.summary()
            #expect(empty.directory == cache.directory && empty.entryCount == 0 && empty.byteCount == 0)
            await cache.store(SampleCache.entry, for: SampleCache.key)
            let summary = try await cache.summary()
            #expect(summary.entryCount == 1)
            #expect(summary.byteCount > SampleCache.entry.body.count)
            try await cache.clear()
            #expect(try await cache.summary().entryCount == 0)
        }
    }

    @Test func theLocationFollowsXDGThenHome() {
        #expect(
            CacheLocation.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]).path
                == "/x/cache/cocoacasts")
        #expect(CacheLocation.defaultDirectory(environment: ["HOME": "/home/u"]).path == "/home/u/.cache/cocoacasts")
        #expect(
            CacheLocation.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]).path
                == "/home/u/.cache/cocoacasts")
        #expect(
            CacheLocation.defaultDirectory(environment: ["XDG_CACHE_HOME": "", "HOME": "/home/u"]).path
                == "/home/u/.cache/cocoacasts")
    }
}
