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
        try extremes(connection, shape, grouped: nil, shouldCancel: shouldCancel)[0]
            ?? Extremes(rows: [], nonPositive: [:], complete: [])
    }

    /// `extremes` of each group of coded column `grouped` (a family's, `RemoteFamily`: the
    /// shape reads its rows) by code — in the same scans, grouped — or, for nil, of all the
    /// rows, as 0.
    func extremes(
        _ connection: PostgresConnection, _ shape: Shape, grouped: Int?, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [Double: Extremes] {
        // Per column: its lowest and highest value and how many it has; and the rows in all
        // and those with an x, in the same scan, each column read once per row.
        let perColumn = shape.values.map { "min(d\($0)), max(d\($0)), count(d\($0))" }
        let group = grouped.map { ["\(value(shape, $0)) AS chartbook_g"] } ?? []
        let measured =
            ["(\(hasX(shape))) AS chartbook_has_x"]
            + shape.values.map { "\(value(shape, $0)) AS d\($0)" } + group
        let bounds = try connection.execute(
            """
            SELECT \(perColumn.joined(separator: ", ")), count(*), \
            count(*) FILTER (WHERE chartbook_has_x)\(group.isEmpty ? "" : ", chartbook_g") \
            FROM \(onceEach(shape, measured))\(group.isEmpty ? "" : " GROUP BY chartbook_g")
            """,
            shouldCancel: shouldCancel)
        let fields = 3 * shape.values.count
        var found = [Double: Extremes](), lowest = [Double: [Double?]]()
        var highest = [Double: [Double?]]()
        for r in 0..<bounds.rows {
            let key = grouped == nil ? 0 : bounds.number(r, fields + 2) ?? .nan
            let count = Int(String(decoding: bounds.bytes(r, fields), as: UTF8.self))
            var complete = Set<Int>()
            if let count, bounds.number(r, fields + 1) == Double(count) {
                complete.insert(shape.x)
            }
            for (i, c) in shape.values.enumerated() {
                if let count, bounds.number(r, 3 * i + 2) == Double(count) { complete.insert(c) }
            }
            found[key] = Extremes(rows: [], nonPositive: [:], count: count, complete: complete)
            lowest[key] = shape.values.indices.map { bounds.number(r, 3 * $0) }
            highest[key] = shape.values.indices.map { bounds.number(r, 3 * $0 + 1) }
        }
        let logs = try logBounds(
            connection, shape, lowest: lowest, grouped: grouped, shouldCancel: shouldCancel)
        for key in found.keys {
            for (i, c) in shape.values.enumerated() {
                found[key]?.nonPositive[shape.shown[c]] = logs[key]?.nonPositive[i] ?? 0
            }
        }
        let ends = found.keys.reduce(into: [Double: [[Double?]]]()) { ends, key in
            ends[key] = shape.values.indices.map { i in
                [
                    lowest[key]?[i] ?? nil, highest[key]?[i] ?? nil,
                    logs[key]?.lowestPositive[i] ?? nil,
                ]
            }
        }
        try extremeRows(
            connection, shape, &found, ends: ends, grouped: grouped, shouldCancel: shouldCancel)
        return found
    }

    /// The rows holding each group's extremes (`ends`: per group and value column, its
    /// lowest, highest and lowest above zero), in one scan: read as the complete columns
    /// (of every group) allow, only the rows holding one of the values looked at (each pick
    /// once: the lowest above zero is often the lowest), a group's picked among its own.
    private func extremeRows(
        _ connection: PostgresConnection, _ shape: Shape, _ found: inout [Double: Extremes],
        ends: [Double: [[Double?]]], grouped: Int?, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) {
        var known = shape
        known.complete = found.values.map(\.complete).reduce(found.first?.value.complete ?? []) {
            $0.intersection($1)
        }
        var picks = [String](), holding = [String](), owners = [Double]()
        for key in found.keys.sorted() {
            let only = grouped.map { " AND c\($0) = \(dialect.real(key))" } ?? ""
            for (i, c) in shape.values.enumerated() {
                for (end, pick) in zip(ends[key]?[i] ?? [], ["min", "max", "min"]) {
                    guard let extreme = end else { continue }
                    let equal = "d\(c) = \(dialect.real(extreme))"
                    let aggregate = "\(pick)(ARRAY[\(shape.list)]) FILTER (WHERE \(equal)\(only))"
                    guard !picks.contains(aggregate) else { continue }
                    picks.append(aggregate)
                    owners.append(key)
                    let test = "\(value(known, c)) = \(dialect.real(extreme))"
                    if !holding.contains(test) { holding.append(test) }
                }
            }
        }
        guard !picks.isEmpty else { return }
        let rows = try connection.execute(
            """
            SELECT \(picks.joined(separator: ", ")) \
            FROM (\(selectRows(known)) WHERE \(holding.joined(separator: " OR "))) AS chartbook_r
            """,
            shouldCancel: shouldCancel)
        guard rows.rows == 1 else { return }
        for (a, key) in owners.enumerated() {
            found[key]?.rows += Self.rows(rows, r: 0, shape, arrays: a..<(a + 1))
        }
    }

    /// Per value column, its lowest value above zero (a log scale's end; nil where it has
    /// none) and how many of its values are zero or less (what a log scale leaves out),
    /// given its `lowest` value: a scan of their own, of the columns whose lowest is zero or
    /// below only — a column above zero throughout has its lowest as its lowest above zero
    /// and none left out (most measures: the bounds' scan spares two filtered aggregates a
    /// column).
    private func logBounds(
        _ connection: PostgresConnection, _ shape: Shape, lowest: [Double: [Double?]],
        grouped: Int?, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [Double: (lowestPositive: [Double?], nonPositive: [Int])] {
        var answers = lowest.mapValues { lowest in
            (
                lowestPositive: lowest.map { $0.flatMap { $0 > 0 ? $0 : nil } },
                nonPositive: lowest.map { _ in 0 }
            )
        }
        let asked = shape.values.indices.filter { i in
            lowest.values.contains { ($0[i] ?? 1) <= 0 }
        }
        guard !asked.isEmpty else { return answers }
        let picks = asked.map { i in
            let d = "d\(shape.values[i])"
            return "min(\(d)) FILTER (WHERE \(d) > 0), count(*) FILTER (WHERE \(d) <= 0)"
        }
        let group = grouped.map { ["\(value(shape, $0)) AS chartbook_g"] } ?? []
        let measured =
            asked.map { "\(value(shape, shape.values[$0])) AS d\(shape.values[$0])" } + group
        let answer = try connection.execute(
            """
            SELECT \(picks.joined(separator: ", "))\(group.isEmpty ? "" : ", chartbook_g") \
            FROM \(onceEach(shape, measured))\(group.isEmpty ? "" : " GROUP BY chartbook_g")
            """,
            shouldCancel: shouldCancel)
        for r in 0..<answer.rows {
            let key = grouped == nil ? 0 : answer.number(r, 2 * asked.count) ?? .nan
            for (k, i) in asked.enumerated() {
                answers[key]?.lowestPositive[i] = answer.number(r, 2 * k)
                answers[key]?.nonPositive[i] =
                    Int(String(decoding: answer.bytes(r, 2 * k + 1), as: UTF8.self)) ?? 0
            }
        }
        return answers
    }
}
