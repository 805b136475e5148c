import Domain
import Ports
import Presentation
import Stores
import Stubs
import TerminalUI

extension Previews {
    /// The profile: before the store is read, signed in, signed out, a token store that
    /// cannot be read (one preview per reason but the read-only one, which the sign-out
    /// shows; and a locked keyring), and a sign-out the store refused.
    static let profile: [Preview] = [
        Preview(.profile, "checking", state: State.checking) { content, style in
            .init(ProfileViewModel(tokenStore: PreviewScenario.signedIn.tokenStore(content: content)), style: style)
        },
        Preview(.profile, "signed-in", state: State.signedIn) { content, style in
            await read(PreviewScenario.signedIn.tokenStore(content: content), style: style)
        },
        Preview(.profile, "signed-out", state: State.signedOut) { content, style in
            await read(PreviewScenario.signedOut.tokenStore(content: content), style: style)
        },
        unreadable("unreadable-corrupt", failingWith: StoreFailures.corrupt),
        unreadable("unreadable-permissions", failingWith: StoreFailures.insecure),
        unreadable("unreadable-locked", failingWith: StoreFailures.locked),
        unreadable("unreadable-untrusted-directory", failingWith: StoreFailures.untrusted),
        unreadable("keyring-locked", failingWith: StoreFailures.keyringLocked),
        Preview(.profile, "sign-out-failed", state: State.signOutFailed(message: "")) { content, style in
            let keys = KeyValueTokenStore(store: InMemoryKeyValueStore())  // where a token store keeps the pair
            let store = UnusableStore(
                [keys.accessTokenKey: content.tokens.accessToken, keys.refreshTokenKey: content.tokens.refreshToken],
                writeFailure: StoreFailures.readOnly)
            let model = ProfileViewModel(tokenStore: KeyValueTokenStore(store: store))
            await model.signOut()
            return .init(model, style: style)
        },
    ]

    private typealias State = ProfileViewModel.State

    /// The profile over a token store whose reads fail with `error`.
    private static func unreadable(_ variant: String, failingWith error: StoreError) -> Preview {
        Preview(.profile, variant, state: State.storeUnreadable(message: "")) { _, style in
            await read(KeyValueTokenStore(store: UnusableStore(readFailure: error)), style: style)
        }
    }

    /// The profile once it has read `store`.
    @MainActor
    private static func read(_ store: KeyValueTokenStore, style: TerminalStyle) async -> Preview.Rendering {
        let model = ProfileViewModel(tokenStore: store)
        await model.refresh()
        return .init(model, style: style)
    }
}
