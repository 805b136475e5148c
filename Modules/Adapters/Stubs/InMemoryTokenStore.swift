import Ports

/// A token store that lives and dies with the process, for previews and tests.
public enum InMemoryTokenStore {
    /// A ``KeyValueTokenStore`` over a fresh ``InMemoryKeyValueStore``.
    public static func make() -> KeyValueTokenStore {
        KeyValueTokenStore(store: InMemoryKeyValueStore())
    }
}
