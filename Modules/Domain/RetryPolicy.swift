#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// When a request is tried again: on 502, 503 and 504 and on a lost connection, with
/// exponential backoff and jitter, honouring `Retry-After`. The one rule of the API client
/// and of the downloads' media, key and playlist requests.
///
/// Requests that are not idempotent (POST: sign-in, refresh, saving progress) are never
/// retried.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included; 1 turns retries off.
    public var maximumAttempts: Int
    /// The delay before the first retry; each later one doubles it.
    public var baseDelay: TimeInterval
    /// No delay is longer; a `Retry-After` beyond it ends the retries.
    public var maximumDelay: TimeInterval

    /// Three attempts, 0.2 s doubling, at most 5 s.
    public static let standard = RetryPolicy(maximumAttempts: 3, baseDelay: 0.2, maximumDelay: 5)
    /// One attempt only.
    public static let none = RetryPolicy(maximumAttempts: 1, baseDelay: 0, maximumDelay: 0)

    public init(maximumAttempts: Int, baseDelay: TimeInterval, maximumDelay: TimeInterval) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
    }

    /// The statuses worth retrying.
    public static let retryableStatuses: Set<Int> = [502, 503, 504]

    /// The seconds a `Retry-After` value asks to wait: a number of seconds, or an HTTP date
    /// (`Sun, 06 Nov 1994 08:49:37 GMT`, and the two obsolete forms RFC 9110 says to accept)
    /// counted from `now`; `nil` for anything else.
    public static func retryAfter(_ value: String, now: Date = Date()) -> TimeInterval? {
        let text = value.trimmingWhitespace()
        if !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return TimeInterval(text)  // delay-seconds: digits only, never "nan", "-5" or "1e9"
        }
        return HTTPDate.parse(text, now: now).map { max(0, $0.timeIntervalSince(now)) }
    }

    /// The pause before retry number `retry` (1 for the first), its jitter drawn now and at most
    /// an hour whatever the policy says; `nil` to stop.
    public func pause(beforeRetry retry: Int, retryAfter: TimeInterval?) -> Duration? {
        delay(beforeRetry: retry, retryAfter: retryAfter, jitter: .random(in: 0...1)).map {
            .milliseconds(Int64(min($0, 3_600) * 1000))
        }
    }

    /// The delay before retry number `retry` (1 for the first), or `nil` to stop.
    ///
    /// `retryAfter` (seconds from the server) wins when present; otherwise the delay is
    /// `baseDelay · 2^(retry-1)`, capped, with "equal jitter": a random half of it is dropped.
    public func delay(beforeRetry retry: Int, retryAfter: TimeInterval?, jitter: Double) -> TimeInterval? {
        guard retry < maximumAttempts else { return nil }
        if let retryAfter {
            return retryAfter <= maximumDelay ? max(0, retryAfter) : nil
        }
        let exponential = min(maximumDelay, Double(sign: .plus, exponent: retry - 1, significand: baseDelay))
        return exponential / 2 + exponential / 2 * min(max(jitter, 0), 1)
    }
}
