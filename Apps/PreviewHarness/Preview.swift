import Stubs
import TerminalUI

/// One screen in one state: what a SwiftUI `#Preview` is in the Cocoacasts series.
///
/// Rendering builds the screen's real view-model over a Stubs service or store, drives
/// it into the state with the same calls the app makes, and draws it with `Screens`,
/// exactly as the CLI prints it. Only what a user types is ever set by hand.
struct Preview: Sendable {
    /// What a rendering produced, and what the view-model said about itself then.
    struct Rendering: Equatable, Sendable {
        /// The screen as the terminal shows it.
        let text: String
        /// The name of the view-model's state when it was drawn (see ``caseName(of:)``).
        let state: String
        /// That state in words, and its kind, for the gallery.
        let label: StateLabel
        /// The message of that state, when it is a failure.
        let message: String?
        /// What sets the state apart within its case, where several previews show one case:
        /// the fate of a playback's position, the cause of its failure.
        var detail: String? = nil
    }

    /// Builds, drives and draws the view-model.
    typealias Render = @MainActor @Sendable (PreviewContent, TerminalStyle) async -> Rendering

    /// The screen shown.
    let screen: PreviewScreen
    /// What sets this preview apart from the screen's others: `loaded`, `failed-network`.
    let variant: String
    /// The name of the state the view-model is driven into (see ``caseName(of:)``).
    let state: String
    private let draw: Render

    /// Creates a preview of `screen` in the case of `state`; its payload does not matter.
    init(_ screen: PreviewScreen, _ variant: String, state: some Any, render: @escaping Render) {
        self.screen = screen
        self.variant = variant
        self.state = caseName(of: state)
        self.draw = render
    }

    /// A preview of the view-model `make` builds over the content, once `drive` has taken it
    /// into the state shown.
    init<Model: Drawn>(
        _ screen: PreviewScreen, _ variant: String, state: some Any,
        _ make: @escaping @MainActor @Sendable (PreviewContent) -> Model,
        then drive: @escaping @MainActor @Sendable (Model) async -> Void = { _ in }
    ) {
        self.init(screen, variant, state: state) { content, style in
            let model = make(content)
            await drive(model)
            return model.rendering(style: style)
        }
    }

    /// A preview of the view-model `make` builds, caught while the request `start` makes runs
    /// (see ``InFlight``).
    static func inFlight<Model: Drawn>(
        _ screen: PreviewScreen, _ variant: String = "loading", state: some Any,
        _ make: @escaping @MainActor @Sendable (PreviewContent) -> Model,
        starting start: @escaping @MainActor @Sendable (Model) async -> Void,
        until isRunning: @escaping @MainActor @Sendable (Model) -> Bool,
        cancel: @escaping @MainActor @Sendable (Model) -> Void = { _ in }
    ) -> Preview {
        Preview(screen, variant, state: state) { content, style in
            await InFlight.draw(make(content), style: style, starting: start, until: isRunning, cancel: cancel)
        }
    }

    /// The preview's unique name: `screen/variant`, such as `signIn/failed-network`.
    var name: String { "\(screen.rawValue)/\(variant)" }

    /// Renders the preview over `content` in `style`.
    @MainActor
    func render(content: PreviewContent, style: TerminalStyle = .plain) async -> Rendering {
        await draw(content, style)
    }
}

/// The name of `state`'s case, without its payload: `failed` for `.failed(message: …)`.
func caseName(of state: Any) -> String {
    Mirror(reflecting: state).children.first?.label ?? String(describing: state)
}
