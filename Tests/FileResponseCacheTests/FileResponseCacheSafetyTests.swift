import Domain
import FileResponseCache
import Foundation
import PortContracts
import Ports
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The cache once trusted what the token store refuses; each test failed on the code before it was checked.
@Suite("FileResponseCache trusts no directory, entry or file name another user could plant")
struct FileResponseCacheSafetyTests {
    typealias Problems = FileResponseCacheTests.Problems

    /// An entry as the cache writes it, for `key`, placed in `folder` by someone else.
    static func plant(_ entry: CachedResponse, for key: ResponseCacheKey, in folder: URL) async throws -> URL {
        try await TemporaryDirectory.with { scratch async throws in
            let honest = FileResponseCache(directory: scratch.file("honest"))
            await honest.store(entry, for: key)
            let planted = folder.appendingPathComponent(honest.file(for: key).lastPathComponent)
            try FileManager.default.copyItem(at: honest.file(for: key), to: planted)
            return planted
        }
    }

    /// A list that stays fresh for years: what a forger writes.
    static let forged = CachedResponse(
        body: Data(#"[{"forged":true}]"#.utf8), date: Date(), cacheControl: CacheControl(maxAge: Int(Int32.max)))

    @Test(arguments: [0o777, 0o1777, 0o770])
    func aDirectoryOthersMayWriteIsNotUsed(mode: Int) async throws {
        try await TemporaryDirectory.with { directory async throws in
            let folder = directory.file("cocoacasts")
            #expect(mkdir(folder.path, 0o700) == 0 && chmod(folder.path, mode_t(mode)) == 0)
            let planted = try await Self.plant(Self.forged, for: SampleCache.key, in: folder)
            let plantedBytes = try Data(contentsOf: planted)
            let problems = Problems()
            let cache = FileResponseCache(directory: folder, onProblem: problems.record)
            #expect(await cache.response(for: SampleCache.key) == nil, "a planted list is never read")
            await cache.store(SampleCache.entry, for: SampleCache.key)
            await cache.removeResponse(for: SampleCache.key)
            #expect(try Data(contentsOf: planted) == plantedBytes, "nothing is written or removed there either")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [planted.lastPathComponent])
            #expect(try TemporaryDirectory.mode(of: folder) == String(mode & 0o777, radix: 8), "never chmod-ed")
            #expect(problems.all.map(\.subject) == [.directory], "said once")
            #expect(problems.all.first?.detail.contains("is writable by other users") == true)
            await #expect(throws: ResponseCacheError.self) { try await cache.clear() }
            await #expect(throws: ResponseCacheError.self) { try await cache.summary() }
            #expect(FileManager.default.fileExists(atPath: planted.path))
        }
    }

    @Test func anotherUsersDirectoryIsNotUsed() async throws {
        guard geteuid() == 0 else { return try skip(because: "a directory of another user's needs root to make") }
        try await TemporaryDirectory.with { directory async throws in
            let folder = directory.file("cocoacasts")
            #expect(mkdir(folder.path, 0o700) == 0)
            let planted = try await Self.plant(Self.forged, for: SampleCache.key, in: folder)
            #expect(chown(folder.path, 65_534, 65_534) == 0 && chown(planted.path, 65_534, 65_534) == 0)
            let problems = Problems()
            let cache = FileResponseCache(directory: folder, onProblem: problems.record)
            #expect(await cache.response(for: SampleCache.key) == nil)
            #expect(problems.all.first?.detail.hasPrefix("belongs to another user") == true)
        }
    }

    @Test func aSymbolicLinkIsNeverFollowed() async throws {
        try await TemporaryDirectory.with { directory async throws in
            let work = directory.file("work")
            #expect(mkdir(work.path, 0o755) == 0)
            for name in ["draft.tmp", "report.response", "notes"] {
                try Data("the victim's".utf8).write(to: work.appendingPathComponent(name))
            }
            let planted = try await Self.plant(Self.forged, for: SampleCache.key, in: work)
            let link = directory.file("cocoacasts")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: work)
            let problems = Problems()
            let cache = FileResponseCache(directory: link, onProblem: problems.record)
            #expect(await cache.response(for: SampleCache.key) == nil)
            await cache.store(SampleCache.entry, for: SampleCache.key)
            await cache.removeResponse(for: SampleCache.key)
            await #expect(throws: ResponseCacheError.self) { try await cache.clear() }
            await #expect(throws: ResponseCacheError.self) { try await cache.summary() }
            let names = try FileManager.default.contentsOfDirectory(atPath: work.path).sorted()
            #expect(names == ["draft.tmp", "notes", planted.lastPathComponent, "report.response"].sorted())
            #expect(try TemporaryDirectory.mode(of: work) == "755", "never chmod-ed through the link")
            #expect(problems.all.first?.detail.hasPrefix("is a symbolic link") == true, "\(problems.all)")
        }
    }

    @Test func onlyTheCachesOwnFilesAreListedClearedOrEvicted() async throws {
        try await TemporaryDirectory.with { directory async throws in
            let folder = directory.file("cocoacasts")
            let cache = FileResponseCache(directory: folder, sizeLimit: 1_000)
            await cache.store(SampleCache.entry, for: SampleCache.key)
            let strangers = ["draft.tmp", "report.response", "0123456789abcdef.response.bak", "\u{1B}]0;X\u{07}.tmp"]
            for name in strangers { try Data(count: 2_000).write(to: folder.appendingPathComponent(name)) }
            await cache.store(SampleCache.newer, for: SampleCache.otherRoute)  // evicts, if anything
            #expect(try await cache.summary().entryCount == 2)
            try await cache.clear()
            #expect(try await cache.summary().entryCount == 0)
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == Set(strangers))
        }
    }

