import Domain

/// Why a coordinated refresh produced no token pair.
public enum TokenRefreshError: Error, Equatable, Hashable, Sendable {
    /// The refresh call failed. `.unauthorized` means the user is signed out: nothing
    /// was stored, or the server refused the refresh token and the pair was removed.
    case api(APIError)
    /// The store could not be read, written or locked; the stored pair is unchanged.
    case store(StoreError)
}
