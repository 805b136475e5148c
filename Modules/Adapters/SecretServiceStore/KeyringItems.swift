import CSecret

/// The project's items in the keyring, one per API origin, as the keyring's thread reads
/// and writes them (every function here blocks; `KeyringCalls` runs them).
struct KeyringItems: Sendable {
    let library: LibSecret
    let service: Pointer
    /// The collection new items go to (its D-Bus object path).
    let collectionPath: String
    /// The `application` attribute of every item of the store; items set aside carry it
    /// with `-set-aside` appended.
    let application: String

    /// An item as found: its origin, and its secret unless the item is locked.
    struct Found: Sendable {
        let origin: String
        let secret: String?
    }

    /// Every item of the store, or only `origin`'s, with their secrets; never unlocks
    /// (a locked item is found without its secret, and nothing prompts).
    func search(origin: String?, cancellable: Pointer)
        -> Result<[Found], KeyringCalls.Failure>
    {
        let functions = library.functions
        var attributes = ["application": application]
        attributes["origin"] = origin
        var error: UnsafeMutablePointer<CGError>?
        let list = library.withAttributes(attributes) { table in
            functions.service_search_sync(
                service.raw, csecret_session_schema(), table,
                Int32(CSECRET_SEARCH_ALL | CSECRET_SEARCH_LOAD_SECRETS), cancellable.raw, &error)
        }
        if let error { return .failure(.failed(library.take(error).message)) }
        var found: [Found] = []
        var node = list
        while let current = node {
            let item = current.pointee.data
            let table = functions.item_get_attributes(item)
            let origin = functions.hash_table_lookup(table, "origin").map {
                String(cString: $0.assumingMemoryBound(to: CChar.self))
            }
            functions.hash_table_unref(table)
            var secret: String?
            if functions.item_get_locked(item) == 0, let value = functions.item_get_secret(item) {
                secret = functions.value_get_text(value).map { String(cString: $0) }
                functions.value_unref(value)
            }
            if let origin { found.append(Found(origin: origin, secret: secret)) }
            functions.object_unref(item)
            node = current.pointee.next
        }
        functions.list_free(list)
        return .success(found)
    }

    /// Creates or replaces `origin`'s item in the collection (a copy kept for the user, with
    /// `setAside`).
    func store(
        _ secret: String, origin: String, setAside: Bool = false, label: String, cancellable: Pointer
    ) -> Result<Void, KeyringCalls.Failure> {
        var error: UnsafeMutablePointer<CGError>?
        let attributes = ["application": setAside ? application + "-set-aside" : application, "origin": origin]
        let stored = library.withAttributes(attributes) { table in
            library.functions.password_storev_sync(
                csecret_session_schema(), table, collectionPath, label, secret, cancellable.raw, &error)
        }
        if let error { return .failure(.failed(library.take(error).message)) }
        return stored != 0 ? .success(()) : .failure(.failed("the keyring did not store the item"))
    }

    /// Removes `origin`'s item, if any.
    func clear(origin: String, cancellable: Pointer) -> Result<Void, KeyringCalls.Failure> {
        var error: UnsafeMutablePointer<CGError>?
        _ = library.withAttributes(["application": application, "origin": origin]) { table in
            library.functions.password_clearv_sync(csecret_session_schema(), table, cancellable.raw, &error)
        }
        if let error { return .failure(.failed(library.take(error).message)) }
        return .success(())
    }
}
