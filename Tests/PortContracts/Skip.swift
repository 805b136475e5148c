import Testing

/// Ends the running test as skipped, saying why: for a test that needs something the
/// machine lacks (CI installs it). Callers return right after it, for toolchains before
/// Swift 6.3, where a test cannot cancel itself and only the message shows.
public func skip(because reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    print("skipped: \(reason)")
    #if compiler(>=6.3)
        try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
    #endif
}
