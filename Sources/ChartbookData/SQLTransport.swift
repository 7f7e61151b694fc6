/// An engine as a transport (issue 52, a first step): it runs one statement — within the
/// connection's time limit, stopped when `shouldCancel` says so — and gives its answer as
/// rows of cells (`StatementAnswer`). The questions every engine answers alike are asked
/// through it once, for all engines (`RemoteEngine.aggregates`, `transformRows`), not once
/// per engine.
public protocol SQLTransport {
    func answer(_ sql: String, shouldCancel: () -> Bool) throws(DatabaseFailure)
        -> any StatementAnswer

    /// Runs `sql` and hands its rows to `body` in the order the statement gives them, about
    /// `batch` at a time (memory holds one batch, however many rows there are), until every
    /// row was handed on or `body` throws.
    func stream(
        _ sql: String, batch: Int, shouldCancel: () -> Bool,
        _ body: (any StatementAnswer) throws(DatabaseFailure) -> Void
    ) throws(DatabaseFailure)
}

/// One statement's answer, as its transport read it: rows of cells, each NULL or a value's
/// text in the engine's text format (numbers written so that `NumberParser` reads them
/// back exactly, as every remote question's numbers are read).
public protocol StatementAnswer {
    var rows: Int { get }
    var columns: Int { get }
    func isNull(_ row: Int, _ column: Int) -> Bool
    /// The cell's text as UTF-8 (empty for NULL).
    func utf8(_ row: Int, _ column: Int) -> [UInt8]
    /// The cell as a number; nil for NULL or a text that is none (read from `utf8`, unless
    /// an answer reads it more directly).
    func value(_ row: Int, _ column: Int) -> Double?
}

extension StatementAnswer {
    public func value(_ row: Int, _ column: Int) -> Double? {
        guard !isNull(row, column) else { return nil }
        return utf8(row, column).withUnsafeBufferPointer { NumberParser.parse($0, 0, $0.count) }
    }

    /// The cell's text; nil for NULL.
    public func text(_ row: Int, _ column: Int) -> String? {
        isNull(row, column) ? nil : String(decoding: utf8(row, column), as: UTF8.self)
    }
}

extension RemoteEngine {
    /// The numbers of the one row an aggregate query answers, NaN for NULL (empty when it
    /// answers no row, or several).
    public func aggregates(_ sql: String, shouldCancel: @escaping () -> Bool)
        throws(DatabaseFailure) -> [Double]
    {
        let answer = try transport(shouldCancel).answer(sql, shouldCancel: shouldCancel)
        guard answer.rows == 1 else { return [] }
        return (0..<answer.columns).map { answer.value(0, $0) ?? .nan }
    }

    /// The rows of a compiled transform: `_key`, `_by` (NULL: no group), `_value`, `_rows`,
    /// and with `top=` `_keys`, in that order.
    public func transformRows(_ sql: String, shouldCancel: @escaping () -> Bool)
        throws(DatabaseFailure) -> [RemoteTransformRow]
    {
        let answer = try transport(shouldCancel).answer(sql, shouldCancel: shouldCancel)
        guard answer.columns >= 4 else { return [] }
        return (0..<answer.rows).map { r in
            RemoteTransformRow(
                key: answer.value(r, 0) ?? .nan, group: answer.text(r, 1),
                value: answer.value(r, 2) ?? .nan, rows: answer.value(r, 3) ?? .nan,
                keys: answer.columns > 4 ? answer.value(r, 4) ?? .nan : nil)
        }
    }
}
