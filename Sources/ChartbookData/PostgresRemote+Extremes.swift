import ChartbookModel

/// What a PostgreSQL remote dataset learns of each column when it is opened (and of the rows
/// of each `where=` and `by=` group): its extremes, the rows holding them, its values ≤ 0, and
/// whether it is complete.
extension PostgresRemote {
    /// What the extremes' scans learn: each column's extreme rows, how many of its values
    /// are zero or less, the rows in all, and the columns complete in them (a finite value in
    /// every row: later questions read those without a test per row).
    struct Extremes {
        var rows: [[Double]]
        var nonPositive: [String: Int]
        var count: Int?
        var complete: Set<Int>
    }

    /// The rows with each column's lowest and highest value in all the data, as
    /// `min(ARRAY[c, c0, c1, …])` and `max(…)` would pick them (ties: the least, or the
    /// greatest, row by all its columns) — without building an array per row, which costs the
    /// engine five times a plain aggregate: one scan of `min`/`max` per column (parallel),
    /// then one scan whose aggregates build arrays only of the rows holding an extreme.
    func extremes(
        _ connection: PostgresConnection, _ shape: Shape, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> Extremes {
        // Per column: its lowest and highest value, its lowest above zero (a log scale's
        // end), how many values are zero or less (what a log scale leaves out) and how many
        // it has; and the rows in all and those with an x, in the same scan, each column
        // read once per row.
        let perColumn = shape.values.map {
            "min(d\($0)), max(d\($0)), min(d\($0)) FILTER (WHERE d\($0) > 0), count(*) FILTER (WHERE d\($0) <= 0), count(d\($0))"
        }
        let measured =
            ["(\(hasX(shape))) AS chartbook_has_x"]
            + shape.values.map { "\(value(shape, $0)) AS d\($0)" }
        let bounds = try connection.execute(
            """
            SELECT \(perColumn.joined(separator: ", ")), count(*), \
            count(*) FILTER (WHERE chartbook_has_x) \
            FROM \(onceEach(shape, measured))
            """,
            shouldCancel: shouldCancel)
        guard bounds.rows == 1 else { return Extremes(rows: [], nonPositive: [:], complete: []) }
        let fields = 5 * shape.values.count
        let count = Int(String(decoding: bounds.bytes(0, fields), as: UTF8.self))
        var complete = Set<Int>()
        if let count, bounds.number(0, fields + 1) == Double(count) { complete.insert(shape.x) }
        var nonPositive = [String: Int]()
        for (i, c) in shape.values.enumerated() {
            let leftOut = bounds.bytes(0, 5 * i + 3)
            nonPositive[shape.shown[c]] = Int(String(decoding: leftOut, as: UTF8.self)) ?? 0
            if let count, bounds.number(0, 5 * i + 4) == Double(count) { complete.insert(c) }
        }
        // The rows holding them: read as the complete columns now allow, only the rows
        // holding one of the values looked at (each pick once: the lowest above zero is
        // often the lowest).
        var known = shape
        known.complete = complete
        var picks = [String](), holding = [String]()
        for (i, c) in shape.values.enumerated() {
            for (k, pick) in [(5 * i, "min"), (5 * i + 1, "max"), (5 * i + 2, "min")] {
                guard let extreme = bounds.number(0, k) else { continue }
                let equal = "d\(c) = \(Self.literal(extreme))"
                let aggregate = "\(pick)(ARRAY[\(shape.list)]) FILTER (WHERE \(equal))"
                guard !picks.contains(aggregate) else { continue }
                picks.append(aggregate)
                holding.append("\(value(known, c)) = \(Self.literal(extreme))")
            }
        }
        var extremes = Extremes(
            rows: [], nonPositive: nonPositive, count: count, complete: complete)
        guard !picks.isEmpty else { return extremes }
        let rows = try connection.execute(
            """
            SELECT \(picks.joined(separator: ", ")) \
            FROM (\(selectRows(known)) WHERE \(holding.joined(separator: " OR "))) AS chartbook_r
            """,
            shouldCancel: shouldCancel)
        extremes.rows = rows.rows == 1 ? Self.rows(rows, r: 0, shape) : []
        return extremes
    }
}
