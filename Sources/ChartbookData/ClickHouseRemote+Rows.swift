import ChartbookModel
import Foundation

/// What a ClickHouse remote dataset answers beyond drawings (issue 28): the relation the
/// transform compiler reads (`describe`, statistic reference lines; ±∞ kept apart for
/// `describe` to count), and the query's rows as `mode=local` reads them (`show data`,
/// `save csv`, compiled by `SQLCompiler.rows`).
extension ClickHouseRemote {
    /// The query's rows under their session names (double-quoted, as the compiler names
    /// them), in the order the query gives them when `ordered` (give it an ORDER BY, as for
    /// mode=local): this engine version has no window function to number rows by x, so the
    /// compiler refuses what needs one (`SQLDialect.clickhouse`). Without an order, a query
    /// of one table's columns (`tableQuery`) is that table, its values written out, so that
    /// over a `Distributed` table each shard aggregates its own rows (numbering the rows
    /// would read them all on one server).
    public func transformSource(_ table: RemoteTable, ordered: Bool) -> RemoteRelation {
        let shape = Shape(table)
        // The columns that may hold ±∞, with them kept (`RemoteRelation.infinite`).
        let infinite = shape.names.indices.filter(shape.mayHoldInfinities)
        if !ordered, let tableQuery {
            var relation = tableQuery.relation
            for c in shape.names.indices { relation.values[shape.shown[c]] = compiled(shape, c) }
            for c in infinite { relation.infinite[shape.shown[c]] = loadedValue(shape, c) }
            return relation
        }
        var columns = shape.names.indices.map {
            "\(compiled(shape, $0)) AS \(dialect.quoting.identifier(shape.shown[$0]))"
        }
        if ordered {
            columns.append("rowNumberInAllBlocks() AS \(RemoteEngines.rowOrderName)")
        }
        // ±∞ kept a level down: this engine reads a name in a SELECT as that SELECT's alias
        // of it, so beside `value … AS x` a raw `x` would be the value, ±∞ already NULL.
        var rows = "\n\(PostgresReader.statement(query))\n"
        if !infinite.isEmpty {
            let kept = infinite.map { "\(loadedValue(shape, $0)) AS chartbook_inf\($0)" }
            rows = "SELECT *, \(kept.joined(separator: ", ")) FROM (\(rows))"
            columns += infinite.map { "chartbook_inf\($0)" }
        }
        var relation = RemoteRelation(
            relation: "(SELECT \(columns.joined(separator: ", ")) FROM (\(rows)))",
            rowOrder: ordered ? RemoteEngines.rowOrderName : nil)
        for c in infinite { relation.infinite[shape.shown[c]] = "chartbook_inf\(c)" }
        return relation
    }

    /// Column `c` as the transform compiler reads it: a text column's text itself (its
    /// groups are named by it, its `where=` compares it), any other column's `value`.
    private func compiled(_ shape: Shape, _ c: Int) -> String {
        shape.kinds[c] == .text ? dialect.quoting.identifier(shape.names[c]) : value(shape, c)
    }

    public func transport(_ shouldCancel: () -> Bool) throws(DatabaseFailure)
        -> any SQLTransport
    {
        try connect()
    }

    /// The query's rows as the loading path reads them (`RemoteEngine.loadedSource`):
    /// numbers as the server writes them (`inf` kept, `nan` missing), times as seconds since
    /// the epoch, `Date` day 0 missing, a text column its value's code — those `rows` keeps;
    /// x ordered by its own column (the sorting key reaches it through the conversions of a
    /// condition on its value). A query of one table's columns (`tableQuery`) is the table,
    /// so that over a `Distributed` table each shard reads its own rows.
    public func loadedSource(_ table: RemoteTable, rows set: RemoteRowSet) -> RemoteRelation {
        let shape = Shape(table).keeping(set)
        var relation: RemoteRelation
        if let tableQuery {
            relation = tableQuery.relation
            let kept = shape.condition(dialect.words) { loadedValue(shape, $0) }
            let all = [relation.condition, kept].compactMap { $0 }
            relation.condition =
                all.isEmpty ? nil : all.map { "(\($0))" }.joined(separator: " AND ")
        } else {
            relation = RemoteRelation(relation: rows(shape))
        }
        for c in shape.names.indices {
            let name = dialect.quoting.identifier(shape.names[c])
            relation.values[shape.shown[c]] =
                shape.kinds[c] == .number ? "toFloat64(\(name))" : value(shape, c)
        }
        relation.orderedX = RemoteRelation.OrderedX(
            column: dialect.quoting.identifier(shape.names[shape.x]))
        return relation
    }
}
