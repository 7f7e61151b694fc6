import ChartbookData
import ChartbookModel

/// A pipeline as one ClickHouse query (issue 28). ClickHouse 18 has no `WITH` and no window
/// functions, so only what one `GROUP BY` computes is written: `agg=` sum, count, mean, min,
/// max, distinct, over the rows `where=` keeps, keyed by x, its `bin=` step or calendar unit
/// (`SQLDialect.timeKey`), grouped by `by=`; in the executor's order — by key, then each
/// group by its first row (a join of the groups' first rows). The rest (windows, trends,
/// stdev and quantiles) is refused, naming it.
extension SQLCompiler {
    func clickHouseQuery(_ p: TransformPipeline, over source: Source) throws(TransformError)
        -> String
    {
        let backend = dialect.rawValue
        guard let op = p.aggregate, p.window == nil, p.fit == nil else {
            throw .unsupported("transforms other than agg= (windows, trends)", backend: backend)
        }
        let value: String
        let v = "chartbook_v"
        switch op {
        // An empty sum is missing, as the executor's (ClickHouse's sum of nothing is 0).
        case .sum: value = "if(count(\(v)) = 0, NULL, sum(\(v)))"
        case .count: value = p.y == nil ? "count()" : "count(\(v))"
        case .mean: value = "avg(\(v))"
        case .min: value = "min(\(v))"
        case .max: value = "max(\(v))"
        // (Of only missing values: NULL here, 0 for the executor.)
        case .distinct: value = "ifNull(uniqExact(\(v)), 0)"
        case .stdev, .median, .q1, .q3:
            throw .unsupported("agg=\(op.rawValue)", backend: backend)
        }
        let kept = try keptRows(p, source, names: .prefixed)
        // A missing group joins by the empty text (a number's text is never empty).
        let keyed = """
            (SELECT *, ifNull(chartbook_g, '') AS chartbook_gk FROM (\(kept)) \
            WHERE chartbook_k IS NOT NULL)
            """
        let grouped = """
            SELECT chartbook_k, chartbook_g, chartbook_gk, \(value) AS chartbook_a, \
            count() AS chartbook_n FROM \(keyed) GROUP BY chartbook_k, chartbook_g, chartbook_gk
            """
        let firsts = """
            SELECT chartbook_gk, min(chartbook_r) AS chartbook_o FROM \(keyed) \
            GROUP BY chartbook_gk
            """
        return """
            SELECT chartbook_k AS "_key", chartbook_g AS "_by", chartbook_a AS "_value", \
            chartbook_n AS "_rows" FROM (\(grouped)) ANY LEFT JOIN (\(firsts)) \
            USING chartbook_gk ORDER BY chartbook_k, chartbook_o
            """
    }
}
