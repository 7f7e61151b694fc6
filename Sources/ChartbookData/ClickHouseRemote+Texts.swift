import ChartbookModel

/// A ClickHouse remote dataset's text columns (`RemoteTexts`): their values, learnt when the
/// query is opened.
extension ClickHouseRemote {
    /// The distinct values of text column `name` (as the engine names it), at most one more
    /// than `RemoteTexts.most`, in order; nil when the column is not coded (`RemoteTexts`).
    /// A query of one table's columns is asked as the table (each shard answers for its
    /// rows); the engine stops reading once it has found one value too many.
    func texts(_ connection: ClickHouseConnection, column name: String, shouldCancel: () -> Bool)
        throws(DatabaseFailure) -> [String]?
    {
        let source =
            tableQuery?.relation
            ?? RemoteRelation(relation: "(\n\(PostgresReader.statement(query))\n)")
        let values = try fields(
            connection,
            SQLCompiler(dialect).distinctTexts(
                of: name, over: source, limit: RemoteTexts.most + 1),
            shouldCancel: shouldCancel
        ).compactMap { $0.first.map { String(decoding: $0, as: UTF8.self) } }
        return RemoteTexts.coded(values)
    }
}
