import TerminalUI
import Testing

/// Sizes as people type them for `--max-size`: powers of 1,000 as sizes are shown, of 1,024 with `i`.
@Suite("ByteSize.parse: 2G, 700M, 4GiB")
struct ByteSizeTests {
    @Test(arguments: [
        ("2G", 2_000_000_000), ("2GB", 2_000_000_000), ("1.5g", 1_500_000_000), ("700M", 700_000_000),
        ("500k", 500_000), ("4GiB", 4 << 30), ("4Gi", 4 << 30), ("1TB", 1_000_000_000_000), ("123", 123),
    ])
    func aSizeIsRead(text: String, bytes: Int) {
        #expect(ByteSize.parse(text) == bytes)
    }

    @Test(arguments: ["", "G", "2X", "-1G", "0", "0.0001", "2 G", "1.2.3M", "2GiBs", "12iB", "99999999999T"])
    func anythingElseIsNot(text: String) {
        #expect(ByteSize.parse(text) == nil)
    }
}
