import Foundation

/// How many TCP connections a piece of work opened to a port, from the kernel's socket
/// tables: the client ends whose remote port it is, in any state — closed ones stay listed
/// in TIME_WAIT for a minute — that were not there before. (libcurl's own count,
/// `CURLINFO_NUM_CONNECTS`, is not exposed by the transport.)
enum Connections {
    static func opened(toPort port: Int, during work: () async throws -> Void) async throws -> Int {
        let before = clientPorts(connectedTo: port)
        try await work()
        return clientPorts(connectedTo: port).subtracting(before).count
    }

    /// The local ports of sockets whose remote port is `port`, from /proc/net/tcp and tcp6.
    private static func clientPorts(connectedTo port: Int) -> Set<Int> {
        var ports: Set<Int> = []
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            // Read to the end: a /proc file's size says 0, which `String(contentsOfFile:)` believes.
            guard let data = FileHandle(forReadingAtPath: table)?.readDataToEndOfFile() else { continue }
            let text = String(decoding: data, as: UTF8.self)
            // "  sl  local_address rem_address   st …": addresses as HEXADDRESS:HEXPORT.
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 2, let local = fields[1].split(separator: ":").last,
                    let remote = fields[2].split(separator: ":").last, Int(remote, radix: 16) == port,
                    let localPort = Int(local, radix: 16)
                else { continue }
                ports.insert(localPort)
            }
        }
        return ports
    }
}
