import ChartbookData
import ChartbookModel

/// `describe` in the engine (issue 28): what `ColumnSummary(of:)` computes from a column in
/// memory, written as one aggregate query over the source, so a remote dataset is described
/// without a row crossing the wire.
extension SQLCompiler {
    /// The values each column contributes to `summary(of:over:)`'s one row, after the
    /// leading row count: values, minimum, maximum, mean, decimals, infinite values.
    public static let summaryFields = 6

    /// One row: the number of rows, then for each of `columns` (numbers or times of the
    /// source, missing values NULL) the count of its values, their minimum, maximum and mean,
    /// the most decimals any is written with (`NumberText.decimals(of:)`, 0 to 6), and how
    /// many of its values are ±∞ (`RemoteRelation.infinite`; 0 for a time or a column of
    /// none) — all in one scan.
    public func summary(of columns: [String], over source: Source) throws(TransformError)
        -> String
    {
        var fields = ["CAST(COUNT(*) AS \(dialect.double))"]
        for name in columns {
            guard let kind = source.kinds[name] else { throw .missingColumn(name) }
            guard kind != .text else {
                throw .unsupported("a summary of text column '\(name)'", backend: dialect.name)
            }
            let c = source.column(in: dialect, name)
            fields += [
                "CAST(COUNT(\(c)) AS \(dialect.double))", "MIN(\(c))", "MAX(\(c))",
                "CAST(\(mean(c)) AS \(dialect.nullableDouble))",
                kind == .time ? "0" : "MAX(\(decimals(of: c)))",
                infinities(of: name, over: source),
            ]
        }
        // A table read directly is aggregated as it is read (its engine computes each value
        // written out once). Else the fence keeps the source a subquery of its own:
        // flattened into this one, each of the many references to a column would compute
        // its value again (3× the time).
        let rows =
            source.isTable
            ? source.relation.rows()
            : "(SELECT * FROM \(source.relation.rows()) \(dialect.fence)) AS chartbook_s"
        return "SELECT \(fields.joined(separator: ", ")) FROM \(rows)"
    }

    /// The count of `name`'s values that are ±∞, as a double: 0 unless the source keeps
    /// them (`RemoteRelation.infinite`).
    private func infinities(of name: String, over source: Source) -> String {
        guard let kept = source.relation.infinite[name] else { return "0" }
        let infinity = dialect.real(.infinity)
        return "CAST(COUNT(CASE WHEN abs(\(kept)) = \(infinity) THEN 1 END) AS \(dialect.double))"
    }

    /// One row: how many rows the source has (one scan; `show data` of a remote dataset
    /// whose count `load` did not learn).
    public func rowCount(over source: Source) -> String {
        "SELECT CAST(COUNT(*) AS \(dialect.double)) FROM \(source.relation.rows())"
    }

    /// One row: how many distinct values `column` holds over every row, a missing value
    /// one more (the groups `by=column` makes) — its values as the loading path reads them,
    /// ±∞ included (`RemoteRelation.infinite`), in one scan.
    public func distinctCount(of column: String, over source: Source) throws(TransformError)
        -> String
    {
        guard let kind = source.kinds[column] else { throw .missingColumn(column) }
        // (−0 and 0: one value, as `by=` groups them.)
        let loaded = source.loaded(in: dialect, column)
        let c = kind == .text ? loaded : "(\(loaded) + 0)"
        return
            "SELECT CAST(\(dialect.countDistinct(c)) + CASE WHEN COUNT(*) > COUNT(\(c)) THEN 1 ELSE 0 END AS \(dialect.double)) FROM \(source.relation.rows())"
    }

