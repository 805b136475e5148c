import Domain
import Presentation
import Stores
import Stubs

extension Previews {
    /// The profile: before the store is read, signed in, signed out, a token store that
    /// cannot be read (one preview per reason but the read-only one, which the sign-out
    /// shows; and a locked keyring), and a sign-out the store refused.
    static let profile: [Preview] = [
        Preview(.profile, "checking", state: State.checking) {
            ProfileViewModel(tokenStore: PreviewScenario.signedIn.tokenStore(content: $0))
        },
        read("signed-in", State.signedIn) { PreviewScenario.signedIn.tokenStore(content: $0) },
        read("signed-out", State.signedOut) { PreviewScenario.signedOut.tokenStore(content: $0) },
        unreadable("unreadable-corrupt", failingWith: StoreFailures.corrupt),
        unreadable("unreadable-permissions", failingWith: StoreFailures.insecure),
        unreadable("unreadable-locked", failingWith: StoreFailures.locked),
        unreadable("unreadable-untrusted-directory", failingWith: StoreFailures.untrusted),
        unreadable("keyring-locked", failingWith: StoreFailures.keyringLocked),
        Preview(.profile, "sign-out-failed", state: State.signOutFailed(message: "")) { content in
            let keys = KeyValueTokenStore(store: InMemoryKeyValueStore())  // where a token store keeps the pair
            let store = UnusableStore(
                [keys.accessTokenKey: content.tokens.accessToken, keys.refreshTokenKey: content.tokens.refreshToken],
                writeFailure: StoreFailures.readOnly)
            return ProfileViewModel(tokenStore: KeyValueTokenStore(store: store))
        } then: {
            await $0.signOut()
        },
    ]

    private typealias State = ProfileViewModel.State

    /// The profile over a token store whose reads fail with `error`.
    private static func unreadable(_ variant: String, failingWith error: StoreError) -> Preview {
        read(variant, State.storeUnreadable(message: "")) { _ in
            KeyValueTokenStore(store: UnusableStore(readFailure: error))
        }
    }

    /// The profile once it has read the store `store` makes.
    private static func read(
        _ variant: String, _ state: State,
        _ store: @escaping @MainActor @Sendable (PreviewContent) -> KeyValueTokenStore
    ) -> Preview {
        Preview(.profile, variant, state: state) {
            ProfileViewModel(tokenStore: store($0))
        } then: {
            await $0.refresh()
        }
    }
}
