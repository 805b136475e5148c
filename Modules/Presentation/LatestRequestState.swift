import Domain

/// A state that ``LatestRequest/load(_:of:context:_:showing:)`` moves through a request. The value
/// loaded last stays in the state while a newer request runs and after one failed, so that
/// a cancelled request shows it again: the state is the only place it is kept.
protocol LatestRequestState: Equatable {
    associatedtype Value: Sendable
    static func loading(previous: Value?) -> Self
    static func failed(message: String, _ failure: ScreenFailure, previous: Value?) -> Self
    /// The state that shows `value`, or the one before any load when there is none.
    init(showing value: Value?)
    /// The value shown, or kept by a running or failed request.
    var value: Value? { get }
}
