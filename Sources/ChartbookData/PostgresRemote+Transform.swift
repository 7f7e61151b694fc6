import ChartbookModel

/// A remote dataset's transforms computed by the engine (issue 27): the transform compiler
/// (ChartbookTransform's `SQLCompiler`) reads the query's rows through `transformSource`,
/// and `transformRows` runs what it wrote — one row per group crosses the wire.
extension PostgresRemote {
    /// The name of the rows' order in `transformSource` (by x, as the engine sorts it).
    public static let rowOrderName = "chartbook_row"

    /// The query's rows as a relation: each column of `table` under its session name, as
    /// float8 read exactly as the loading path reads it (times as epoch seconds), and
    /// `chartbook_row`, the rows' order by x.
    public func transformSource(_ table: RemoteTable) -> String {
        let shape = Shape(table)
        let columns = shape.names.indices.map {
            "\(value(shape, $0)) AS \(SQLQuoting.identifier(shape.shown[$0]))"
        }
        let order = "row_number() OVER (ORDER BY \(value(shape, shape.x)))"
        return "(SELECT \(columns.joined(separator: ", ")), \(order) AS \(Self.rowOrderName) "
            + "FROM (\(PostgresReader.statement(query))) AS chartbook_q) AS chartbook_t"
    }

    /// One number an aggregate query over the query's rows answers (`SELECT avg(v) FROM …`).
    public func aggregate(_ sql: String, shouldCancel: @escaping () -> Bool)
        throws(DatabaseFailure) -> Double
    {
        let connection = try connect(shouldCancel)
        let result = try connection.execute(sql, shouldCancel: shouldCancel)
        guard result.rows == 1, result.columns >= 1, !result.isNull(0, 0) else { return .nan }
        let bytes = result.bytes(0, 0)
        return NumberParser.parse(bytes, 0, bytes.count) ?? .nan
    }

    /// One row of a transform's answer: its key (a number, or text), group, value and rows.
    public struct TransformRow: Sendable {
        public var key: Double
        public var group: String?
        public var value: Double
        public var rows: Double
    }

    /// Runs a compiled transform (`_key`, `_by`, `_value`, `_rows`, in that order).
    public func transformRows(_ sql: String, shouldCancel: @escaping () -> Bool)
        throws(DatabaseFailure) -> [TransformRow]
    {
        let connection = try connect(shouldCancel)
        let result = try connection.execute(sql, shouldCancel: shouldCancel)
        func number(_ r: Int, _ c: Int) -> Double {
            guard !result.isNull(r, c) else { return .nan }
            let bytes = result.bytes(r, c)
            return NumberParser.parse(bytes, 0, bytes.count) ?? .nan
        }
        return (0..<result.rows).map { r in
            TransformRow(
                key: number(r, 0),
                group: result.isNull(r, 1)
                    ? nil : String(decoding: result.bytes(r, 1), as: UTF8.self),
                value: number(r, 2), rows: number(r, 3))
        }
    }
}
