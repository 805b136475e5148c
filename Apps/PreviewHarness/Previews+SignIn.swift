import Domain
import Ports
import Presentation
import Stores
import Stubs

extension Previews {
    /// The sign-in form: empty, with an invalid e-mail, ready, signing in, signed in, and
    /// each message a failed sign-in can show, the token store's included.
    static let signIn: [Preview] = [
        Preview(.signIn, "editing-empty", state: State.editing, form(.scenario(.signedOut))),
        Preview(.signIn, "editing-invalid-email", state: State.editing, form(.scenario(.signedOut))) {
            $0.email = "demo@cocoacasts"
            $0.password = demoCredentials.password
        },
        Preview(.signIn, "ready", state: State.ready, form(.scenario(.signedOut), filledIn: true)),
        .inFlight(
            .signIn, "signing-in", state: State.signingIn(wasSignedIn: false), form(.unanswered, filledIn: true),
            starting: { await $0.signIn() }, until: { $0.state != .ready }, cancel: { $0.cancel() }),
        submitted("signed-in", .signedIn, from: .scenario(.signedOut)),
        submitted("failed-credentials", failed, from: .scenario(.unauthorized)),
        submitted("failed-network", failed, from: .scenario(.unreachable)),
        submitted("failed-server", failed, from: .scenario(.serverError)),
        Preview(.signIn, "failed-store", state: failed) { content in
            let store = UnusableStore(writeFailure: StoreFailures.readOnly)
            let model = SignInViewModel(
                apiService: PreviewScenario.signedOut.service(content: content),
                tokenStore: KeyValueTokenStore(store: store))
            (model.email, model.password) = demoCredentials
            return model
        } then: {
            await $0.signIn()
        },
    ]

    private typealias State = SignInViewModel.State
    /// A failed sign-in: a preview names only the case it shows, whatever the payload.
    private static let failed = State.failed(message: "", .api(.unknown), wasSignedIn: false)

    /// A fresh form over the service of `setup` and the token store of a signed-out user;
    /// `filledIn`: the user typed the demo account's e-mail address and password.
    private static func form(_ setup: ServiceSetup, filledIn: Bool = false)
        -> @MainActor @Sendable (PreviewContent) -> SignInViewModel
    {
        { content in
            let model = SignInViewModel(
                apiService: setup.service(content: content),
                tokenStore: PreviewScenario.signedOut.tokenStore(content: content))
            if filledIn { (model.email, model.password) = demoCredentials }
            return model
        }
    }

    /// The form after the user typed the demo account and sent it to the service of `setup`.
    private static func submitted(_ variant: String, _ state: State, from setup: ServiceSetup) -> Preview {
        Preview(.signIn, variant, state: state, form(setup, filledIn: true)) { await $0.signIn() }
    }
}
