import Presentation
import TerminalUI

/// Drives a playback preview to the moment it is about: starts the watch, waits until the
/// view-model shows that moment, draws it, then lets the watch end (stops the player, or
/// releases a held save) and waits for it, so that nothing outlives the preview.
///
/// The stubs answer at once and the stub player moves its own clock, so the moment comes
/// within milliseconds; the wait is bounded all the same, far above that, and a preview
/// that never gets there draws what it has (its snapshot then fails, naming it).
@MainActor
enum Playthrough {
    /// The longest wait for the moment.
    static let limit: Duration = .seconds(60)

    /// Draws `model` once `isShown` holds for its state; `end` then lets the watch end.
    static func draw(
        _ model: PlaybackViewModel, style: TerminalStyle, when isShown: (PlaybackViewModel.State) -> Bool,
        then end: () -> Void
    ) async -> Preview.Rendering {
        let watch = Task { await model.watch() }
        let deadline = ContinuousClock.now + limit
        while !isShown(model.state) && ContinuousClock.now < deadline {
            do {
                try await Task.sleep(for: .milliseconds(1))
            } catch {
                break  // the preview was cancelled: draw what there is
            }
        }
        let drawing = Preview.Rendering(model, style: style)
        end()
        await watch.value
        return drawing
    }
}
