import ChartbookModel

/// A remote dataset's transforms computed by the engine (issue 27): the transform compiler
/// (ChartbookTransform's `SQLCompiler`) reads the query's rows through `transformSource`,
/// and `transformRows` runs what it wrote — one row per group crosses the wire.
extension PostgresRemote {
    /// The query's rows as a relation: each column of `table` under its session name, as
    /// float8 read exactly as the loading path reads it (times as epoch seconds), and
    /// `chartbook_row`, the rows' numbers in the query's own order (`row_number() OVER ()`,
    /// as loading every row reads them, and as ClickHouse numbers them) — left out when
    /// `ordered` is false, for aggregates that need no order.
    public func transformSource(_ table: RemoteTable, ordered: Bool) -> RemoteRelation {
        let shape = Shape(table)
        // A text column as itself (its groups are named by it, its `where=` compares it).
        var columns = shape.names.indices.map {
            shape.kinds[$0] == .text
                ? "\(SQLQuoting.standard.identifier(shape.names[$0]))::text AS \(SQLQuoting.standard.identifier(shape.shown[$0]))"
                : "\(value(shape, $0)) AS \(SQLQuoting.standard.identifier(shape.shown[$0]))"
        }
        // The number columns that may hold ±∞, with them kept (`RemoteRelation.infinite`).
        let infinite = shape.names.indices.filter {
            shape.kinds[$0] == .number && !shape.complete.contains($0)
        }
        columns += infinite.map {
            "\(value(shape, $0, keepingInfinities: true)) AS chartbook_inf\($0)"
        }
        if ordered {
            columns.append("row_number() OVER () AS \(RemoteEngines.rowOrderName)")
        }
        var relation = RemoteRelation(
            relation: "(SELECT \(columns.joined(separator: ", ")) "
                + "FROM (\(PostgresReader.statement(query))) AS chartbook_q) AS chartbook_t",
            rowOrder: ordered ? RemoteEngines.rowOrderName : nil)
        for c in infinite { relation.infinite[shape.shown[c]] = "chartbook_inf\(c)" }
        return relation
    }

    /// Rows `offset ..< offset + limit` of the query, in its own order (as `mode=local` reads
    /// them), each a value per column of `table` as the loading path reads it.
    public func rows(
        _ table: RemoteTable, offset: Int, limit: Int, shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> [[Double]] {
        let connection = try connect(shouldCancel)
        let shape = Shape(table)
        return try fetchRows(
            connection, shape,
            sql: selectRows(shape, asLoaded: true)
                + " LIMIT \(max(limit, 0)) OFFSET \(max(offset, 0))",
            shouldCancel: shouldCancel)
    }

    /// Every row through a server-side cursor (`PostgresRowCursor`), `batch` at a time.
    public func forEachBatch(
        _ table: RemoteTable, batch: Int, shouldCancel: @escaping () -> Bool,
        _ body: ([[Double]]) throws(DatabaseFailure) -> Void
    ) throws(DatabaseFailure) {
        let cursor = try PostgresRowCursor(self, table, shouldCancel: shouldCancel)
        while true {
            let rows = try cursor.next(batch)
            if rows.isEmpty { return }
            try body(rows)
        }
    }

    public func transport(_ shouldCancel: () -> Bool) throws(DatabaseFailure)
        -> any SQLTransport
    {
        try connect(shouldCancel)
    }
}
