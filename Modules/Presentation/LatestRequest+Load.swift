import Domain

extension LatestRequest {
    /// Runs `operation` as the newest request and writes its progress into `model`'s
    /// `state`: loading, then the state `showing` makes of the answer, or the failure's message
    /// for `context`.
    ///
    /// A request superseded, or cancelled with ``cancel(_:of:)``, writes nothing more; one
    /// whose caller was cancelled shows the value kept, never an error. Returns the failure
    /// this request wrote, if it wrote one.
    @discardableResult
    func load<Model: AnyObject, State: LatestRequestState, Answer: Sendable>(
        _ state: ReferenceWritableKeyPath<Model, State>, of model: Model, context: APIErrorMapper.Context,
        _ operation: @escaping @Sendable () async throws(APIError) -> Answer, showing: (Answer) -> State
    ) async -> APIError? {
        let previous = model[keyPath: state].value
        model[keyPath: state] = .loading(previous: previous)
        guard let outcome = await run(operation) else { return nil }
        switch outcome {
        case .success(let answer):
            model[keyPath: state] = showing(answer)
            return nil
        case .failure(let error):
            guard let failure = ScreenFailure(error) else {
                model[keyPath: state] = State(showing: previous)
                return nil
            }
            model[keyPath: state] = .failed(message: failure.message(for: context), failure, previous: previous)
            return error
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
