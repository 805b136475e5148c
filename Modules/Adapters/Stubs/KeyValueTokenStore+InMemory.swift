import Domain
import Ports
import Stores

extension KeyValueTokenStore {
    /// A token store that lives and dies with the process, for previews and tests: a
    /// ``/Stores/KeyValueTokenStore`` over a fresh ``InMemoryKeyValueStore`` holding `tokens`.
    public static func inMemory(holding tokens: TokenPair? = nil) -> KeyValueTokenStore {
        let empty = KeyValueTokenStore(store: InMemoryKeyValueStore())
        guard let tokens else { return empty }
        return KeyValueTokenStore(
            store: InMemoryKeyValueStore([
                empty.accessTokenKey: tokens.accessToken, empty.refreshTokenKey: tokens.refreshToken,
            ]))
    }
}
