import ChartbookModel

/// A remote dataset's transforms computed by the engine (issue 27): the transform compiler
/// (ChartbookTransform's `SQLCompiler`) reads the query's rows through `transformSource`,
/// and `transformRows` runs what it wrote — one row per group crosses the wire.
extension PostgresRemote {
    /// The query's rows as a relation: each column of `table` under its session name, as
    /// float8 read exactly as the loading path reads it (times as epoch seconds), and
    /// `chartbook_row`, the rows' order by x — left out when `ordered` is false, for
    /// aggregates that need no order (numbering the rows sorts them all).
    public func transformSource(_ table: RemoteTable, ordered: Bool) -> RemoteRelation {
        let shape = Shape(table)
        // A text column as itself (its groups are named by it, its `where=` compares it).
        var columns = shape.names.indices.map {
            shape.kinds[$0] == .text
                ? "\(SQLQuoting.standard.identifier(shape.names[$0]))::text AS \(SQLQuoting.standard.identifier(shape.shown[$0]))"
                : "\(value(shape, $0)) AS \(SQLQuoting.standard.identifier(shape.shown[$0]))"
        }
        if ordered {
            columns.append(
                "row_number() OVER (ORDER BY \(value(shape, shape.x))) AS \(RemoteEngines.rowOrderName)"
            )
        }
        return RemoteRelation(
            relation: "(SELECT \(columns.joined(separator: ", ")) "
                + "FROM (\(PostgresReader.statement(query))) AS chartbook_q) AS chartbook_t",
            rowOrder: ordered ? RemoteEngines.rowOrderName : nil)
    }

    /// How many of each column's numbers are infinite (0 for a time column), in one scan;
    /// `describe` subtracts them from the missing.
    public func infinities(_ table: RemoteTable, shouldCancel: @escaping () -> Bool)
        throws(DatabaseFailure) -> [Int]
    {
        let shape = Shape(table)
        let counts = shape.names.indices.map { c -> String in
            guard shape.kinds[c] == .number else { return "0" }
            let name = SQLQuoting.standard.identifier(shape.names[c])
            return "COUNT(*) FILTER (WHERE abs(\(name)::float8) = 'Infinity'::float8)"
        }
        // No number column (constants alone would be a row per row of the query).
        if counts.allSatisfy({ $0 == "0" }) { return counts.map { _ in 0 } }
        let sql =
            "SELECT \(counts.joined(separator: ", ")) FROM (\(PostgresReader.statement(query))) AS chartbook_q"
        return try aggregates(sql, shouldCancel: shouldCancel).map { Int(saturating: $0) }
    }

    /// How many rows the query gives (one scan, no row on the wire).
    public func rowCount(shouldCancel: @escaping () -> Bool) throws(DatabaseFailure) -> Int {
        let sql = "SELECT count(*) FROM (\(PostgresReader.statement(query))) AS chartbook_q"
        return Int(saturating: try aggregates(sql, shouldCancel: shouldCancel).first ?? .nan)
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

    /// The numbers of the one row an aggregate query answers, NaN for NULL (empty when it
    /// answers no row).
    public func aggregates(_ sql: String, shouldCancel: @escaping () -> Bool)
        throws(DatabaseFailure) -> [Double]
    {
        let connection = try connect(shouldCancel)
        let result = try connection.execute(sql, shouldCancel: shouldCancel)
        guard result.rows == 1 else { return [] }
        return (0..<result.columns).map { result.number(0, $0) ?? .nan }
    }

    /// One row of a transform's answer: its key (a number, or text), group, value and rows.
    public typealias TransformRow = RemoteTransformRow

    /// Runs a compiled transform (`_key`, `_by`, `_value`, `_rows`, in that order; with
    /// `top=`, `_keys` after them).
    public func transformRows(_ sql: String, shouldCancel: @escaping () -> Bool)
        throws(DatabaseFailure) -> [TransformRow]
    {
        let connection = try connect(shouldCancel)
        let result = try connection.execute(sql, shouldCancel: shouldCancel)
        func number(_ r: Int, _ c: Int) -> Double { result.number(r, c) ?? .nan }
        return (0..<result.rows).map { r in
            TransformRow(
                key: number(r, 0),
                group: result.isNull(r, 1)
                    ? nil : String(decoding: result.bytes(r, 1), as: UTF8.self),
                value: number(r, 2), rows: number(r, 3),
                keys: result.columns > 4 ? number(r, 4) : nil)
        }
    }
}
