// urlsession-probe URL — one GET through URLSessionTransport, in a process of its own, so
// that a test can see what Foundation leaves on disk (URLSessionTransportTests).
import Foundation
import Ports
import URLSessionTransport

guard CommandLine.arguments.count == 2, let url = URL(string: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: urlsession-probe URL\n".utf8))
    exit(64)
}
do {
    let response = try await URLSessionTransport().send(HTTPRequest(method: "GET", url: url, timeout: 60))
    print(response.status)
} catch {
    FileHandle.standardError.write(Data("urlsession-probe: \(error)\n".utf8))
    exit(1)
}
