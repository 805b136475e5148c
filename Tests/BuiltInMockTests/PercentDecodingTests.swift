import Foundation
import Testing

@testable import BuiltInMock

@Suite("The built-in API decodes a path's escapes as Foundation does")
struct PercentDecodingTests {
    @Test(arguments: [
        "556", "a%2Fb", "%41%42c", "caf%C3%A9", "%e2%82%ac",  // decoded
        "%+f", "%-1", "% 1", "%4", "%", "a%zz", "100%",  // not two hexadecimal digits: as it is
        "%FF", "%C3",  // not UTF-8: as it is
    ])
    func likeRemovingPercentEncoding(segment: String) {
        #expect(BuiltInMockRoute.decode(segment) == (segment.removingPercentEncoding ?? segment))
    }
}
