/// Sizes as people read them: `980 B`, `12.3 MB`, `1.4 GB` (powers of 1,000, as `ls -h --si` and disks say).
public enum ByteSize {
    public static func text(_ bytes: Int) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(bytes) B" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// A size as a person types it: `2G`, `1.5GB`, `700M`, `500k`, `2GiB`, `123` (bytes);
    /// `k`, `M`, `G`, `T` are powers of 1,000 (as sizes are shown), `Ki`…`Ti` of 1,024. `nil`
    /// for anything else, or a size that is not above zero.
    public static func parse(_ text: String) -> Int? {
        var rest = Substring(text)
        let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        rest = rest.dropFirst(number.count)
        if rest.hasSuffix("B") || rest.hasSuffix("b") { rest = rest.dropLast() }
        let binary = rest.hasSuffix("i")
        if binary { rest = rest.dropLast() }
        guard let value = Double(number), value > 0, rest.count <= 1,
            let power = ["": 0, "k": 1, "K": 1, "m": 2, "M": 2, "g": 3, "G": 3, "t": 4, "T": 4][String(rest)],
            !(binary && power == 0)
        else { return nil }
        let bytes = value * Double((0..<power).reduce(1) { product, _ in product * (binary ? 1024 : 1000) })
        return bytes >= 1 && bytes < Double(Int.max) ? Int(bytes) : nil
    }
}
