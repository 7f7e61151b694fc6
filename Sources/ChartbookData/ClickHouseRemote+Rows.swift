import ChartbookModel
import Foundation

/// What a ClickHouse remote dataset answers beyond drawings (issue 28): the relation the
/// transform compiler reads (`describe`, statistic reference lines), the infinities and rows
/// of the query, and every row streamed for `save csv` — each value as `mode=local` reads it.
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
        if !ordered, let tableQuery {
            var relation = tableQuery.relation
            for c in shape.names.indices { relation.values[shape.shown[c]] = compiled(shape, c) }
            return relation
        }
        var columns = shape.names.indices.map {
            "\(compiled(shape, $0)) AS \(SQLQuoting.clickHouse.identifier(shape.shown[$0]))"
        }
        if ordered {
            columns.append("rowNumberInAllBlocks() AS \(RemoteEngines.rowOrderName)")
        }
        return RemoteRelation(
            relation: "(SELECT \(columns.joined(separator: ", ")) "
                + "FROM (\n\(PostgresReader.statement(query))\n))",
            rowOrder: ordered ? RemoteEngines.rowOrderName : nil)
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

    /// Asked as every question is (`select`: of a table read directly, each shard counts its
    /// own rows); a complete column holds none (a finite value in every row).
    public func infinities(_ table: RemoteTable, shouldCancel: @escaping () -> Bool)
        throws(DatabaseFailure) -> [Int]
    {
        let shape = Shape(table)
        let counts = shape.names.indices.map { c -> String in
            guard shape.kinds[c] == .number, shape.mayHoldInfinities(c) else { return "0" }
            return "countIf(ifNull(isInfinite(chartbook_l\(c)), 0))"
        }
        // No column to ask of (constants alone would be a row per row of the query).
        if counts.allSatisfy({ $0 == "0" }) { return counts.map { _ in 0 } }
        return try aggregates(select(counts, of: shape), shouldCancel: shouldCancel).map {
            Int(saturating: $0)
        }
    }

    public func rowCount(shouldCancel: @escaping () -> Bool) throws(DatabaseFailure) -> Int {
        try estimatedRows(shouldCancel: shouldCancel)
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
