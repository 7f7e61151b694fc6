import ChartbookModel

/// The sets of rows a ClickHouse remote dataset's plots draw besides every row — a
/// `where=`, each `by=` group (issue 28): what is known of each, and a `by=` column's groups.
extension ClickHouseRemote {
    /// What `open` learns of every row, of the rows of `rows` (the same two scans).
    public func kept(
        _ table: RemoteTable, _ rows: RemoteRowSet, shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> RemoteTable.Kept {
        let connection = try connect()
        var shape = Shape(table).keeping(rows)
        return Self.kept(try summary(connection, &shape, shouldCancel: shouldCancel))
    }

    /// What `open` learns of every row, of each of `sets`: a family of them (`RemoteFamily`,
    /// a `by=`'s groups) in the scans of one set, grouped by its column's code.
    public func kept(
        _ table: RemoteTable, _ sets: [RemoteRowSet], shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> [RemoteTable.Kept] {
        let connection = try connect()
        let shape = Shape(table)
        let (families, alone) = RemoteFamily.split(sets, of: shape)
        var known = [RemoteRowSet: RemoteTable.Kept]()
        for set in alone {
            var kept = shape.keeping(set)
            known[set] = Self.kept(try summary(connection, &kept, shouldCancel: shouldCancel))
        }
        for family in families {
            let summaries = try summaries(connection, shape, of: family, shouldCancel: shouldCancel)
            for member in family.members {
                known[member.set] = Self.kept(summaries[member.code])
            }
        }
        return sets.map { known[$0] ?? Self.kept(nil) }
    }

    /// The most rows per x of each of `sets` where none share one (1): whether any do is a
    /// scan of bitmasks (`sharedRows`), a family of them (`RemoteFamily`) in one scan grouped
    /// by its column's code (the sets' sizes as `table.filtered` knows them choose how); how
    /// many, where some do, is left to the executor (nil).
    public func mostRowsPerX(
        _ table: RemoteTable, _ sets: [RemoteRowSet], shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> [Int?] {
        let connection = try connect()
        let shape = Shape(table)
        let (families, alone) = RemoteFamily.split(sets, of: shape)
        func size(_ set: RemoteRowSet) -> Int {
            table.filtered[set]?.count ?? table.rowCount ?? table.estimatedRows
        }
        // The sets where no row shares an x with an earlier one.
        var none = Set<RemoteRowSet>()
        for set in alone {
            let sql = sharedRows(shape.keeping(set), rows: size(set), extent: table.extent)
            if try numbers(connection, sql, shouldCancel: shouldCancel).first == 0 {
                none.insert(set)
            }
        }
        for family in families {
            let sql = sharedRows(
                shape.keeping(family.rows),
                rows: family.members.map { size($0.set) }.reduce(0, +) / family.members.count,
                extent: table.extent, grouped: family.grouping("chartbook_c\(family.column)"))
            var extra = [Double: Double]()
            for line in try fields(connection, sql, shouldCancel: shouldCancel)
            where line.count == 2 {
                extra[Self.number(line[0])] = Self.number(line[1])
            }
            // (A member with no row has none sharing an x.)
            for member in family.members where (extra[member.code] ?? 0) == 0 {
                none.insert(member.set)
            }
        }
        return sets.map { none.contains($0) ? 1 : nil }
    }

    /// What a summary says of a set's rows (none: no row).
    private static func kept(_ summary: Summary?) -> RemoteTable.Kept {
        guard let summary else { return RemoteTable.Kept(count: 0, rows: [], nonPositive: [:]) }
        let ends = [summary.first, summary.last].compactMap { $0 }
        return RemoteTable.Kept(
            count: summary.count, rows: ends + summary.extremes, nonPositive: summary.nonPositive)
    }
}
