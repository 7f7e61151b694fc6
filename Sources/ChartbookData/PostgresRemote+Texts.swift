import ChartbookModel

/// A PostgreSQL remote dataset's text columns (`RemoteTexts`): their values, learnt when the
/// query is opened.
extension PostgresRemote {
    /// The distinct values of text column `name` (as the engine names it), at most one more
    /// than `RemoteTexts.most`, in order; nil when the column is not coded (`RemoteTexts`).
    func texts(_ connection: PostgresConnection, column name: String, shouldCancel: () -> Bool)
        throws(DatabaseFailure) -> [String]?
    {
        let result = try connection.execute(
            SQLCompiler(dialect).distinctTexts(
                of: name,
                over: RemoteRelation(
                    relation: "(\(PostgresReader.statement(query))) AS chartbook_q"),
                limit: RemoteTexts.most + 1),
            shouldCancel: shouldCancel)
        let values = (0..<result.rows).map { String(decoding: result.bytes($0, 0), as: UTF8.self) }
        return RemoteTexts.coded(values)
    }
}
