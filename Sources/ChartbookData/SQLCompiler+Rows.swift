import ChartbookModel

/// The rows themselves (`show data`, `save csv` of a remote dataset): one statement for
/// every engine, over the relation an engine reads its query's rows as loading every row
/// reads them (`RemoteEngine.loadedSource`), which its transport answers or streams.
extension SQLCompiler {
    /// The rows of `source` in its own order (no `ORDER BY`: the query's, as loading every
    /// row reads them), each the values of `columns` in that order — a column's
    /// `RemoteRelation.values`, else the relation's own column of that name — and only rows
    /// `offset ..< offset + limit` when `limit` is given. The values are not named: an
    /// engine that reads a name in a `SELECT` as that `SELECT`'s alias (ClickHouse) would
    /// read `toFloat64(a) AS a` as a cycle.
    public func rows(
        _ columns: [String], of source: RemoteRelation, offset: Int = 0, limit: Int? = nil
    ) -> String {
        let values = columns.map { source.values[$0] ?? dialect.quoting.identifier($0) }
        let all = "SELECT \(values.joined(separator: ", ")) FROM \(source.rows())"
        guard let limit else { return all }
        return all + " LIMIT \(max(limit, 0)) OFFSET \(max(offset, 0))"
    }
}
