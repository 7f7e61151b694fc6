import ChartbookData
import ChartbookModel

extension SQLCompiler {
    /// A composite mark's statistic computed where the rows are, exactly as the local
    /// executor computes it (`Table.distribution`), or refused: the empirical CDF (issue 50)
    /// — at each distinct value of a group, the group's count at or below it over its count,
    /// two whole numbers divided once as `EmpiricalCDF.curve` divides them — by a window
    /// (`clickHouseECDF` without one); a density's sums of exponentials would round apart, so
    /// it stays local. Groups come in the order their first row with a value is met (`r`),
    /// each group's values ascending.
    func distributionQuery(_ d: Distribution, _ p: TransformPipeline, over source: Source)
        throws(TransformError) -> String
    {
        guard d.statistic is EmpiricalCDF else {
            throw .unsupported("the \(d.field) of every row", backend: dialect.name)
        }
        if dialect.engine == .clickhouse { return try clickHouseECDF(p, over: source) }
        let kept = try keptRows(p, source)
        let double = dialect.double
        return """
            WITH kept AS (\(kept)),
            counted AS (SELECT g, v, COUNT(*) AS c, MIN(r) AS fr FROM kept WHERE v IS NOT NULL GROUP BY g, v),
            curve AS (SELECT v AS k, g, CAST(SUM(c) OVER (PARTITION BY g ORDER BY v) AS \(double)) / CAST(SUM(c) OVER (PARTITION BY g) AS \(double)) AS f, MIN(fr) OVER (PARTITION BY g) AS gorder FROM counted)
            SELECT k AS "_key", g AS "_by", f AS "_value", NULL AS "_rows" FROM curve ORDER BY gorder, k
            """
    }

    /// The ECDF in ClickHouse 18, which has no window functions: each group's distinct
    /// values with their counts gathered into one sorted array, the counts summed along it
    /// (`arrayCumSum`), each divided by the group's count, and spread again. A missing group
    /// joins by the empty text, as `clickHouseQuery`'s do.
    func clickHouseECDF(_ p: TransformPipeline, over source: Source) throws(TransformError)
        -> String
    {
        let kept = try keptRows(p, source, names: .prefixed)
        let counted = """
            SELECT chartbook_gk, any(chartbook_g) AS chartbook_g, \
            assumeNotNull(chartbook_v) AS chartbook_x, count() AS chartbook_c, \
            min(chartbook_r) AS chartbook_o FROM (SELECT *, ifNull(chartbook_g, '') AS chartbook_gk \
            FROM (\(kept)) WHERE chartbook_v IS NOT NULL) GROUP BY chartbook_gk, chartbook_x
            """
        let grouped = """
            SELECT any(chartbook_g) AS chartbook_name, min(chartbook_o) AS chartbook_f, \
            sum(chartbook_c) AS chartbook_t, \
            arraySort(groupArray(tuple(chartbook_x, chartbook_c))) AS chartbook_s \
            FROM (\(counted)) GROUP BY chartbook_gk
            """
        let spread = """
            SELECT chartbook_name, chartbook_f, chartbook_t, arrayMap((chartbook_p, chartbook_u) \
            -> tuple(chartbook_p.1, chartbook_u), chartbook_s, \
            arrayCumSum(arrayMap(chartbook_p -> chartbook_p.2, chartbook_s))) AS chartbook_z \
            FROM (\(grouped))
            """
        return """
            SELECT chartbook_e.1 AS "_key", chartbook_name AS "_by", \
            toFloat64(chartbook_e.2) / toFloat64(chartbook_t) AS "_value", NULL AS "_rows" \
            FROM (\(spread)) ARRAY JOIN chartbook_z AS chartbook_e \
            ORDER BY chartbook_f, chartbook_e.1
            """
    }
}
