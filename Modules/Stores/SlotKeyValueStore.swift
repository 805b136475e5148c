import AsyncPrimitives
import Domain
import Ports

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A ``/Ports/KeyValueStore`` kept in one ``/Ports/StringSlot`` as a JSON object, so that a
/// store which only reads and writes a string (a keychain item) holds the tokens.
///
/// Every write replaces the one string, so a multi-key write is atomic wherever the slot's
/// write is. Exclusive access excludes the other tasks of this process that use this
/// value or its copies: two processes that share the slot (an app and its extension)
/// need a lock of their own around it, as the file store takes one.
///
/// ```swift
/// let keychain = SlotKeyValueStore(KeychainItem(), place: "the keychain item com.example.app.tokens")
/// let tokens = KeyValueTokenStore(store: keychain, scope: configuration.origin.description)
/// ```
public struct SlotKeyValueStore: KeyValueStore {
    private let slot: any StringSlot
    /// What messages call the slot (`the keychain item com.example.app.tokens`).
    public let place: String
    private let exclusiveAccess = AsyncLock()

    /// A store in `slot`; `place` names it in errors (`the keychain item com.example.app.tokens`).
    public init(_ slot: any StringSlot, place: String) {
        self.slot = slot
        self.place = place
    }

    public func allValues() async throws(StoreError) -> [String: String] {
        try await decoded(slot.read())
    }

    /// Reads the slot, runs `body` on its values while holding this store's lock, and
    /// writes them back when they changed (nothing, when `body` throws).
    public func withExclusiveAccess<T: Sendable>(
        _ body: (inout [String: String]) async throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        try await exclusiveAccess.withLock { () async throws(StoreError) -> T in
            let stored = try await allValues()
            var values = stored
            let result = try await body(&values)
            if values != stored { try await slot.write(try encoded(values)) }
            return result
        }
    }

    /// Empties a slot whose string is not a JSON object of strings: a slot keeps one string,
    /// so there is nowhere to set it aside.
    public func setAsideCorruptContent() async throws(StoreError) {
        try await exclusiveAccess.withLock { () async throws(StoreError) in
            do throws(StoreError) {
                _ = try await allValues()
            } catch .corrupt {
                try await slot.write(nil)
            }
        }
    }

    private func decoded(_ string: String?) throws(StoreError) -> [String: String] {
        guard let string else { return [:] }
        do {
            return try JSONDecoder().decode([String: String].self, from: Data(string.utf8))
        } catch {
            throw .corrupt(path: place, detail: "it is not a JSON object of strings")
        }
    }

    private func encoded(_ values: [String: String]) throws(StoreError) -> String? {
        guard !values.isEmpty else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        do {
            return String(decoding: try encoder.encode(values), as: UTF8.self)
        } catch {
            throw .io(path: place, detail: "its values could not be written as JSON: \(error)")
        }
    }
}
