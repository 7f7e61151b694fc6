import ChartbookModel

extension SQLCompiler {
    /// A composite mark's statistic computed where the rows are, exactly as the local
    /// executor computes it (`Table.distribution`), or refused: the empirical CDF (issue 50)
    /// — at each distinct value of a group, the group's count at or below it over its count,
    /// two whole numbers divided once as `EmpiricalCDF.curve` divides them — in engines with
    /// window functions; a density's sums of exponentials would round apart, so it stays
    /// local. Groups come in the order their first row with a value is met (`r`), each
    /// group's values ascending.
    func distributionQuery(_ d: Distribution, _ p: TransformPipeline, over source: Source)
        throws(TransformError) -> String
    {
        guard d.statistic is EmpiricalCDF, dialect != .clickhouse else {
            throw .unsupported("the \(d.field) of every row", backend: dialect.rawValue)
        }
        let kept = try keptRows(p, source)
        let double = dialect.double
        return """
            WITH kept AS (\(kept)),
            counted AS (SELECT g, v, COUNT(*) AS c, MIN(r) AS fr FROM kept WHERE v IS NOT NULL GROUP BY g, v),
            curve AS (SELECT v AS k, g, CAST(SUM(c) OVER (PARTITION BY g ORDER BY v) AS \(double)) / CAST(SUM(c) OVER (PARTITION BY g) AS \(double)) AS f, MIN(fr) OVER (PARTITION BY g) AS gorder FROM counted)
            SELECT k AS "_key", g AS "_by", f AS "_value", NULL AS "_rows" FROM curve ORDER BY gorder, k
            """
    }
}