    @Test func anEntryFileTheUserDoesNotSolelyControlIsRefused() async throws {
        try await TemporaryDirectory.with { directory async throws in
            let folder = directory.file("cocoacasts")
            let problems = Problems()
            let cache = FileResponseCache(directory: folder, onProblem: problems.record)
            await cache.store(SampleCache.entry, for: SampleCache.key)
            let file = cache.file(for: SampleCache.key)
            #expect(chmod(file.path, 0o666) == 0)
            #expect(await cache.response(for: SampleCache.key) == nil)
            #expect(problems.all.last?.detail == "was refused: it is writable by other users (mode 666)")
            #expect(chmod(file.path, 0o600) == 0)
            try FileManager.default.removeItem(at: file)
            try FileManager.default.createSymbolicLink(at: file, withDestinationURL: directory.file("elsewhere"))
            #expect(await cache.response(for: SampleCache.key) == nil)
            #expect(problems.all.last?.detail == "was refused: it is a symbolic link")
            guard geteuid() == 0 else { return try skip(because: "a file of another user's needs root to make") }
            try FileManager.default.removeItem(at: file)
            await cache.store(SampleCache.entry, for: SampleCache.key)
            #expect(chown(file.path, 65_534, 65_534) == 0)
            #expect(await cache.response(for: SampleCache.key) == nil)
            #expect(problems.all.last?.detail == "was refused: it belongs to another user")
            try await cache.clear()
            #expect(
                FileManager.default.fileExists(atPath: file.path), "another user's file is not the cache's to remove")
        }
    }

    /// A 2 GB sparse entry took 288 s and 2.1 GB before it was dropped: one `fstat` first.
    @Test func anEntryLargerThanTheLimitIsDroppedUnread() async throws {
        try await TemporaryDirectory.with { directory async throws in
            let problems = Problems()
            let cache = FileResponseCache(directory: directory.file("cocoacasts"), onProblem: problems.record)
            await cache.store(SampleCache.entry, for: SampleCache.key)
            let file = cache.file(for: SampleCache.key)
            let huge = Int64(FileResponseCache.defaultSizeLimit) * 64  // 2 GiB, sparse: no disk, no time to make
            #expect(truncate(file.path, off_t(huge)) == 0)
            #expect(await cache.response(for: SampleCache.key) == nil)
            #expect(problems.all.last?.detail == "was dropped: it is \(huge) bytes, more than the limit of 33554432")
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func anotherWritersFreshTemporaryFileIsLeftAloneAndAnAbandonedOneRemoved() async throws {
        try await TemporaryDirectory.with { directory async throws in
            let cache = FileResponseCache(directory: directory.file("cocoacasts"))
            await cache.store(SampleCache.entry, for: SampleCache.key)
            let entry = cache.file(for: SampleCache.key).lastPathComponent
            let fresh = directory.file("cocoacasts/.\(entry).\(UUID().uuidString).tmp")
            let abandoned = directory.file("cocoacasts/.\(entry).\(UUID().uuidString).tmp")
            for file in [fresh, abandoned] { try Data(count: 10).write(to: file) }
            try FileManager.default.setAttributes(
                [.modificationDate: Date() - 3_600], ofItemAtPath: abandoned.path)
            #expect(try await cache.summary().entryCount == 1, "a temporary file is no list")
            try await cache.clear()
            #expect(FileManager.default.fileExists(atPath: fresh.path), "a write in progress is left to finish")
            #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        }
    }
}
