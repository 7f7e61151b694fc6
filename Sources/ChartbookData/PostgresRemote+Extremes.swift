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
        // Per column: its lowest and highest value and how many it has; and the rows in all
        // and those with an x, in the same scan, each column read once per row.
        let perColumn = shape.values.map { "min(d\($0)), max(d\($0)), count(d\($0))" }
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
        let fields = 3 * shape.values.count
        let count = Int(String(decoding: bounds.bytes(0, fields), as: UTF8.self))
        var complete = Set<Int>()
        if let count, bounds.number(0, fields + 1) == Double(count) { complete.insert(shape.x) }
        for (i, c) in shape.values.enumerated() {
            if let count, bounds.number(0, 3 * i + 2) == Double(count) { complete.insert(c) }
        }
        let lowest = shape.values.indices.map { bounds.number(0, 3 * $0) }
        let (lowestPositive, leftOut) = try logBounds(
            connection, shape, lowest: lowest, shouldCancel: shouldCancel)
        var nonPositive = [String: Int]()
        for (i, c) in shape.values.enumerated() { nonPositive[shape.shown[c]] = leftOut[i] }
        // The rows holding them: read as the complete columns now allow, only the rows
        // holding one of the values looked at (each pick once: the lowest above zero is
        // often the lowest).
        var known = shape
        known.complete = complete
        var picks = [String](), holding = [String]()
        for (i, c) in shape.values.enumerated() {
            let ends = [
                (lowest[i], "min"), (bounds.number(0, 3 * i + 1), "max"),
                (lowestPositive[i], "min"),
            ]
            for (end, pick) in ends {
                guard let extreme = end else { continue }
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

    /// Per value column, its lowest value above zero (a log scale's end; nil where it has
    /// none) and how many of its values are zero or less (what a log scale leaves out),
    /// given its `lowest` value: a scan of their own, of the columns whose lowest is zero or
    /// below only — a column above zero throughout has its lowest as its lowest above zero
    /// and none left out (most measures: the bounds' scan spares two filtered aggregates a
    /// column).
    private func logBounds(
        _ connection: PostgresConnection, _ shape: Shape, lowest: [Double?],
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> (lowestPositive: [Double?], nonPositive: [Int]) {
        var lowestPositive = lowest.map { $0.flatMap { $0 > 0 ? $0 : nil } }
        var nonPositive = lowest.map { _ in 0 }
        let asked = shape.values.indices.filter { (lowest[$0] ?? 1) <= 0 }
        guard !asked.isEmpty else { return (lowestPositive, nonPositive) }
        let picks = asked.map { i in
            let d = "d\(shape.values[i])"
            return "min(\(d)) FILTER (WHERE \(d) > 0), count(*) FILTER (WHERE \(d) <= 0)"
        }
        let measured = asked.map { "\(value(shape, shape.values[$0])) AS d\(shape.values[$0])" }
        let answer = try connection.execute(
            "SELECT \(picks.joined(separator: ", ")) FROM \(onceEach(shape, measured))",
            shouldCancel: shouldCancel)
        guard answer.rows == 1 else { return (lowestPositive, nonPositive) }
        for (k, i) in asked.enumerated() {
            lowestPositive[i] = answer.number(0, 2 * k)
            nonPositive[i] = Int(String(decoding: answer.bytes(0, 2 * k + 1), as: UTF8.self)) ?? 0
        }
        return (lowestPositive, nonPositive)
    }
}
