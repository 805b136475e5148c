import Ports
import TerminalUI
import Testing

/// A download's line at the widths people's terminals have: what goes first, and what stays.
@Suite("DownloadLine: title cut first, [n/N], percent, sizes, rate, time left")
struct DownloadLineTests {
    /// 12.3 MB of a 29.4 MB file, at 2.9 MB/s: 6 s left.
    static let file = DownloadLine(
        title: "Adopting the Model-View-ViewModel Pattern", place: (2, 3),
        progress: DownloadProgress(bytes: 12_300_000, expectedBytes: 29_400_000, partsDone: 0, parts: 1),
        bytesPerSecond: 2_900_000)

    @Test func everythingAtAHundredAndTwentyColumns() {
        #expect(
            Self.file.text(width: 119)
                == "[2/3]  Adopting the Model-View-ViewModel Pattern  41%  12.3/29.4 MB  2.9 MB/s  0:06 left")
    }

    @Test(arguments: [
        (79, "[2/3]  Adopting the Model-View-ViewMod…  41%  12.3/29.4 MB  2.9 MB/s  0:06 left"),
        (49, "[2/3]  41%  12.3/29.4 MB  2.9 MB/s  0:06 left"),
        (29, "[2/3]  41%  12.3/29.4 MB"),
        (12, "[2/3]  41%"),
    ])
    func theTitleIsCutFirstThenTheFactsFromTheEnd(width: Int, line: String) {
        #expect(Self.file.text(width: width) == line)
        #expect(CellWidth.of(Self.file.text(width: width)) <= width)
    }

    @Test func noRateNorTimeLeftUntilThereIsARate() {
        var starting = Self.file
        starting.bytesPerSecond = nil
        #expect(starting.text(width: 119) == "[2/3]  Adopting the Model-View-ViewModel Pattern  41%  12.3/29.4 MB")
    }

    /// A stream's parts: the bit rate's estimate, then, once a quarter is done, what the parts say.
    @Test func aStreamsTotalIsMarkedAsAnEstimateAndFollowsThePartsDone() {
        var stream = DownloadLine(
            title: nil, place: nil,
            progress: DownloadProgress(bytes: 1_000_000, expectedBytes: 40_000_000, partsDone: 2, parts: 100),
            bytesPerSecond: nil)
        #expect(stream.text(width: 79) == "2%  1.0/~40.0 MB")
        stream.progress = DownloadProgress(bytes: 13_000_000, expectedBytes: 40_000_000, partsDone: 25, parts: 100)
        #expect(stream.text(width: 79) == "25%  13.0/~52.0 MB")
    }
}
