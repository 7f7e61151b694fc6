import ChartbookModel

/// A sample of a ClickHouse query's rows for the REPL's approximate first chart: x's span cut
/// into equal stretches, and in each the first row of a narrow window at its start (a
/// sixteenth of it), each window its own `ORDER BY x LIMIT 1` under `UNION ALL` — found
/// through the table's sorting key, a granule or two each. `SAMPLE` would need a sampling key
/// in the table's definition, and a dataset is a query; one condition of every window joined
/// by OR cost this engine a second of analysis on 10⁸ rows (0.2 s this way). Stretches whose
/// window holds no row give none; the statement stays under the engine's query size limit
/// (fewer stretches for a long query, none under 16).
extension ClickHouseRemote {
    /// The sample costs about half a second on 10⁸ rows (a scan of x for its ends, when
    /// they are not known, and the windows), and the exact questions pause meanwhile: on
    /// 10⁷ rows, whose exact chart takes 0.6 s, a preview after a quarter of a second came
    /// after it would have and made it 1.1 s.
    public var previewPatience: Double { 1.0 }

    /// Characters the statement may take (the engine's `max_query_size` is 256 KiB).
    static let sampleTextLimit = 200_000

    public func sample(
        xColumn: String?, extent: ClosedRange<Double>?, rows: Int,
        shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> RemoteSample? {
        let statement = PostgresReader.statement(query)
        let stretches = min(max(rows, 1), Self.sampleTextLimit / (statement.utf8.count + 200))
        guard stretches >= 16 else { return nil }
        let connection = try connect(Self.previewSettings)
        let shape = try self.shape(connection, xColumn: xColumn, shouldCancel: shouldCancel)
        var span = extent
        if span == nil { span = try bounds(connection, shape, shouldCancel: shouldCancel) }
        guard let span else { return nil }
        let step = RemoteEngines.sampleStep(span, stretches: stretches)
        let raw = dialect.quoting.identifier(shape.names[shape.x])
        let windows = (0..<stretches).map { i in
            let start = span.lowerBound + Double(i) * step
            let (low, high) = xBounds(shape, start, start + step / 16)
            return window("\(raw) >= \(low) AND \(raw) < \(high)", statement: statement)
                + " ORDER BY \(raw) LIMIT 1"
        }
        let sql = "SELECT * FROM (\(windows.joined(separator: " UNION ALL "))) ORDER BY \(raw)"
        return RemoteSample(sql: sql, xColumn: shape.shown[shape.x], columnsSQL: statement)
    }

    /// The query's rows where `condition` holds: of one table's columns (`tableQuery`), the
    /// table read with the query's condition and this one; else the query as a subquery.
    /// (Two hundred and forty windows take the engine 0.15 s to analyse read from the
    /// table, 0.22 s as subqueries.)
    private func window(_ condition: String, statement: String) -> String {
        guard let table = tableQuery else {
            return "SELECT * FROM (\n\(statement)\n) WHERE \(condition)"
        }
        return "SELECT \(table.columns) FROM \(table.relation.rows(where: [condition]))"
    }

    /// The lowest and highest x (seconds for times); nil when no row has one (the exact
    /// questions pause meanwhile: `xPicks`, a `DateTime` converted once).
    private func bounds(
        _ connection: ClickHouseConnection, _ shape: Shape, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> ClosedRange<Double>? {
        let answer = try numbers(
            connection, select(xPicks(shape, rows: "count()"), of: shape),
            shouldCancel: shouldCancel)
        guard answer.count == 3, answer[0] > 0, answer[1].isFinite, answer[2].isFinite,
            answer[1] <= answer[2]
        else { return nil }
        return answer[1]...answer[2]
    }

    /// The window `low ..< high` (x values, seconds for times) as values of the raw x
    /// column's type, which its sorting key compares directly; never empty.
    private func xBounds(_ shape: Shape, _ low: Double, _ high: Double) -> (String, String) {
        switch shape.kinds[shape.x] {
        case .instant:
            let (a, b) = (Int(low.rounded(.down)), Int(high.rounded(.up)))
            return ("toDateTime(\(a))", "toDateTime(\(max(b, a + 1)))")
        case .instant64:
            return (
                "toDateTime64(\(dialect.real(low)), 3)",
                "toDateTime64(\(dialect.real(high)), 3)"
            )
        case .wallClock:
            let (a, b) = (Int(low.rounded(.down)), Int(high.rounded(.up)))
            return (
                "toDate(toDateTime(\(a), 'UTC'))", "toDate(toDateTime(\(max(b, a + 86400)), 'UTC'))"
            )
        // (x is never a text column.)
        case .number, .text, .other:
            return (dialect.real(low), dialect.real(high > low ? high : low.nextUp))
        }
    }
}
