import ChartbookData
import ChartbookModel
import ChartbookTransform

/// `describe` of a remote dataset, computed by its engine (issue 28): the columns' summary,
/// the rows sharing an x and a coded text column's values, asked as one batch.
extension Executor {
    /// `describe` of a remote dataset, computed by the engine (issue 28): one aggregate query
    /// for the columns' summaries and one for the rows sharing an x, so it reads exactly as
    /// `describe` of the same query loaded with `mode=local`; a coded text column's values
    /// counted (`engineTextValues`). A query with a text column the dataset left out is
    /// refused: `mode=local` would describe it.
    func engineDescription(of dataset: Dataset, at range: SourceRange) throws(Diagnostic)
        -> String
    {
        let (table, query, remote) = try engineTable(
            of: dataset, for: "a description of its text columns", coded: true, at: range)
        let unordered = engineSource(remote, table, ordered: false)
        let compiler = SQLCompiler(remote.dialect)
        let measured = table.columns.filter { table.texts[$0] == nil }
        let summarySQL: String
        do throws(TransformError) {
            summarySQL = try compiler.summary(of: measured, over: unordered)
        } catch {
            throw Diagnostic(
                .remoteNeedsLocal(dataset: dataset.name, needs: Self.needs(error)), at: range)
        }
        let answer: [Double], most: Int
        var texts = [String: (counts: [String: Int], order: [String])]()
        let counted = table.columns.filter { table.texts[$0] != nil }.map {
            (name: $0, sql: try? compiler.valueCounts(of: $0, over: unordered))
        }
        do throws(DatabaseFailure) {
            // Every question at once: none waits on another's answer.
            try prefetch(
                counted.flatMap { text in
                    [
                        text.sql.map { EngineQuestion.transformRows(query, sql: $0) },
                        groupsQuestion(
                            query, remote, table, column: text.name, .every,
                            limit: Self.describedValues),
                    ].compactMap { $0 }
                } + [.aggregates(query, sql: summarySQL)]
                    + (table.mostRowsPerX == nil
                        ? [mostRowsPerXQuestion(query, remote, table)].compactMap { $0 } : []))
            for text in counted {
                texts[text.name] = try engineTextValues(
                    of: text.name, query, remote, table, text.sql)
            }
            answer = try ask(.aggregates(query, sql: summarySQL)).numbers()
            if let known = table.mostRowsPerX {
                most = known
            } else {
                most = try mostRowsPerX(query, remote, table)
            }
        } catch { throw engineFailure(error, query, at: range) }
        let fields = SQLCompiler.summaryFields
        guard answer.count == 1 + fields * measured.count else {
            throw Diagnostic(
                .queryFailed(
                    engine: query.engine.rawValue, message: "the summary came back incomplete"),
                at: range)
        }
        let rows = Int(saturating: answer[0])
        let columns = table.columns.map { name in
            guard let j = measured.firstIndex(of: name) else {
                return ColumnSummary(
                    name: name, kind: .text, minimum: .nan, maximum: .nan, mean: .nan,
                    missing: texts[name]?.counts[""] ?? 0, unreadable: 0, decimals: 0)
            }
            let a = answer[(1 + fields * j)...]
            let values = Int(saturating: a[a.startIndex])
            // ±∞: no value, yet not missing (the loading path reads them as they are).
            let infinite = Int(saturating: a[a.startIndex + 5])
            return ColumnSummary(
                name: name, kind: table.timeColumns.contains(name) ? .time : .number,
                minimum: a[a.startIndex + 1], maximum: a[a.startIndex + 2],
                mean: a[a.startIndex + 3], missing: rows - values - infinite, unreadable: 0,
                decimals: Int(saturating: a[a.startIndex + 4].isNaN ? 0 : a[a.startIndex + 4]))
        }
        let lines = table.columns.compactMap { name in
            texts[name].map {
                SessionReport.textValues(
                    named: name, counts: $0.counts, order: $0.order.filter { !$0.isEmpty })
            }
        }
        return SessionReport.describe(
            dataset, rows: rows, columns: columns,
            mostRowsPerX: most > 1 ? most : nil, texts: lines.joined())
    }

    /// How many rows hold each value of coded text column `name` (one grouping scan; a
    /// missing value counted under ""), and its values in order of first appearance
    /// (`engineGroups`, one scan): values the engine tells apart that read as one
    /// text (`é` composed and decomposed) count as one, as loading every row counts them.
    /// `sql`: the counts' question (`SQLCompiler.valueCounts`; nil: none could be written).
    private func engineTextValues(
        of name: String, _ query: DatabaseQuery, _ remote: any EngineStatements,
        _ table: RemoteTable, _ sql: String?
    ) throws(DatabaseFailure) -> (counts: [String: Int], order: [String]) {
        guard let sql else { return ([:], []) }
        var counts = [String: Int]()
        for row in try ask(.transformRows(query, sql: sql)).transformRows() {
            counts[row.group ?? "", default: 0] += Int(saturating: row.value)
        }
        let order = try engineGroups(
            query, remote, table, column: name, .every, limit: Self.describedValues)
        return (counts, order)
    }

    /// How many of a coded text column's values `describe` asks for in order: one more than
    /// a coded column holds, so that none is left out.
    static let describedValues = RemoteTexts.most + 1
}
