import Domain
import FileTokenStore
import Foundation
import Ports
// A second process for the file store's multi-process tests.
//
//   token-store-worker cycle   STORE ORIGIN WORKER COUNT
//       COUNT times: store the pair "w<WORKER>-<i>", then read a pair back; any read
//       that fails or is not a pair some worker wrote exits 1.
//   token-store-worker write-forever STORE ORIGIN FIRST
//       stores the pairs "k<FIRST>", "k<FIRST+1>", … until it is killed, printing a line
//       once the first one is stored.
//   token-store-worker refresh STORE ORIGIN STALE CALLS START
//       at the Unix time START, refresh STALE; the refresh appends a line to CALLS and
//       returns a pair "refreshed-<pid>". Prints the access token it ended with.
//   token-store-worker wait-for-lock STORE ORIGIN WRITERS
//       see `waitForLock(store:origin:writers:)`.
import Stores

let arguments = CommandLine.arguments
guard arguments.count >= 5, let origin = URL(string: arguments[3]).flatMap(Origin.init) else {
    FileHandle.standardError.write(Data("usage: token-store-worker cycle|refresh STORE ORIGIN …\n".utf8))
    exit(64)
}
let store = KeyValueTokenStore.credentialsFile(
    at: URL(fileURLWithPath: arguments[2]), origin: origin, lockTimeout: .seconds(20))

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("token-store-worker: \(message)\n".utf8))
    exit(1)
}

switch arguments[1] {
case "cycle" where arguments.count == 6:
    let worker = arguments[4]
    for index in 0..<(Int(arguments[5]) ?? 0) {
        let pair = TokenPair(accessToken: "w\(worker)-\(index)", refreshToken: "w\(worker)-\(index)")
        do {
            try await store.setTokens(pair)
            guard let read = try await store.tokens(), read.accessToken.hasPrefix("w"),
                read.accessToken == read.refreshToken
            else { fail("read back no pair a worker wrote") }
        } catch {
            fail("\(error)")
        }
    }
case "write-forever":
    var index = Int(arguments[4]) ?? 0
    while true {
        do {
            try await store.setTokens(TokenPair(accessToken: "k\(index)", refreshToken: "k\(index)"))
        } catch {
            fail("\(error)")
        }
        if index == Int(arguments[4]) { FileHandle.standardOutput.write(Data("stored\n".utf8)) }
        index += 1
    }
case "refresh" where arguments.count == 7:
    let calls = arguments[5]
    let start = Date(timeIntervalSince1970: TimeInterval(arguments[6]) ?? 0)
    try? await Task.sleep(for: .seconds(max(0, start.timeIntervalSinceNow)))
    do {
        let fresh = try await store.refreshTokens(replacing: arguments[4]) { _ in
            let line = Data("refresh by \(getpid())\n".utf8)
            let handle = FileHandle(forWritingAtPath: calls)
            handle?.seekToEndOfFile()
            handle?.write(line)
            try? handle?.close()
            try? await Task.sleep(for: .milliseconds(200))
            return TokenPair(accessToken: "refreshed-\(getpid())", refreshToken: "next-\(getpid())")
        }
        print(fresh.accessToken)
    } catch {
        fail("\(error)")
    }
case "wait-for-lock":
    await waitForLock(store: URL(fileURLWithPath: arguments[2]), origin: origin, writers: Int(arguments[4]) ?? 1)
default:
    fail("unknown command \(arguments[1])")
}
