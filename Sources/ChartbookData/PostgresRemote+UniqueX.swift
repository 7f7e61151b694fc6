import ChartbookModel
import Foundation

/// Whether a PostgreSQL query's rows can share an x at all — known without a scan when x is a
/// column of one table, read row for row, with a unique index on that column alone. Then the
/// rows-per-x count (a walk of every row: 5.4 s of a 10⁸-row first chart) is not needed.
extension PostgresRemote {
    /// The plan nodes that give each row of the table they read at most once: scans of it
    /// and what passes rows on (a sort, a limit, parallel workers' gathering). Joins, unions,
    /// set-returning functions, groupings, CTEs and subplans are none of them.
    static let rowForRowNodes: Set<String> = [
        "Seq Scan", "Index Scan", "Index Only Scan", "Bitmap Heap Scan", "Bitmap Index Scan",
        "BitmapAnd", "BitmapOr", "Sample Scan", "Tid Scan", "Tid Range Scan", "Gather",
        "Gather Merge", "Sort", "Incremental Sort", "Limit", "Materialize", "Subquery Scan",
        "Result", "Memoize",
    ]

    /// The scans among `rowForRowNodes`: a plan of more than one reads more than one table.
    static let scanNodes: Set<String> = [
        "Seq Scan", "Index Scan", "Index Only Scan", "Bitmap Heap Scan", "Sample Scan",
        "Tid Scan", "Tid Range Scan",
    ]

    /// Whether no two rows of the query can share an x (`x`: what the server said of its
    /// column): it reads a table column as it is (`origin`), its plan (`plan`) reads that
    /// table alone row for row, and a valid unique index covers that column alone (not
    /// partial, not an expression). Rows without an x share none anyway; x values that
    /// convert to the same seconds are ruled out by the type (`groupsRaw`).
    func xIsUnique(
        _ connection: PostgresConnection, _ x: XColumn, plan: [String: Any]?,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> Bool {
        guard let origin = x.origin, let plan, Self.rowForRowScans(plan) == 1 else {
            return false
        }
        let unique = try connection.execute(
            """
            SELECT count(*) FROM pg_catalog.pg_index WHERE indrelid = \(origin.table) \
            AND indisunique AND indisvalid AND indnatts = 1 AND indkey[0] = \(origin.column) \
            AND indpred IS NULL AND indexprs IS NULL
            """, shouldCancel: shouldCancel)
        return unique.rows == 1 && (unique.number(0, 0) ?? 0) > 0
    }

    /// How many tables `node`'s plan scans, when every node passes each row on at most once
    /// (`rowForRowNodes`); nil when one does not.
    static func rowForRowScans(_ node: [String: Any]) -> Int? {
        guard let type = node["Node Type"] as? String, rowForRowNodes.contains(type) else {
            return nil
        }
        var scans = scanNodes.contains(type) ? 1 : 0
        for child in node["Plans"] as? [[String: Any]] ?? [] {
            guard let more = rowForRowScans(child) else { return nil }
            scans += more
        }
        return scans
    }
}
