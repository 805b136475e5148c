import Domain

/// What `read` gives, or `fallback` when the store fails: `problem` hears why, and the
/// screen goes on without what the store holds.
@MainActor
func reading<Value>(
    _ read: @autoclosure () async throws(StoreError) -> Value, else fallback: Value, problem: (StoreError) -> Void
) async -> Value {
    do throws(StoreError) {
        return try await read()
    } catch {
        problem(error)
        return fallback
    }
}
