/// A line-by-line diff of a snapshot and what a preview draws now, for a test failure.
enum SnapshotDiff {
    /// The lines of `expected` and `actual`, common ones once and the rest marked `-`
    /// (only in `expected`) or `+` (only in `actual`), each with its line number in the
    /// text it comes from: `- 2     │ text`, `+     2 │ text`, `  3   3 │ text`.
    static func lines(expected: String, actual: String) -> [String] {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let common = commonLengths(old, new)
        let width = String(max(old.count, new.count)).count
        func number(_ value: Int?) -> String {
            let text = value.map(String.init) ?? ""
            return String(repeating: " ", count: width - text.count) + text
        }
        var lines: [String] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                lines.append("  \(number(i + 1)) \(number(j + 1)) │ \(old[i])")
                (i, j) = (i + 1, j + 1)
            } else if i < old.count, j == new.count || common[i + 1][j] >= common[i][j + 1] {
                lines.append("- \(number(i + 1)) \(number(nil)) │ \(old[i])")
                i += 1
            } else {
                lines.append("+ \(number(nil)) \(number(j + 1)) │ \(new[j])")
                j += 1
            }
        }
        return lines
    }

    /// `table[i][j]`: the length of the longest common subsequence of `old[i...]` and `new[j...]`.
    private static func commonLengths(_ old: [String], _ new: [String]) -> [[Int]] {
        var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in old.indices.reversed() {
            for j in new.indices.reversed() {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table
    }
}
