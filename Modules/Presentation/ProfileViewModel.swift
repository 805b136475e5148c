import Domain
import Observation
import Ports

/// The profile screen: whether the user is signed in, and signing out.
///
/// A store that cannot be read is never shown as "signed out": the user sees the
/// store's own message, which says what is wrong and how to repair it. Reading the store
/// is asynchronous (it may wait for another process's lock), so a new view-model shows
/// ``State/checking`` until ``refresh()`` has read it.
@MainActor
@Observable
public final class ProfileViewModel {
    /// Everything the profile screen can show, derived from the view-model's properties.
    public enum State: Equatable, Sendable {
        /// The store has not been read yet.
        case checking
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
            /// ``State/checking``.
            case checking
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
            case .checking: .checking
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

    /// Whether a token pair is stored; `nil` until the store has been read.
    private var storedPair: Bool?
    /// The last failure of the store, for the user; the reason is the store error's description.
    private var failure: Failure?

    @ObservationIgnored private let tokenStore: any TokenStore

    /// Creates the view-model; nothing is read until ``refresh()``.
    public init(tokenStore: any TokenStore) {
        self.tokenStore = tokenStore
    }

    /// Whether a token pair is stored; `false` until read, and when the store cannot be read.
    public var isSignedIn: Bool { storedPair == true }

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
        case nil: storedPair.map { $0 ? .signedIn : .signedOut } ?? .checking
        }
    }

    /// Reads the store again: signed in when it holds a pair; an unreadable store shows
    /// its error and is not signed in.
    public func refresh() async {
        do throws(StoreError) {
            storedPair = try await tokenStore.tokens() != nil
            failure = nil
        } catch {
            storedPair = false
            failure = .unreadable(error)
        }
    }

    /// Removes the stored tokens, then reads the store again. When removing fails, the
    /// screen shows why (or why the store cannot even be read).
    public func signOut() async {
        do throws(StoreError) {
            try await tokenStore.reset()
            await refresh()
        } catch {
            await refresh()
            if failure == nil { failure = .signOut(error) }
        }
    }
}
