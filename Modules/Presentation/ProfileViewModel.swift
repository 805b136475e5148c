import Domain
import Observation
import Ports

/// The profile screen: whether the user is signed in, and signing out.
///
/// A store that cannot be read is never shown as "signed out": the user sees the
/// store's own message, which says what is wrong and how to repair it.
@MainActor
@Observable
public final class ProfileViewModel {
    /// Everything the profile screen can show, derived from the view-model's properties.
    public enum State: Equatable, Sendable {
        /// A token pair is stored.
        case signedIn
        /// No token pair is stored.
        case signedOut
        /// The store could not be read; the message says why and what to do.
        case storeUnreadable(message: String)
        /// The store is readable but signing out could not remove the tokens.
        case signOutFailed(message: String)

        /// The cases without their payloads, so that a gallery can check it shows every one.
        public enum Kind: String, CaseIterable, Sendable {
            /// ``State/signedIn``.
            case signedIn
            /// ``State/signedOut``.
            case signedOut
            /// ``State/storeUnreadable(message:)``.
            case storeUnreadable
            /// ``State/signOutFailed(message:)``.
            case signOutFailed
        }

        /// The state's case without its payload.
        public var kind: Kind {
            switch self {
            case .signedIn: .signedIn
            case .signedOut: .signedOut
            case .storeUnreadable: .storeUnreadable
            case .signOutFailed: .signOutFailed
            }
        }
    }

    /// A failure of the token store and the operation it broke.
    private enum Failure: Equatable {
        case unreadable(StoreError)
        case signOut(StoreError)
    }

    /// Whether a token pair is stored; `false` when the store cannot be read.
    public private(set) var isSignedIn = false
    /// The last failure of the store, for the user; the reason is the store error's description.
    private var failure: Failure?

    @ObservationIgnored private let tokenStore: any TokenStore

    /// Creates the view-model and reads the store once (see ``refresh()``).
    public init(tokenStore: any TokenStore) {
        self.tokenStore = tokenStore
        refresh()
    }

    /// The store's message when it failed, `nil` otherwise.
    public var errorMessage: String? {
        switch failure {
        case .unreadable(let error), .signOut(let error): error.description
        case nil: nil
        }
    }

    /// What the screen shows now.
    public var state: State {
        switch failure {
        case .unreadable(let error): .storeUnreadable(message: error.description)
        case .signOut(let error): .signOutFailed(message: error.description)
        case nil: isSignedIn ? .signedIn : .signedOut
        }
    }

    /// Reads the store again: signed in when it holds a pair; an unreadable store shows
    /// its error and is not signed in.
    public func refresh() {
        do throws(StoreError) {
            isSignedIn = try tokenStore.tokens() != nil
            failure = nil
        } catch {
            isSignedIn = false
            failure = .unreadable(error)
        }
    }

    /// Removes the stored tokens, then reads the store again. When removing fails, the
    /// screen shows why (or why the store cannot even be read).
    public func signOut() {
        do throws(StoreError) {
            try tokenStore.reset()
            refresh()
        } catch {
            refresh()
            if failure == nil { failure = .signOut(error) }
        }
    }
}
