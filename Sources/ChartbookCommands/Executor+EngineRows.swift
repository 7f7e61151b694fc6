import ChartbookData
import ChartbookModel
import ChartbookTransform

/// A remote dataset's rows themselves (issue 28; issue 52: compiled once): `show data`'s page
/// and `save csv`'s every row, `SQLCompiler.rows` over the engine's `loadedSource`, answered
/// or streamed by its transport.
extension Executor {
    /// `show data` of a remote dataset: the rows shown, asked of the engine in the query's
    /// own order (as `mode=local` holds them), and its count of rows (issue 28).
    func engineRows(of dataset: Dataset, rows: ClosedRange<Int>?, at range: SourceRange)
        throws(Diagnostic) -> String
    {
        let (table, query, remote) = try engineTable(
            of: dataset, for: "its text columns", coded: true, at: range)
        let total: Int, fetched: [[Double]]
        let shown: ClosedRange<Int>
        do throws(DatabaseFailure) {
            if let known = table.rowCount {
                total = known
            } else {
                total = try engineCount(
                    SQLCompiler(remote.dialect).rowCount(
                        over: engineSource(remote, table, ordered: false)), query)
            }
            guard let wanted = DatasetTable.shownRows(rows, of: total) else {
                return "\(TextMetrics.sanitized(dataset.name)): no rows\n"
            }
            shown = wanted
            let sql = SQLCompiler(remote.dialect).rows(
                table.columns, of: remote.loadedSource(table), offset: shown.lowerBound,
                limit: shown.count)
            let answer = try ask(.rows(query, sql: sql)).rows()
            fetched = Self.engineRows(answer, width: table.columns.count)
        } catch { throw engineFailure(error, query, at: range) }
        guard fetched.count == shown.count else {
            throw Diagnostic(
                .queryFailed(
                    engine: query.engine.rawValue, message: "the rows changed while they were read"),
                at: range)
        }
        var held = dataset
        held.columns = table.columns(of: fetched)
        return DatasetTable.table(held, rows: shown, first: shown.lowerBound, of: total)
    }

    /// Every row of a remote dataset's query in its own order, each a value per column of
    /// `table` as loading every row reads it, handed to `body` about `batch` at a time (memory
    /// holds one batch): `SQLCompiler.rows` streamed by the engine's transport (`save csv`).
    public func forEachEngineRow(
        of table: RemoteTable, in query: DatabaseQuery, batch: Int,
        _ body: ([[Double]]) throws(DatabaseFailure) -> Void
    ) throws(DatabaseFailure) {
        guard let remote = query.engineStatements(dialects: dialects) else {
            throw .notRemote("no engine keeps the dataset's rows")
        }
        let sql = SQLCompiler(remote.dialect).rows(
            table.columns, of: remote.loadedSource(table))
        try engines.stream(.rows(query, sql: sql), batch: batch, shouldCancel: isCancelled) {
            answer throws(DatabaseFailure) in
            try body(Self.engineRows(answer, width: table.columns.count))
        }
    }

    /// An answer of `SQLCompiler.rows` as rows of `width` values (NaN for NULL).
    static func engineRows(_ answer: any StatementAnswer, width: Int) -> [[Double]] {
        (0..<answer.rows).map { r in (0..<width).map { answer.value(r, $0) ?? .nan } }
    }
}
