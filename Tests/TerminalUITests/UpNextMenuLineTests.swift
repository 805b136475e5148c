import Domain
import Foundation
import Presentation
import TerminalUI
import Testing

/// The up-next menu's line at the widths people's terminals have: the words of the keys while
/// they fit, then the keys alone; `p` only when there is an episode before.
@MainActor
@Suite("The up-next menu fits 30, 50 and 120 columns (their last column left free)")
struct UpNextMenuLineTests {
    static let episodes = (1...3).reversed().map {
        Episode(
            id: $0, title: "Episode \($0)", excerpt: "", imageURL: URL(fileURLWithPath: "/"), videoDuration: 513,
            videoID: "v\($0)")
    }
    static let finished = PlaybackViewModel.State.finished(
        .atTheEnd,
        .init(
            video: Video(duration: 513, videoURL: URL(fileURLWithPath: "/v"), imageURL: URL(fileURLWithPath: "/i")),
            start: 500, position: 513, saved: 513, sync: .saved))

    /// Up next after episode `played` ended.
    static func offering(after played: Int) -> UpNextViewModel {
        let model = UpNextViewModel(episodes: episodes, autoplay: false)
        model.playbackEnded(finished, videoID: "v\(played)")
        return model
    }

    @Test(arguments: [
        (119, "in 10 s: Enter next, r replay, p previous, q stop. "),
        (52, "in 10 s: Enter next, r replay, p previous, q stop. "),
        (49, "in 10 s (Enter/r/p/q) "),
        (29, "in 10 s (Enter/r/p/q) "),
    ])
    func theLineFits(width: Int, line: String) {
        let menu = Screens.upNextMenu(Self.offering(after: 2), secondsLeft: 10, width: width)
        #expect(menu == line)
        #expect(CellWidth.of(menu) <= width)
    }

    @Test func thereIsNoPreviousForTheOldest() {
        #expect(
            Screens.upNextMenu(Self.offering(after: 1), secondsLeft: 3, width: 79)
                == "in 3 s: Enter next, r replay, q stop. ")
        #expect(Screens.upNextMenu(Self.offering(after: 1), secondsLeft: 3, width: 20) == "in 3 s (Enter/r/q) ")
    }
}
