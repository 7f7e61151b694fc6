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
                ? "\(dialect.quoting.identifier(shape.names[$0]))::text AS \(dialect.quoting.identifier(shape.shown[$0]))"
                : "\(value(shape, $0)) AS \(dialect.quoting.identifier(shape.shown[$0]))"
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

    /// The query's rows as loading every row reads them (`RemoteEngine.loadedSource`): each
    /// column `value` with ±∞ kept, over the query itself, those `rows` keeps; x ordered by
    /// its own column (a btree on it serves the order), a `timestamptz` compared there too
    /// (`rangeCondition`'s widening: the btree is on the column, not on its seconds).
    public func loadedSource(_ table: RemoteTable, rows set: RemoteRowSet) -> RemoteRelation {
        let shape = Shape(table).keeping(set)
        var relation = RemoteRelation(relation: rows(shape))
        for c in shape.names.indices {
            relation.values[shape.shown[c]] = value(shape, c, keepingInfinities: true)
        }
        relation.orderedX = RemoteRelation.OrderedX(
            column: rawX(shape),
            bound: shape.kinds[shape.x] == .instant
                ? .init(prefix: "to_timestamp(", suffix: ")", slack: Self.instantSlack) : nil)
        return relation
    }

    public func transport(_ shouldCancel: () -> Bool) throws(DatabaseFailure)
        -> any SQLTransport
    {
        try connect(shouldCancel)
    }
}
