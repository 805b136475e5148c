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
    /// Everything the profile screen can show. A message is the store error's ``/Domain/StoreError/description``.
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
    }

    /// What the screen shows.
    public private(set) var state = State.checking

    @ObservationIgnored private let tokenStore: any TokenStore

    /// Nothing is read until ``refresh()``.
    public init(tokenStore: any TokenStore) {
        self.tokenStore = tokenStore
    }

    /// Reads the store again: signed in when it holds a pair; an unreadable store shows
    /// its error and is not signed in.
    public func refresh() async {
        do throws(StoreError) {
            state = try await tokenStore.tokens() != nil ? .signedIn : .signedOut
        } catch {
            state = .storeUnreadable(message: error.description)
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
            if case .storeUnreadable = state { return }
            state = .signOutFailed(message: error.description)
        }
    }
}
