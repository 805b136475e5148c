import Domain
import Observation
import Ports

/// The sign-in form: checks the input, signs in and stores the issued tokens.
///
/// As in the Cocoacasts series: nothing is sent unless the e-mail is valid and there is a password;
/// the password is cleared when an attempt ends, whatever happened. The password never
/// appears in a description or in the reflected children (`dump` shows no field of the
/// view-model).
@MainActor
@Observable
public final class SignInViewModel {
    /// Everything the sign-in screen can show. `wasSignedIn` says that an earlier sign-in
    /// stored its tokens and no failed store undid it since: a cancelled attempt then shows
    /// ``signedIn`` again rather than the form.
    public enum State: Equatable, Sendable {
        /// The form cannot be sent yet: the e-mail is invalid or the password empty.
        case editing
        /// The form can be sent.
        case ready
        /// A sign-in is running.
        case signingIn(wasSignedIn: Bool)
        /// The last sign-in failed, with the message for the user.
        case failed(message: String, ScreenFailure, wasSignedIn: Bool)
        /// The user signed in and the tokens are stored.
        case signedIn
    }

    /// The e-mail address typed by the user.
    public var email = "" {
        didSet { inputChanged() }
    }
    /// The password typed by the user; cleared when a sign-in ends.
    public var password = "" {
        didSet { inputChanged() }
    }
    /// What the screen shows; while it is the form, ``State/editing`` or ``State/ready``
    /// follows the input.
    public private(set) var state = State.editing

    @ObservationIgnored private let apiService: any APIService
    @ObservationIgnored private let tokenStore: any TokenStore
    @ObservationIgnored private let request = LatestRequest()

    /// `tokenStore` receives the tokens of a successful sign-in.
    public init(apiService: any APIService, tokenStore: any TokenStore) {
        self.apiService = apiService
        self.tokenStore = tokenStore
    }

    /// Signs in with ``email`` and ``password`` and stores the tokens; returns when done.
    /// A sign-in in flight is cancelled.
    public func signIn() async {
        guard canSignIn else { return }
        state = .signingIn(wasSignedIn: wasSignedIn)
        let (email, password) = (email, password)
        let outcome = await request.run { [apiService] () async throws(APIError) -> TokenPair in
            try await apiService.requestTokens(email: email, password: password)
        }
        switch outcome {
        case nil:
            return
        case .success(let tokens):
            do throws(StoreError) {
                try await tokenStore.setTokens(tokens)
                end(.signedIn)
            } catch {
                end(.failed(message: error.description, .store(error), wasSignedIn: false))
            }
        case .failure(let error):
            let wasSignedIn = self.wasSignedIn
            let failed = ScreenFailure(error).map {
                State.failed(message: $0.message(for: .signIn), $0, wasSignedIn: wasSignedIn)
            }
            end(failed ?? (wasSignedIn ? .signedIn : .editing))
        }
    }

    /// Cancels the sign-in in flight, if any: nothing is stored and no error is shown.
    public func cancel() {
        request.cancel()
        if case .signingIn(let wasSignedIn) = state { end(wasSignedIn ? .signedIn : .editing) }
    }

    private var canSignIn: Bool {
        EmailAddress.isValid(email) && !password.isEmpty
    }

    /// Whether an earlier sign-in's tokens are still stored (see ``State``). A failed attempt
    /// reads it again when it ends, so that a superseded attempt whose store ended meanwhile
    /// counts.
    private var wasSignedIn: Bool {
        switch state {
        case .signedIn: true
        case .signingIn(let wasSignedIn), .failed(_, _, let wasSignedIn): wasSignedIn
        case .editing, .ready: false
        }
    }

    private func inputChanged() {
        guard state == .editing || state == .ready else { return }
        state = canSignIn ? .ready : .editing
    }

    private func end(_ outcome: State) {
        password = ""
        state = outcome
    }
}

extension SignInViewModel: CustomStringConvertible, CustomReflectable {
    /// A description that names no field, so that the password never reaches a log.
    public nonisolated var description: String { "SignInViewModel(password: <redacted>)" }

    /// A mirror without children, so that `dump` never shows the password.
    public nonisolated var customMirror: Mirror {
        Mirror(self, children: [], displayStyle: .class)
    }
}
