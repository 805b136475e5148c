import Presentation
import TerminalUI

/// Drives a playback preview to the moment it is about: starts the watch, waits until the
/// view-model shows that moment, draws it, then lets the watch end (stops the player, or
/// releases a held save) and waits for it, so that nothing outlives the preview.
///
/// The stubs answer at once and the stub player moves its own clock, so the moment comes
/// within a few looks; the looks are bounded all the same, far above that, and a preview
/// that never gets there draws what it has (its snapshot then fails, naming it). They are
/// counted rather than timed: the watch needs the main actor as this loop does, so a main
/// actor kept busy elsewhere (a whole test suite) slows both alike, and a clock would run
/// out while neither could move.
@MainActor
enum Playthrough {
    /// How many times to look for the moment, a millisecond apart at the least.
    static let looks = 60_000

    /// Draws `model` once `isShown` holds for its state; `end` then lets the watch end.
    static func draw(
        _ model: PlaybackViewModel, style: TerminalStyle, when isShown: (PlaybackViewModel.State) -> Bool,
        then end: () -> Void
    ) async -> Preview.Rendering {
        let watch = Task { await model.watch() }
        var look = 0
        while !isShown(model.state) && look < looks {
            do {
                try await Task.sleep(for: .milliseconds(1))
            } catch {
                break  // the preview was cancelled: draw what there is
            }
            look += 1
        }
        let drawing = model.rendering(style: style)
        end()
        await watch.value
        return drawing
    }
}
