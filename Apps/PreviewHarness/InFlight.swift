import TerminalUI

/// Catches a view-model in the middle of a request, for the loading and signing-in
/// previews: the request runs against a stub that does not answer and is cancelled once drawn, so a
/// preview never waits for it to finish.
@MainActor
enum InFlight {
    /// How many times to let the request start before drawing whatever is there.
    static let attempts = 1_000

    /// Starts `request`, waits until `isRunning` says `model` reports it, draws the screen,
    /// then calls `cancel`, cancels the request's task and waits for it to end.
    static func draw<Model: Drawn>(
        _ model: Model, style: TerminalStyle, starting request: @escaping @MainActor (Model) async -> Void,
        until isRunning: (Model) -> Bool, cancel: (Model) -> Void
    ) async -> Preview.Rendering {
        let task = Task { await request(model) }
        var attempt = 0
        while !isRunning(model) && attempt < attempts {
            await Task.yield()
            attempt += 1
        }
        let drawing = model.rendering(style: style)
        cancel(model)
        task.cancel()  // for a view-model whose requests end with the caller's task
        await task.value
        return drawing
    }
}