    /// The groups `by=column` makes of the rows `kept` keeps, in order of first appearance in
    /// the source's row order (`rowOrder`: the query's own, as loading every row reads them),
    /// at most `limit`: a row per value — the value (a text column's text; a number as the
    /// loading path reads it, ±∞ kept: `Source.loaded`, as the filters read it; NULL for a
    /// missing one) and the first row holding it — in one grouping scan. Two values the
    /// engine tells apart may read as one group's name (`é` composed and decomposed): the
    /// caller merges them.
    public func groups(of column: String, over source: Source, kept: [RowFilter], limit: Int)
        throws(TransformError) -> String
    {
        guard source.kinds[column] != nil else { throw .missingColumn(column) }
        for filter in kept where source.kinds[filter.column] == nil {
            throw .missingColumn(filter.column)
        }
        guard let order = source.relation.rowOrder else {
            throw .unsupported("groups in order without the rows' order", backend: dialect.name)
        }
        let c = source.loaded(in: dialect, column)
        let rows = source.relation.rows(where: kept.map { condition($0, source) })
        return
            "SELECT \(c), MIN(\(source.column(in: dialect, order))) AS chartbook_first FROM \(rows) GROUP BY \(c) ORDER BY chartbook_first LIMIT \(max(limit, 0))"
    }

    /// How many rows hold each value of `column` (a text column of the source): one row per
    /// value, shaped as a transform's (`_key` NULL, `_by` the value — NULL for a missing
    /// one — and the count as `_value` and `_rows`), in one grouping scan.
    public func valueCounts(of column: String, over source: Source) throws(TransformError)
        -> String
    {
        guard source.kinds[column] != nil else { throw .missingColumn(column) }
        let c = source.column(in: dialect, column)
        let count = "CAST(COUNT(*) AS \(dialect.double))"
        return
            "SELECT CAST(NULL AS \(dialect.nullableDouble)), \(dialect.text(c)), \(count), \(count) FROM \(source.relation.rows()) GROUP BY \(c)"
    }

    /// The decimals a value is written with, exactly as `NumberText.decimals(of:limit: 6)`:
    /// the fewest places p at which |v·10ᵖ − round(v·10ᵖ)| ≤ 10⁻¹²·max(1, |v·10ᵖ|), 6 when
    /// none is; 0 for a value of 10¹⁵ or more. (A half-way value is 0.5 from its rounding
    /// whichever way an engine rounds, so every engine agrees.)
    func decimals(of value: String) -> String {
        var cases = ["WHEN \(value) IS NULL OR abs(\(value)) >= 1e15 THEN 0"]
        for places in 0..<6 {
            let power = dialect.real(NumberText.powersOfTen[places])
            let scaled = "(\(value) * \(power))"
            cases.append(
                "WHEN abs(\(scaled) - round(\(scaled))) <= 1e-12 * (CASE WHEN abs(\(scaled)) > 1 THEN abs(\(scaled)) ELSE 1 END) THEN \(places)"
            )
        }
        return "(CASE \(cases.joined(separator: " ")) ELSE 6 END)"
    }

    /// The most rows sharing an x (what `describe` reports as "x repeats", and a line's note
    /// "up to N rows per x"): the rows counted per x value, as the executor's count per x
    /// (`TableExecutor.mostRowsPerX`) counts them — rows without an x left out — in one
    /// grouping scan that needs no row order. Tested against the executor on random tables.
    /// Of the rows every filter of `kept` keeps (all rows for none): a `where=`'s, a `by=`
    /// group's.
    public func mostRowsPerX(_ x: String, over source: Source, kept: [RowFilter] = [])
        throws(TransformError) -> String
    {
        guard source.kinds[x] != nil else { throw .missingColumn(x) }
        for filter in kept where source.kinds[filter.column] == nil {
            throw .missingColumn(filter.column)
        }
        let c = source.column(in: dialect, x)
        let conditions = kept.map { condition($0, source) } + ["\(c) IS NOT NULL"]
        return
            "SELECT CAST(MAX(chartbook_n) AS \(dialect.double)) FROM (SELECT COUNT(*) AS chartbook_n FROM \(source.relation.rows(where: conditions)) GROUP BY \(c)) AS chartbook_counts"
    }
}
