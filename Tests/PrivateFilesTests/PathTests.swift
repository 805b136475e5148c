import Foundation
import PortContracts
import PrivateFiles
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Path and makeDirectory: NSString's path parts and mkdir -p, without CoreFoundation")
struct PathTests {
    static let paths = [
        "/a/b/c", "/a/b/", "/a", "/", "", "name", "a/b", "//a", "/a//b", "/a/b///", "./x", "../x/y.json",
        "/tmp/.credentials.json.tmp-1", "/é/😀.json",
    ]

    /// `NSString`'s own answers, on every shape of path.
    @Test(arguments: paths)
    func theParentAndLastComponentAreNSStrings(path: String) {
        #expect(Path.parent(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
        #expect(Path.lastComponent(of: path) == (path as NSString).lastPathComponent, "\(path)")
    }

    /// Where Linux's NSString says "" (Darwin's says "/"), the root is the root.
    @Test func slashesAloneAreTheRoot() {
        #expect(Path.parent(of: "///") == "/" && Path.lastComponent(of: "///") == "/")
    }

    @Test func missingParentsAreMadeAndAnExistingDirectoryIsLeftAsItIs() async throws {
        try await TemporaryDirectory.with { directory async throws in
            let deep = directory.file("a/b/c").path
            try makeDirectory(deep, mode: 0o700)
            var info = stat()
            #expect(stat(deep, &info) == 0 && info.st_mode & 0o777 == 0o700)
            #expect(stat(directory.file("a/b").path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
            try makeDirectory(deep, mode: 0o755)  // exists: nothing changes
            #expect(stat(deep, &info) == 0 && info.st_mode & 0o777 == 0o700)
        }
    }

    @Test func aFileInTheWayNamesItselfAndTheReason() async throws {
        try await TemporaryDirectory.with { directory async throws in
            try Data().write(to: directory.file("file"))
            let failure = #expect(throws: DirectoryCreationFailure.self) {
                try makeDirectory(directory.file("file/sub").path, mode: 0o700)
            }
            #expect(failure?.path == directory.file("file/sub").path)
            #expect(failure?.code == ENOTDIR && failure?.reason == String(cString: strerror(ENOTDIR)))
        }
    }
}
