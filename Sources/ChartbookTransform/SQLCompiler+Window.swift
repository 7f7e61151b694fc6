import ChartbookData
import ChartbookModel

extension SQLCompiler {
    /// A window over each group's rows with a value, in x order (rows on a text x, and
    /// ties, in row order); rows without a value stay, missing.
    func window(_ window: PlotWindow, over table: String, order: String)
        throws(TransformError) -> [String]
    {
        // Within a group, aggregates have one row per key: the key alone orders them.
        let over = "PARTITION BY g ORDER BY \(order)"
        let present = "present AS (SELECT * FROM \(table) WHERE v IS NOT NULL)"
        let value: String
        switch window {
        case .rolling(let op, .points(let n)):
            guard let f = Self.windowFunction(op) else {
                throw .unsupported("rolling=\(op.rawValue):\(n)", backend: dialect.name)
            }
            let frame = "OVER (\(over) ROWS BETWEEN \(n - 1) PRECEDING AND CURRENT ROW)"
            value = "CASE WHEN COUNT(v) \(frame) >= \(n) THEN \(f)(v) \(frame) END"
        case .rolling(let op, .span(let span)):
            guard let f = Self.windowFunction(op) else {
                throw .unsupported("rolling=\(op.rawValue) over a span", backend: dialect.name)
            }
            let s = dialect.real(span)
            let same = dialect.same("b.g", "a.g")
            value =
                "CASE WHEN a.k - \(s) >= (SELECT MIN(c.k) FROM present c WHERE \(dialect.same("c.g", "a.g"))) "
                + "THEN (SELECT \(f)(b.v) FROM present b WHERE \(same) AND b.k > a.k - \(s) "
                + "AND (b.k < a.k OR (b.k = a.k AND b.r <= a.r))) END"
            return [
                present,
                "windowed AS (SELECT a.k, a.g, \(value) AS v, a.r, a.n, a.korder, a.gorder FROM present a "
                    + "UNION ALL SELECT k, g, v, r, n, korder, gorder FROM \(table) WHERE v IS NULL)",
            ]
        case .running(let op):
            let f =
                ["sum": "SUM", "mean": "AVG", "min": "MIN", "max": "MAX", "count": "COUNT"][
                    op.rawValue] ?? "SUM"
            value = "\(f)(v) OVER (\(over) ROWS UNBOUNDED PRECEDING)"
        case .change(let change):
            let previous = "LAG(v) OVER (\(over))"
            let first = "FIRST_VALUE(v) OVER (\(over) ROWS UNBOUNDED PRECEDING)"
            // A count's values are integers to the engine: divided as such they truncate.
            let real = "CAST(v AS \(dialect.double))"
            switch change {
            case .diff: value = "v - \(previous)"
            case .pct:
                value =
                    "CASE WHEN \(previous) = 0 THEN NULL ELSE (\(real) - \(previous)) / abs(\(previous)) * 100 END"
            case .index:
                value = "CASE WHEN \(first) = 0 THEN NULL ELSE \(real) / \(first) * 100 END"
            }
        }
        return [
            present,
            "windowed AS (SELECT k, g, \(value) AS v, r, n, korder, gorder FROM present "
                + "UNION ALL SELECT k, g, v, r, n, korder, gorder FROM \(table) WHERE v IS NULL)",
        ]
    }

    /// The SQL window function of a rolling operation; nil for the median (no engine has
    /// one over a frame).
    static func windowFunction(_ op: PlotWindow.Rolling) -> String? {
        switch op {
        case .mean: "AVG"
        case .sum: "SUM"
        case .min: "MIN"
        case .max: "MAX"
        case .median: nil
        }
    }
}
