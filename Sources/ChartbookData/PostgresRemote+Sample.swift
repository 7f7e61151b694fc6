import ChartbookModel

/// A sample of a PostgreSQL query's rows for the REPL's approximate first chart: x's span
/// cut into equal stretches, and in each the row with the lowest x — one index probe each
/// (`LATERAL … ORDER BY x LIMIT 1`), so a table of 10⁸ rows answers in milliseconds where
/// it has an index on x. `TABLESAMPLE` would need a table, and a dataset is a query; a
/// condition on x reaches the index through any query PostgreSQL can push it into. Without
/// an index each probe scans: the statement's timeout (the caller's) ends it, and there is
/// no approximate chart.
extension PostgresRemote {
    /// The sample's probes cost a few milliseconds and slow no exact question.
    public var previewPatience: Double { 0.25 }

    public func sample(
        xColumn: String?, extent: ClosedRange<Double>?, rows: Int,
        shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> RemoteSample? {
        let connection = try connect(shouldCancel)
        let (shape, xType) = try self.shape(
            connection, xColumn: xColumn, shouldCancel: shouldCancel)
        var span = extent
        if span == nil { span = try bounds(connection, shape, shouldCancel: shouldCancel) }
        guard let span else { return nil }
        let stretches = max(rows, 1)
        let step = RemoteEngines.sampleStep(span, stretches: stretches)
        let raw = rawX(shape)
        let at = { (stretch: String) in
            rawValue(
                shape, type: xType,
                of:
                    "(\(dialect.real(span.lowerBound)) + \(stretch) * \(dialect.real(step)))"
            )
        }
        let start = at("chartbook_i.i"), end = at("(chartbook_i.i + 1)")
        let sql = """
            SELECT chartbook_s.* FROM generate_series(0, \(stretches - 1)) AS chartbook_i(i) \
            CROSS JOIN LATERAL (SELECT * FROM (\(PostgresReader.statement(query))) AS chartbook_q \
            WHERE \(raw) >= \(start) AND \(raw) < \(end) ORDER BY \(raw) LIMIT 1) AS chartbook_s \
            ORDER BY chartbook_i.i
            """
        return RemoteSample(sql: sql, xColumn: shape.shown[shape.x])
    }

    /// The lowest and highest x (seconds for times), through an index on x where there is
    /// one; nil when either is missing or not finite.
    private func bounds(
        _ connection: PostgresConnection, _ shape: Shape, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> ClosedRange<Double>? {
        let raw = rawX(shape)
        let read: (String) -> String =
            switch shape.kinds[shape.x] {
            case .instant: { "date_part('epoch', \($0))" }
            case .wallClock: { "date_part('epoch', \($0)::timestamp)" }
            default: { "\($0)::float8" }
            }
        let result = try connection.execute(
            "SELECT \(read("min(\(raw))")), \(read("max(\(raw))")) FROM (\(PostgresReader.statement(query))) AS chartbook_q",
            shouldCancel: shouldCancel)
        guard result.rows == 1, let low = result.number(0, 0), let high = result.number(0, 1),
            low.isFinite, high.isFinite, low <= high
        else { return nil }
        return low...high
    }
}
