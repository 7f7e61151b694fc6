import ChartbookData
import ChartbookModel

/// A pipeline as one ClickHouse query (issue 28). ClickHouse 18 has no `WITH` and no window
/// functions, so only what one `GROUP BY` computes is written: `agg=` sum, count, mean, min,
/// max, distinct, over the rows `where=` keeps, keyed by x, its `bin=` step or calendar unit
/// (`SQLDialect.timeKey`), grouped by `by=`; in the executor's order — by key, then each
/// group by its first row (the least of its keys' first rows, in the same scan). Without `by=` the groups are
/// aggregated in the `SELECT` that reads the source, which needs no row order: over a table
/// read directly (a `Distributed` one), each shard aggregates its own rows. The rest
/// (windows, trends, stdev and quantiles) is refused, naming it.
extension SQLCompiler {
    func clickHouseQuery(_ p: TransformPipeline, over source: Source) throws(TransformError)
        -> String
    {
        guard let op = p.aggregate, p.window == nil, p.fit == nil else {
            throw .unsupported(
                "transforms other than agg= (windows, trends)", backend: dialect.name)
        }
        guard p.by != nil else { return try ungrouped(p, op, over: source) }
        let value = try clickHouseAggregate(op, of: "chartbook_v", counting: p.y == nil)
        let kept = try keptRows(p, source, names: .prefixed)
        // A missing group joins by the empty text (a number's text is never empty).
        let keyed = """
            (SELECT *, ifNull(chartbook_g, '') AS chartbook_gk FROM (\(kept)) \
            WHERE chartbook_k IS NOT NULL)
            """
        let grouped = """
            SELECT chartbook_k, chartbook_g, chartbook_gk, \(value) AS chartbook_a, \
            count() AS chartbook_n, min(chartbook_r) AS chartbook_o FROM \(keyed) \
            GROUP BY chartbook_k, chartbook_g, chartbook_gk
            """
        // Each group's first row is the least of its keys' first rows: the groups' rows
        // gathered per group (few: a row per key and group) and spread again, so the
        // source's rows are read once, not again for their groups' first rows.
        let ordered = """
            SELECT min(chartbook_o) AS chartbook_f, groupArray(tuple(chartbook_k, chartbook_g, \
            chartbook_a, chartbook_n)) AS chartbook_s FROM (\(grouped)) GROUP BY chartbook_gk
            """
        return """
            SELECT chartbook_e.1 AS "_key", chartbook_e.2 AS "_by", chartbook_e.3 AS "_value", \
            chartbook_e.4 AS "_rows" FROM (\(ordered)) ARRAY JOIN chartbook_s AS chartbook_e \
            ORDER BY chartbook_e.1, chartbook_f
            """
    }

    /// `agg=` without `by=`: one `SELECT` of the source's rows, grouped by key (the rows
    /// without one form a group of their own, left out after), ordered by key.
    private func ungrouped(_ p: TransformPipeline, _ op: Aggregation, over source: Source)
        throws(TransformError) -> String
    {
        let kept = try keptValues(p, source)
        let value = try clickHouseAggregate(op, of: kept.value, counting: p.y == nil)
        let grouped = """
            SELECT \(kept.key) AS chartbook_k, \(value) AS chartbook_a, count() AS chartbook_n \
            FROM \(source.relation.rows(where: kept.conditions)) GROUP BY chartbook_k
            """
        return """
            SELECT chartbook_k AS "_key", NULL AS "_by", chartbook_a AS "_value", \
            chartbook_n AS "_rows" FROM (\(grouped)) WHERE chartbook_k IS NOT NULL \
            ORDER BY chartbook_k
            """
    }

    /// `op` of the values `v` (SQL) as ClickHouse computes what the executor does; a count
    /// of rows where `counting` (no y). Refused where no one aggregate of this engine does.
    private func clickHouseAggregate(_ op: Aggregation, of v: String, counting: Bool)
        throws(TransformError) -> String
    {
        switch op {
        // An empty sum is missing, as the executor's (ClickHouse's sum of nothing is 0).
        case .sum: "if(count(\(v)) = 0, NULL, sum(\(v)))"
        case .count: counting ? "count()" : "count(\(v))"
        case .mean: "avg(\(v))"
        case .min: "min(\(v))"
        case .max: "max(\(v))"
        // (Of only missing values: NULL here, 0 for the executor.)
        case .distinct: "ifNull(uniqExact(\(v)), 0)"
        case .stdev, .median, .q1, .q3, .p90, .p95, .p99:
            throw .unsupported("agg=\(op.rawValue)", backend: dialect.name)
        }
    }
}
