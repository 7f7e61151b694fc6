import ChartbookModel

/// The sets of rows a PostgreSQL remote dataset's plots draw besides every row — a
/// `where=`, each `by=` group (issue 28): what is known of each, and a `by=` column's groups.
extension PostgresRemote {
    /// What `open` learns of every row, of the rows of `rows`: two scans, and the rows at
    /// the ends.
    public func kept(
        _ table: RemoteTable, _ rows: RemoteRowSet, shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> RemoteTable.Kept {
        let connection = try connect(shouldCancel)
        let shape = Shape(table).keeping(rows)
        return try kept(
            connection, table, rows,
            try extremes(connection, shape, shouldCancel: shouldCancel),
            shouldCancel: shouldCancel)
    }

    /// What is known of `table`'s rows of `rows`: their `extremes` (none: no row), and the
    /// rows at their ends (`ends`).
    private func kept(
        _ connection: PostgresConnection, _ table: RemoteTable, _ rows: RemoteRowSet,
        _ extremes: Extremes?, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> RemoteTable.Kept {
        let ends = try self.ends(connection, table, rows, shouldCancel: shouldCancel)
        return RemoteTable.Kept(
            count: extremes?.count ?? 0, rows: ends + (extremes?.rows ?? []),
            nonPositive: extremes?.nonPositive ?? [:])
    }

    /// What `open` learns of every row, of each of `sets`: a family of them (`RemoteFamily`,
    /// a `by=`'s groups) in the extremes' scans of one set, grouped by its column's code; the
    /// rows at each member's ends apart (through an index on x, a row each).
    public func kept(
        _ table: RemoteTable, _ sets: [RemoteRowSet], shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> [RemoteTable.Kept] {
        let shape = Shape(table)
        let (families, alone) = RemoteFamily.split(sets, of: shape)
        var known = [RemoteRowSet: RemoteTable.Kept]()
        for set in alone { known[set] = try kept(table, set, shouldCancel: shouldCancel) }
        if !families.isEmpty {
            let connection = try connect(shouldCancel)
            for family in families {
                let extremes = try self.extremes(
                    connection, shape.keeping(family.rows), grouped: family.column,
                    shouldCancel: shouldCancel)
                for member in family.members {
                    known[member.set] = try kept(
                        connection, table, member.set, extremes[member.code],
                        shouldCancel: shouldCancel)
                }
            }
        }
        return sets.map { known[$0] ?? RemoteTable.Kept(count: 0, rows: [], nonPositive: [:]) }
    }

    /// The first and last of `table`'s rows of `rows` by x, of those with an x (NaN, which
    /// sorts above every number, and ±∞ have none): asked as every engine asks the rows
    /// nearest an x (`nearestRows`, one statement through the index on x) — the last row
    /// below +∞, the first above −∞ (each side keeps x finite on its other side too). None:
    /// no row has one.
    func ends(
        _ connection: PostgresConnection, _ table: RemoteTable, _ rows: RemoteRowSet,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [[Double]] {
        try nearestRows(
            connection, table, rows,
            [
                SQLCompiler.NearestSide(bound: -.infinity, below: false, strict: true),
                SQLCompiler.NearestSide(bound: .infinity, below: true, strict: true),
            ], within: .infinity, shouldCancel: shouldCancel)
    }
}
