import Foundation

/// One row of the results: a benchmark, its variants, its target and whether it was met.
/// The table's ratio column shows, on each variant's line, the first variant over that one.
struct Row: Encodable {
    let benchmark: String
    let variants: [Statistics]
    /// The figure the target judges, when it is one number.
    let ratio: Double?
    let target: String
    let measured: String
    let met: Bool
}

/// Prints the table and writes the same rows as JSON.
struct Report {
    private(set) var rows: [Row] = []

    mutating func add(_ row: Row) {
        rows.append(row)
        Self.print(row)
    }

    static func header() {
        Swift.print(
            pad("benchmark", 34) + pad("variant", 30) + pad("median", 11) + pad("p90", 11) + pad("runs", 6)
                + pad("1st ÷", 7) + "target → measured")
        Swift.print(String(repeating: "-", count: 134))
    }

    private static func print(_ row: Row) {
        for (index, variant) in row.variants.enumerated() {
            let first = index == 0
            Swift.print(
                pad(first ? row.benchmark : "", 34) + pad(variant.label, 30) + pad(time(variant.median), 11)
                    + pad(time(variant.p90), 11) + pad("\(variant.runs)", 6)
                    + pad(variant.ratio.map { String(format: "%.2f", $0) } ?? "", 7)
                    + (first ? "\(row.target) → \(row.measured) \(row.met ? "MET" : "MISSED")" : ""))
        }
        if row.variants.isEmpty {
            Swift.print(
                pad(row.benchmark, 34) + pad("", 65) + "\(row.target) → \(row.measured) \(row.met ? "MET" : "MISSED")")
        }
    }

    func write(json path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(rows).write(to: URL(fileURLWithPath: path))
    }

    static func time(_ seconds: Double) -> String {
        switch seconds {
        case ..<1e-6: String(format: "%.0f ns", seconds * 1e9)
        case ..<1e-3: String(format: "%.2f µs", seconds * 1e6)
        case ..<1: String(format: "%.2f ms", seconds * 1e3)
        default: String(format: "%.2f s", seconds)
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
