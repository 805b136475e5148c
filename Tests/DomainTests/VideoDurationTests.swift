import Domain
import Testing

@Suite("Video durations as the rows show them")
struct VideoDurationTests {
    @Test(arguments: [
        (0, "0:00"), (9, "0:09"), (59, "0:59"), (60, "1:00"), (513, "8:33"),
        (3599, "59:59"), (3600, "1:00:00"), (3725, "1:02:05"), (36_000, "10:00:00"), (-5, "0:00"),
    ])
    func format(seconds: Int, expected: String) {
        #expect(VideoDuration.format(seconds: seconds) == expected)
    }
}
