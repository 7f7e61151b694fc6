import ChartbookData

/// `top=N` in SQL (SQLite, PostgreSQL), after the aggregate as in the executor
/// (`Table.keepTop`): each row's place in the executor's order (`pos`), each key's total —
/// the sum of its rows' present values, added in that order (a window frame over the whole
/// key, so the engine sums as the executor does) — and the key's first place; the keys
/// ranked by total, ties to the key met first, and the N best kept, their rows in rank
/// order. How many keys there were comes with every row (`_keys`): the chart says how many
/// it left out, as it does for local data.
extension SQLCompiler {
    /// The steps after `relation` (the executor's table) in `order`; the last, `tallied`,
    /// holds `krank` (a key's rank, 1 the largest), `pos` and `nkeys`. Without an x
    /// (`keyed` false) each row is a key of its own.
    func topSteps(over relation: String, order: String, keyed: Bool) -> [String] {
        let key = keyed ? "k" : "pos"
        return [
            "placed AS (SELECT \(relation).*, ROW_NUMBER() OVER (ORDER BY \(order)) AS pos FROM \(relation))",
            "totalled AS (SELECT placed.*, COALESCE(SUM(v) OVER (PARTITION BY \(key) ORDER BY pos ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING), 0) AS total, "
                + "MIN(pos) OVER (PARTITION BY \(key)) AS kfirst FROM placed)",
            "topped AS (SELECT totalled.*, DENSE_RANK() OVER (ORDER BY total DESC, kfirst) AS krank FROM totalled)",
            "tallied AS (SELECT topped.*, MAX(krank) OVER () AS nkeys FROM topped)",
        ]
    }

    /// The final `SELECT` of a pipeline with `top=n`: the kept keys' rows, in rank order.
    func topSelect(_ n: Int) -> String {
        "SELECT k AS \"_key\", g AS \"_by\", v AS \"_value\", n AS \"_rows\", nkeys AS \"_keys\" FROM tallied WHERE krank <= \(n) ORDER BY krank, pos"
    }
}
