import Domain

/// A state that ``LatestRequest/load(_:of:context:_:)`` moves through a request. The value
/// loaded last stays in the state while a newer request runs and after one failed, so that
/// a cancelled request shows it again: the state is the only place it is kept.
protocol LoadingState: Equatable {
    associatedtype Value: Sendable
    static func loading(previous: Value?) -> Self
    static func failed(message: String, _ failure: Failure, previous: Value?) -> Self
    /// The state that shows `value`, or the one before any load when there is none.
    init(showing value: Value?)
    /// The value shown, or kept by a running or failed request.
    var value: Value? { get }
}

extension LatestRequest {
    /// Runs `operation` as the newest request and writes its progress into `model`'s
    /// `state`: loading, then the value, or the failure's message for `context`.
    ///
    /// A request superseded, or cancelled with ``cancel(_:of:)``, writes nothing more; one
    /// whose caller was cancelled shows the value kept, never an error.
    func load<Model: AnyObject, State: LoadingState>(
        _ state: ReferenceWritableKeyPath<Model, State>, of model: Model, context: APIErrorMapper.Context,
        _ operation: @escaping @Sendable () async throws(APIError) -> State.Value
    ) async {
        await load(state, of: model, context: context, operation) { State(showing: $0) }
    }

    /// The same, for an operation whose answer says more than the value: `showing` makes
    /// the state that shows it.
    func load<Model: AnyObject, State: LoadingState, Answer: Sendable>(
        _ state: ReferenceWritableKeyPath<Model, State>, of model: Model, context: APIErrorMapper.Context,
        _ operation: @escaping @Sendable () async throws(APIError) -> Answer, showing: (Answer) -> State
    ) async {
        let previous = model[keyPath: state].value
        model[keyPath: state] = .loading(previous: previous)
        guard let outcome = await run(operation) else { return }
        switch outcome {
        case .success(let answer):
            model[keyPath: state] = showing(answer)
        case .failure(let error):
            model[keyPath: state] =
                Failure(error).map { .failed(message: $0.message(for: context), $0, previous: previous) }
                ?? State(showing: previous)
        }
    }

    /// Cancels the request in flight, if any: the state shows the value kept, and no error.
    func cancel<Model: AnyObject, State: LoadingState>(_ state: ReferenceWritableKeyPath<Model, State>, of model: Model)
    {
        guard cancel() else { return }
        model[keyPath: state] = State(showing: model[keyPath: state].value)
    }
}
