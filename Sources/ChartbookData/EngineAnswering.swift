/// What answers the questions of engines (`EngineQuestion`) that the executor and the
/// drawings write: `EngineRunner`, which asks the engines, or a test's table of answers.
/// An engine's failure is thrown as itself; `shouldCancel` is polled while it works.
public protocol EngineAnswering: Sendable {
    func answer(_ question: EngineQuestion, shouldCancel: @escaping () -> Bool)
        throws(DatabaseFailure) -> EngineAnswer

    /// The rows of `question` (`.rows`), handed to `body` about `batch` at a time in the
    /// order the statement gives them (memory holds one batch): `save csv` of every row.
    func stream(
        _ question: EngineQuestion, batch: Int, shouldCancel: @escaping () -> Bool,
        _ body: (any StatementAnswer) throws(DatabaseFailure) -> Void
    ) throws(DatabaseFailure)
}
