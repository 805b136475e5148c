import Ports
import Presentation
import Stubs

extension Catalogue {
    /// The profile: signed in, signed out, a token store that cannot be read (one
    /// preview per reason), and a sign-out the store refused.
    static let profile: [Preview] = [
        Preview(.profile, "signed-in", state: ProfileKind.signedIn.rawValue) { content, style in
            .init(ProfileViewModel(tokenStore: PreviewScenario.signedIn.tokenStore(content: content)), style: style)
        },
        Preview(.profile, "signed-out", state: ProfileKind.signedOut.rawValue) { content, style in
            .init(ProfileViewModel(tokenStore: PreviewScenario.signedOut.tokenStore(content: content)), style: style)
        },
        unreadable("unreadable-corrupt", failingWith: StoreFailures.corrupt),
        unreadable("unreadable-permissions", failingWith: StoreFailures.insecure),
        unreadable("unreadable-locked", failingWith: StoreFailures.locked),
        Preview(.profile, "sign-out-failed", state: ProfileKind.signOutFailed.rawValue) { content, style in
            let store = InMemoryKeyValueStore()
            let tokens = KeyValueTokenStore(store: store)
            try? tokens.setTokens(content.tokens)  // the stub's writes succeed until told to fail
            store.failWrites(with: StoreFailures.readOnly)
            let model = ProfileViewModel(tokenStore: tokens)
            model.signOut()
            return .init(model, style: style)
        },
    ]

    private typealias ProfileKind = ProfileViewModel.State.Kind

    /// The profile over a token store whose reads fail with `error`.
    private static func unreadable(_ variant: String, failingWith error: StoreError) -> Preview {
        Preview(.profile, variant, state: ProfileKind.storeUnreadable.rawValue) { _, style in
            let store = InMemoryKeyValueStore()
            store.failReads(with: error)
            return .init(ProfileViewModel(tokenStore: KeyValueTokenStore(store: store)), style: style)
        }
    }
}
