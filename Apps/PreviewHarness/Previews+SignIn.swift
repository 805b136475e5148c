import Domain
import Ports
import Presentation
import Stores
import Stubs

extension Previews {
    /// The sign-in form: empty, with an invalid e-mail, ready, signing in, signed in, and
    /// each message a failed sign-in can show, the token store's included.
    static let signIn: [Preview] = [
        Preview(.signIn, "editing-empty", state: State.editing) { content, style in
            .init(form(.scenario(.signedOut), content: content), style: style)
        },
        Preview(.signIn, "editing-invalid-email", state: State.editing) { content, style in
            let model = form(.scenario(.signedOut), content: content)
            model.email = "demo@cocoacasts"
            model.password = demoCredentials.password
            return .init(model, style: style)
        },
        Preview(.signIn, "ready", state: State.ready) { content, style in
            .init(filledIn(form(.scenario(.signedOut), content: content)), style: style)
        },
        Preview(.signIn, "signing-in", state: State.signingIn(wasSignedIn: false)) { content, style in
            let model = filledIn(form(.unanswered, content: content))
            return await InFlight.draw(
                starting: model.signIn, until: { model.state != .ready }, { .init(model, style: style) },
                cancel: model.cancel)
        },
        submitted("signed-in", .signedIn, from: .scenario(.signedOut)),
        submitted("failed-credentials", failed, from: .scenario(.unauthorized)),
        submitted("failed-network", failed, from: .scenario(.unreachable)),
        submitted("failed-server", failed, from: .scenario(.serverError)),
        Preview(.signIn, "failed-store", state: failed) { content, style in
            let store = UnusableStore(writeFailure: StoreFailures.readOnly)
            let model = SignInViewModel(
                apiService: PreviewScenario.signedOut.service(content: content),
                tokenStore: KeyValueTokenStore(store: store))
            await filledIn(model).signIn()
            return .init(model, style: style)
        },
    ]

    private typealias State = SignInViewModel.State
    /// A failed sign-in: a preview names only the case it shows, whatever the payload.
    private static let failed = State.failed(message: "", .api(.unknown), wasSignedIn: false)

    /// A fresh form over the service of `setup` and the token store of a signed-out user.
    @MainActor
    private static func form(_ setup: ServiceSetup, content: PreviewContent) -> SignInViewModel {
        SignInViewModel(
            apiService: setup.service(content: content),
            tokenStore: PreviewScenario.signedOut.tokenStore(content: content)
        )
    }

    /// `model` after the user typed the demo account's e-mail address and password.
    @MainActor
    private static func filledIn(_ model: SignInViewModel) -> SignInViewModel {
        model.email = demoCredentials.email
        model.password = demoCredentials.password
        return model
    }

    /// The form after the user typed the demo account and sent it to the service of `setup`.
    private static func submitted(_ variant: String, _ state: State, from setup: ServiceSetup) -> Preview {
        Preview(.signIn, variant, state: state) { content, style in
            let model = filledIn(form(setup, content: content))
            await model.signIn()
            return .init(model, style: style)
        }
    }
}
