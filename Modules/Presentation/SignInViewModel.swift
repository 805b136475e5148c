import Domain
import Observation
import Ports

/// The sign-in form: checks the input, signs in and stores the issued tokens.
///
/// As in the series: nothing is sent unless ``canSignIn``; the password is cleared when
/// an attempt ends, whatever happened. The password never appears in a description or
/// in the reflected children (`dump` shows no field of the view-model).
@MainActor
@Observable
public final class SignInViewModel {
    /// Everything the sign-in screen can show, derived from the view-model's properties.
    public enum State: Equatable, Sendable {
        /// The form cannot be sent yet: the e-mail is invalid or the password empty.
        case editing
        /// The form can be sent.
        case ready
        /// A sign-in is running.
        case signingIn
        /// The last sign-in failed with a message for the user.
        case failed(message: String)
        /// The user signed in and the tokens are stored.
        case signedIn

        /// The cases without their payloads, so that a gallery can check it shows every one.
        public enum Kind: String, CaseIterable, Sendable {
            /// ``State/editing``.
            case editing
            /// ``State/ready``.
            case ready
            /// ``State/signingIn``.
            case signingIn
            /// ``State/failed(message:)``.
            case failed
            /// ``State/signedIn``.
            case signedIn
        }

        /// The state's case without its payload.
        public var kind: Kind {
            switch self {
            case .editing: .editing
            case .ready: .ready
            case .signingIn: .signingIn
            case .failed: .failed
            case .signedIn: .signedIn
            }
        }
    }

    /// The e-mail address typed by the user.
    public var email = ""
    /// The password typed by the user; cleared when a sign-in ends.
    public var password = ""
    /// Whether a sign-in is running.
    public private(set) var isSigningIn = false
    /// Why the last operation failed; `nil` when it did not, or was only cancelled.
    public private(set) var failure: Failure?
    /// Whether the last successful sign-in stored its tokens (a store failure resets it).
    public private(set) var isSignedIn = false

    @ObservationIgnored private let apiService: any APIService
    @ObservationIgnored private let tokenStore: any TokenStore
    @ObservationIgnored private let request = LatestRequest()

    /// Creates the form; `tokenStore` receives the tokens of a successful sign-in.
    public init(apiService: any APIService, tokenStore: any TokenStore) {
        self.apiService = apiService
        self.tokenStore = tokenStore
    }

    /// Whether the form may be sent: a valid e-mail address and a password.
    public var canSignIn: Bool {
        EmailAddress.isValid(email) && !password.isEmpty
    }

    /// Why the last sign-in failed, for the user; `nil` when it did not (or was cancelled).
    public var errorMessage: String? {
        failure?.message(for: .signIn)
    }

    /// What the screen shows now: a running sign-in first, then a failure, then success,
    /// then whether the form can be sent.
    public var state: State {
        if isSigningIn { return .signingIn }
        if let errorMessage { return .failed(message: errorMessage) }
        if isSignedIn { return .signedIn }
        return canSignIn ? .ready : .editing
    }

    /// Signs in with ``email`` and ``password`` and stores the tokens; returns when done.
    ///
    /// Does nothing when ``canSignIn`` is false. A sign-in in flight is cancelled.
    public func signIn() async {
        guard canSignIn else { return }
        isSigningIn = true
        failure = nil
        let (email, password) = (email, password)
        let outcome = await request.run { [apiService] () async throws(APIError) -> SignInResponse in
            try await apiService.signIn(email: email, password: password)
        }
        guard let outcome else { return }
        switch outcome {
        case .success(let tokens):
            await store(tokens)
        case .failure(let error):
            failure = Failure(error)
        }
        finish()
    }

    /// Cancels the sign-in in flight, if any: nothing is stored and no error is shown.
    public func cancel() {
        request.cancel()
        if isSigningIn { finish() }
    }

    private func store(_ tokens: SignInResponse) async {
        do throws(StoreError) {
            try await tokenStore.setTokens(tokens)
            isSignedIn = true
        } catch {
            failure = .store(error)
            isSignedIn = false
        }
    }

    private func finish() {
        password = ""
        isSigningIn = false
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
