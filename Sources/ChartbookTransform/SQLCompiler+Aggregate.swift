import ChartbookData
import ChartbookModel

extension SQLCompiler {
    /// `agg=`: the kept rows with a key grouped by key and group; each group's value, row
    /// count (`n`), first row (`r`); the key's and the group's first appearance (`korder`,
    /// `gorder`), the order the executor gives them.
    func aggregate(_ op: Aggregation, counting: Bool, xIsText: Bool) throws(TransformError)
        -> [String]
    {
        var steps = ["keyed AS (SELECT * FROM kept WHERE k IS NOT NULL)"]
        let ordered =
            "ordered AS (SELECT grouped.*, MIN(r) OVER (PARTITION BY k) AS korder, MIN(r) OVER (PARTITION BY g) AS gorder FROM grouped)"
        let plain: String
        switch op {
        case .sum: plain = "SUM(v)"
        case .count: plain = counting ? "COUNT(*)" : "COUNT(v)"
        case .mean: plain = mean("v")
        case .min: plain = "MIN(v)"
        case .max: plain = "MAX(v)"
        case .distinct: plain = "COUNT(DISTINCT v)"
        case .stdev, .median, .q1, .q3, .p90, .p95, .p99:
            // Computed per group in a table of their own, joined to the groups' counts.
            steps += op == .stdev ? deviation() : quantile(op.quantile ?? 0.5)
            let on = "\(dialect.same("c.k", "s.k")) AND \(dialect.same("c.g", "s.g"))"
            return steps + [
                "counted AS (SELECT k, g, COUNT(*) AS n, MIN(r) AS r FROM keyed GROUP BY k, g)",
                "grouped AS (SELECT c.k, c.g, s.v, c.n, c.r FROM counted c LEFT JOIN statistic s ON \(on))",
                ordered,
            ]
        }
        return steps + [
            "grouped AS (SELECT k, g, \(plain) AS v, COUNT(*) AS n, MIN(r) AS r FROM keyed GROUP BY k, g)",
            ordered,
        ]
    }

    /// Each group's sample standard deviation, from the deviations from its mean (two
    /// passes, as the executor; no sum of squares), missing below two values and where the
    /// group holds ±∞ (the executor's is NaN; an engine's ∞ − ∞ would be NaN in PostgreSQL,
    /// NULL — left out of the sum — in SQLite).
    func deviation() -> [String] {
        let infinity = dialect.real(.infinity)
        return [
            // (The mean as the sum over the count: PostgreSQL's AVG of float8 also sums the
            // squares, which overflow above 1.3e154.)
            "centred AS (SELECT k, g, v - SUM(v) OVER (PARTITION BY k, g) / CAST(COUNT(v) OVER (PARTITION BY k, g) AS \(dialect.double)) AS d, "
                + "CASE WHEN abs(v) = \(infinity) THEN 1 ELSE 0 END AS infinite FROM keyed WHERE v IS NOT NULL)",
            "statistic AS (SELECT k, g, CASE WHEN MAX(infinite) = 1 THEN NULL ELSE sqrt(SUM(d * d) / NULLIF(COUNT(d) - 1, 0)) END AS v FROM centred GROUP BY k, g)",
        ]
    }

    /// Each group's q-quantile, interpolated between the closest ranks (R-7, as
    /// `Statistics.quantile`): v[⌊h⌋] + (v[⌊h⌋+1] − v[⌊h⌋])·(h − ⌊h⌋), h = q·(n − 1).
    func quantile(_ q: Double) -> [String] {
        let p = NumberText.shortest(q)
        return [
            "ranked AS (SELECT k, g, v, ROW_NUMBER() OVER (PARTITION BY k, g ORDER BY v) - 1 AS i, "
                + "\(p) * (COUNT(v) OVER (PARTITION BY k, g) - 1) AS h FROM keyed WHERE v IS NOT NULL)",
            "bounds AS (SELECT k, g, v, i, h, floor(h) AS lo FROM ranked)",
            "statistic AS (SELECT k, g, MAX(CASE WHEN i = lo THEN v END) + "
                + "(COALESCE(MAX(CASE WHEN i = lo + 1 THEN v END), MAX(CASE WHEN i = lo THEN v END)) "
                + "- MAX(CASE WHEN i = lo THEN v END)) * (MAX(h) - MAX(lo)) AS v FROM bounds GROUP BY k, g)",
        ]
    }
}
