import ChartbookModel

/// The sets of rows a ClickHouse remote dataset's plots draw besides every row — a
/// `where=`, each `by=` group (issue 28): what is known of each, and a `by=` column's groups.
extension ClickHouseRemote {
    /// What `open` learns of every row, of the rows of `rows` (the same two scans).
    public func kept(
        _ table: RemoteTable, _ rows: RemoteRowSet, shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> RemoteTable.Kept {
        let connection = try connect()
        var shape = Shape(table).keeping(rows)
        let summary = try self.summary(connection, &shape, shouldCancel: shouldCancel)
        let ends = [summary.first, summary.last].compactMap { $0 }
        return RemoteTable.Kept(
            count: summary.count, rows: ends + summary.extremes, nonPositive: summary.nonPositive)
    }

    /// The groups of `column` among the rows of `rows`, in order of first appearance: the
    /// rows numbered as the query gives them (`rowNumberInAllBlocks`), one scan.
    public func groups(
        _ table: RemoteTable, column: String, _ rows: RemoteRowSet, limit: Int,
        shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> [String] {
        let shape = Shape(table).keeping(rows)
        guard let c = Column.index(of: column, in: shape.shown) else { return [] }
        let sql = """
            SELECT chartbook_g FROM (SELECT \(shape.loaded(c)) AS chartbook_g, \
            rowNumberInAllBlocks() AS chartbook_n FROM (\(selectRows(shape)))) \
            GROUP BY chartbook_g ORDER BY min(chartbook_n) LIMIT \(max(limit, 0))
            """
        let keys = try fields(try connect(), sql, shouldCancel: shouldCancel).compactMap {
            $0.first.map(Self.number)
        }
        return RemoteEngines.groupKeys(
            keys, of: table.texts[shape.shown[c]], isTime: shape.kinds[c].isTime)
    }

    /// How many distinct texts `column` holds over every row, one scan.
    public func distinctCount(
        _ table: RemoteTable, column: String, shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> Int {
        let shape = Shape(table)
        guard let c = Column.index(of: column, in: shape.shown) else { return 0 }
        let v = shape.loaded(c)
        let answer = try numbers(
            try connect(),
            select(["uniqExact(\(v)) + (count() > count(\(v)))"], of: shape),
            shouldCancel: shouldCancel)
        return Int(saturating: answer.first ?? 0)
    }
}
