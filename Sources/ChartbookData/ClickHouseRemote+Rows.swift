import ChartbookModel
import Foundation

/// What a ClickHouse remote dataset answers beyond drawings (issue 28): the relation the
/// transform compiler reads (`describe`, statistic reference lines; ±∞ kept apart for
/// `describe` to count), the rows of the query, and every row streamed for `save csv` — each
/// value as `mode=local` reads it.
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
            "\(compiled(shape, $0)) AS \(SQLQuoting.clickHouse.identifier(shape.shown[$0]))"
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
        shape.kinds[c] == .text ? SQLQuoting.clickHouse.identifier(shape.names[c]) : value(shape, c)
    }

    public func transport(_ shouldCancel: () -> Bool) throws(DatabaseFailure)
        -> any SQLTransport
    {
        try connect()
    }

    public func rows(
        _ table: RemoteTable, offset: Int, limit: Int, shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> [[Double]] {
        let sql = loadedRows(Shape(table)) + " LIMIT \(max(limit, 0)) OFFSET \(max(offset, 0))"
        return try fields(try connect(), sql, shouldCancel: shouldCancel).map {
            $0.map(Self.number)
        }
    }

    /// Every row in one query, parsed as the answer streams in and handed on `batch` rows at
    /// a time (memory holds a batch and the piece of text being parsed).
    public func forEachBatch(
        _ table: RemoteTable, batch: Int, shouldCancel: @escaping () -> Bool,
        _ body: ([[Double]]) throws(DatabaseFailure) -> Void
    ) throws(DatabaseFailure) {
        let width = table.columns.count
        var lines = TabSeparatedLines(), rows = [[Double]]()
        rows.reserveCapacity(batch)
        try connect().run(
            loadedRows(Shape(table)) + "\nFORMAT TabSeparated", shouldCancel: shouldCancel
        ) { data throws(DatabaseFailure) in
            for line in lines.append(data) {
                let row = ClickHouseReader.fields(line).map(Self.number)
                guard row.count == width else {
                    throw .query("the server sent a row of \(row.count) fields", offset: nil)
                }
                rows.append(row)
                if rows.count >= batch {
                    try body(rows)
                    rows.removeAll(keepingCapacity: true)
                }
            }
        }
        try lines.finish()
        if !rows.isEmpty { try body(rows) }
    }

    /// The query's rows as the loading path reads them: numbers as the server writes them
    /// (`inf` kept, `nan` missing), times as seconds since the epoch, `Date` day 0 missing.
    func loadedRows(_ shape: Shape) -> String {
        let columns = shape.names.indices.map { c -> String in
            let name = SQLQuoting.clickHouse.identifier(shape.names[c])
            return shape.kinds[c] == .number ? "toFloat64(\(name))" : value(shape, c)
        }
        return "SELECT \(columns.joined(separator: ", ")) "
            + "FROM (\n\(PostgresReader.statement(query))\n)"
    }
}
