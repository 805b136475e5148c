import Foundation

/// 6e. The release binary itself: its data segment (`size`), which ICU's tables swell to
/// 38 MB once anything the CLI links names Foundation's formatters, locales or the classes
/// CoreFoundation backs; the ICU symbols left (`nm`: `ucol_`, `udat_`, `ucal_`, `ubrk_`,
/// `_FoundationICU`); and what it links (`ldd`). Target: at most 6 MB of data, no ICU symbol.
/// Scripts/validate keeps the names out of the sources; this checks what the linker made.
enum ReleaseBinaryCheck {
    static let dataLimit = 6_000_000

    static func run(cli: String) throws -> Row {
        let (sizeStatus, sizes) = try Spawn.standardOutput(of: "/usr/bin/size", [cli])
        // "   text    data     bss     dec     hex filename" then the figures.
        let fields = sizes.split(separator: "\n").last?.split(whereSeparator: \.isWhitespace) ?? []
        guard sizeStatus == 0, fields.count >= 3, let text = Int(fields[0]), let data = Int(fields[1]) else {
            throw BenchmarkError.unexpected("size \(cli): \(sizes)")
        }
        let (nmStatus, symbols) = try Spawn.standardOutput(of: "/usr/bin/nm", [cli])
        guard nmStatus == 0 else { throw BenchmarkError.unexpected("nm \(cli) exited \(nmStatus)") }
        let icu = symbols.split(separator: "\n").filter { line in
            ["ucol_", "udat_", "ucal_", "ubrk_", "_FoundationICU", "FoundationInternationalization"].contains {
                line.contains($0)
            }
        }
        let (_, linked) = try Spawn.standardOutput(of: "/usr/bin/ldd", [cli])
        let libraries = linked.split(separator: "\n").compactMap {
            $0.split(whereSeparator: \.isWhitespace).first.map(String.init)
        }
        let bytes = try FileManager.default.attributesOfItem(atPath: cli)[.size] as? Int ?? 0
        return Row(
            benchmark: "6e. release binary", variants: [], ratio: Double(data) / 1e6,
            target: "data ≤ 6 MB, no ICU symbol",
            measured: String(
                format: "%.1f MB data, %.1f MB text, %.1f MB file; %d ICU symbols; links %@", Double(data) / 1e6,
                Double(text) / 1e6, Double(bytes) / 1e6, icu.count, libraries.joined(separator: " ")),
            met: data <= dataLimit && icu.isEmpty)
    }
}
