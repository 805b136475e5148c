import Domain

extension LatestRequest {
    /// Runs `operation` as the newest request and writes its progress into `model`'s
    /// `state`: loading, then the value, or the failure's message for `context`.
    ///
    /// A request superseded, or cancelled with ``cancel(_:of:)``, writes nothing more; one
    /// whose caller was cancelled shows the value kept, never an error.
    func load<Model: AnyObject, State: LatestRequestState>(
        _ state: ReferenceWritableKeyPath<Model, State>, of model: Model, context: APIErrorMapper.Context,
        _ operation: @escaping @Sendable () async throws(APIError) -> State.Value
    ) async {
        await load(state, of: model, context: context, operation) { State(showing: $0) }
    }

    /// The same, for an operation whose answer says more than the value: `showing` makes
    /// the state that shows it.
    func load<Model: AnyObject, State: LatestRequestState, Answer: Sendable>(
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
    func cancel<Model: AnyObject, State: LatestRequestState>(
        _ state: ReferenceWritableKeyPath<Model, State>, of model: Model
    ) {
        guard cancel() else { return }
        model[keyPath: state] = State(showing: model[keyPath: state].value)
    }
}
