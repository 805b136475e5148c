import Domain

/// A place that keeps one string: a keychain item, a preference, a file.
///
/// The least a platform's secure storage must offer to hold the tokens:
/// ``/Stores/SlotKeyValueStore`` turns a slot into a ``KeyValueStore``, with atomic
/// multi-key writes and exclusive access, so an adopter writes only these two calls.
/// A Keychain item on Apple platforms:
///
/// ```swift
/// struct KeychainItem: StringSlot {
///     let service = "com.example.app.tokens"
///
///     func read() throws(StoreError) -> String? {
///         var result: CFTypeRef?
///         let status = SecItemCopyMatching(query([kSecReturnData: true]), &result)
///         if status == errSecItemNotFound { return nil }
///         guard status == errSecSuccess, let data = result as? Data else { throw failure(status) }
///         return String(decoding: data, as: UTF8.self)
///     }
///
///     func write(_ value: String?) throws(StoreError) {
///         guard let value else {
///             let status = SecItemDelete(query([:]))
///             guard status == errSecSuccess || status == errSecItemNotFound else { throw failure(status) }
///             return
///         }
///         let data = Data(value.utf8)
///         var status = SecItemUpdate(query([:]), [kSecValueData: data] as CFDictionary)
///         if status == errSecItemNotFound { status = SecItemAdd(query([kSecValueData: data]), nil) }
///         guard status == errSecSuccess else { throw failure(status) }
///     }
///
///     private func query(_ extra: [CFString: Any]) -> CFDictionary {
///         extra.merging([kSecClass: kSecClassGenericPassword, kSecAttrService: service]) { $1 } as CFDictionary
///     }
///
///     private func failure(_ status: OSStatus) -> StoreError {
///         .io(path: service, detail: SecCopyErrorMessageString(status, nil) as String? ?? "OSStatus \(status)")
///     }
/// }
/// ```
public protocol StringSlot: Sendable {
    /// The string kept, or `nil` when there is none.
    func read() async throws(StoreError) -> String?

    /// Keeps `value` in place of what was kept, all at once; `nil` removes it.
    func write(_ value: String?) async throws(StoreError)
}
