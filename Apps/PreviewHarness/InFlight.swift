/// Catches a view-model in the middle of a request, for the loading and signing-in
/// previews: the request runs against a stub that does not answer and is cancelled once drawn, so a
/// preview never waits for it to finish.
@MainActor
enum InFlight {
    /// How many times to let the request start before drawing whatever is there.
    static let attempts = 1_000

    /// Starts `request`, waits until `isRunning()` says the view-model reports it, draws
    /// the screen with `draw`, then calls `cancel`, cancels the request's task and waits for it to end.
    static func draw(
        starting request: @escaping @MainActor () async -> Void, until isRunning: () -> Bool,
        _ draw: () -> Preview.Rendering, cancel: () -> Void
    ) async -> Preview.Rendering {
        let task = Task { await request() }
        var attempt = 0
        while !isRunning() && attempt < attempts {
            await Task.yield()
            attempt += 1
        }
        let drawing = draw()
        cancel()
        task.cancel()  // for a view-model whose requests end with the caller's task
        await task.value
        return drawing
    }
}
