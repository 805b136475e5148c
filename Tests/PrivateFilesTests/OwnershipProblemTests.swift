import Domain
import Foundation
import PortContracts
import PrivateFiles
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("OwnershipProblem: what makes a path not this user's alone")
struct OwnershipProblemTests {
    /// The status of `url`, not following a link.
    private static func status(_ url: URL) throws -> stat {
        var info = stat()
        try #require(lstat(url.path, &info) == 0)
        return info
    }

    @Test func aPrivateDirectoryAndFileAreTrusted() async throws {
        try await TemporaryDirectory.with { directory async throws in
            let folder = directory.file("private")
            #expect(mkdir(folder.path, 0o700) == 0)
            #expect(OwnershipProblem.ofDirectory(try Self.status(folder)) == nil)
            try Data().write(to: folder.appendingPathComponent("file"))
            #expect(chmod(folder.appendingPathComponent("file").path, 0o644) == 0)  // readable is not writable
            #expect(OwnershipProblem.ofFile(try Self.status(folder.appendingPathComponent("file"))) == nil)
        }
    }

    @Test(arguments: [0o770, 0o702, 0o777, 0o1777])
    func aDirectoryOthersMayWriteIsNot(mode: Int) async throws {
        try await TemporaryDirectory.with { directory async throws in
            let folder = directory.file("loose")
            #expect(mkdir(folder.path, 0o700) == 0 && chmod(folder.path, mode_t(mode)) == 0)
            let problem = OwnershipProblem.ofDirectory(try Self.status(folder))
            #expect(problem == .writableByOthers(mode: String(mode, radix: 8)))
            #expect(problem?.description == "is writable by other users (mode \(String(mode, radix: 8)))")
        }
    }

    @Test func aLinkIsRefusedWhereverItLeads() async throws {
        try await TemporaryDirectory.with { directory async throws in
            let target = directory.file("target")
            #expect(mkdir(target.path, 0o700) == 0)
            let link = directory.file("link")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            #expect(OwnershipProblem.ofDirectory(try Self.status(link)) == .symbolicLink)
            #expect(OwnershipProblem.ofFile(try Self.status(link)) == .symbolicLink)
        }
    }

    @Test func theWrongKindIsNamed() async throws {
        try await TemporaryDirectory.with { directory async throws in
            let file = directory.file("file")
            try Data().write(to: file)
            #expect(OwnershipProblem.ofDirectory(try Self.status(file)) == .notADirectory)
            #expect(OwnershipProblem.ofFile(try Self.status(directory.url)) == .notAFile)
        }
    }

    @Test func anotherUsersDirectoryIsNot() async throws {
        guard geteuid() == 0 else {
            return try skip(because: "giving a directory to another user needs root (CI runs as root)")
        }
        try await TemporaryDirectory.with { directory async throws in
            let folder = directory.file("theirs")
            #expect(mkdir(folder.path, 0o700) == 0 && chown(folder.path, 65_534, 65_534) == 0)
            #expect(OwnershipProblem.ofDirectory(try Self.status(folder)) == .otherOwner)
        }
    }

    @Test(arguments: [
        ("/home/u/.cache/cocoacasts", "/home/u/.cache/cocoacasts"),
        ("/tmp/a b", "'/tmp/a b'"),
        ("/tmp/it's", #"'/tmp/it'\''s'"#),
        ("/tmp/$(rm -rf ~)", "'/tmp/$(rm -rf ~)'"),
    ])
    func aPathBecomesOneShellWord(path: String, word: String) {
        #expect(shellQuoted(path) == word)
    }
}

@Suite("PrivateDirectory: a refused directory's fix")
struct PrivateDirectoryFixTests {
    /// The fix is what to do to the directory, naming no option of any app.
    @Test func aLinkedDirectorysFixIsToReplaceIt() async throws {
        try await TemporaryDirectory.with { directory async throws in
            let target = directory.file("target")
            #expect(mkdir(target.path, 0o700) == 0)
            let link = directory.file("link")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            let error = #expect(throws: StoreError.self) { try PrivateDirectory(path: link.path).check() }
            guard case .untrustedLocation(_, _, let fix)? = error else {
                Issue.record("not an untrusted location: \(String(describing: error))")
                return
            }
            #expect(fix == "Replace it with a directory of your own (`mkdir -m 700`).")
        }
    }
}
