import Testing

/// One case of a contract: behaviour every adapter of a port must have, run by each
/// adapter's tests against itself (the way swift-configuration's `ProviderCompatTest`
/// does):
///
/// ```swift
/// @Test(arguments: TokenStoreContract.cases)
/// func contract(_ check: TokenStoreContract) async throws {
///     try await check.run(on: makeEmptyStore())
/// }
/// ```
public struct Contract<Subject: Sendable>: Sendable, CustomTestStringConvertible {
    /// What the case checks.
    public let name: String
    private let check: @Sendable (Subject) async throws -> Void

    init(_ name: String, _ check: @escaping @Sendable (Subject) async throws -> Void) {
        self.name = name
        self.check = check
    }

    /// Runs the case against `subject`, which must be fresh.
    public func run(on subject: Subject) async throws {
        try await check(subject)
    }

    /// The case's name in test reports.
    public var testDescription: String { name }
}
