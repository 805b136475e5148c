import Foundation
import PortContracts
import Testing

/// AddingAnAdapter's table names every protocol of Ports with the contract suite that holds its
/// adapters to it, and each suite is in PortContracts: a port added without one fails here.
@Suite("AddingAnAdapter lists every port with its contract suite")
struct EveryPortHasAContractTests {
    static let ports = Fixtures.repositoryRoot.appendingPathComponent("Modules/Ports")

    /// `public protocol Name` in every source file of Ports.
    static func protocols() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: ports.path).filter { $0.hasSuffix(".swift") }
            .flatMap { file in
                try String(contentsOf: ports.appendingPathComponent(file), encoding: .utf8)
                    .split(separator: "\n").compactMap { line -> String? in
                        guard line.hasPrefix("public protocol ") else { return nil }
                        return String(line.dropFirst("public protocol ".count).prefix { $0.isLetter || $0.isNumber })
                    }
            }.sorted()
    }

    @Test func everyPortIsInTheTableWithAContractThatExists() throws {
        let article = try String(
            contentsOf: Self.ports.appendingPathComponent("Ports.docc/AddingAnAdapter.md"), encoding: .utf8)
        let rows = article.split(separator: "\n").filter { $0.hasPrefix("   | ``") }
        let protocols = try Self.protocols()
        try #require(protocols.count >= 10, "\(protocols)")
        for port in protocols {
            let row = try #require(rows.first { $0.contains("``\(port)``") }, "\(port) has no row")
            let cells = row.split(separator: "|")
            let contract = try #require(
                cells.count > 2 ? cells[2].split(separator: "`").dropFirst().first : nil, "\(row)")
            let suite = Fixtures.repositoryRoot.appendingPathComponent("Tests/PortContracts/\(contract).swift")
            #expect(FileManager.default.fileExists(atPath: suite.path), "\(port): \(contract) is no suite")
        }
    }
}
