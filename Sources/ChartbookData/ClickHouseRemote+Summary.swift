import ChartbookModel

/// What opening a ClickHouse query learns of all its data (`ClickHouseRemote.open`): the
/// bounds (rows, x range, each column's extremes, which columns are complete), a log scale's
/// bounds where a column reaches zero, the rows at the bounds, and the most rows sharing an
/// x — a scan each.
extension ClickHouseRemote {
    /// What `load` learns of all the data: its rows, its first and last row by x, and per
    /// column the rows holding its lowest and highest value and its lowest value above zero
    /// (a log scale's end), and how many values are zero or less.
    struct Summary {
        var count: Int
        /// Nil when no row has an x.
        var first: [Double]?
        var last: [Double]?
        var extremes: [[Double]]
        var nonPositive: [String: Int]
    }

    /// The summary in two scans: the bounds (plain aggregates, which also say which columns
    /// are complete: every later question reads those without a test per row), then the
    /// rows at the bounds (each picked by an equality, so a row is rarely built) — those at
    /// x's ends apart from those at the values' extremes, as x's are found through a
    /// sorting key on x (0.2 + 0.003 s on 10⁸ rows, against 0.33 s for all at once). A
    /// column holding NaN or ±∞ costs the bounds' scan once more. `learnt` is told x's
    /// extent after the first scan; `counted` is the query's count when already asked
    /// (`estimatedRows`, which this engine counts exactly).
    func summary(
        _ connection: ClickHouseConnection, _ shape: inout Shape, counted: Int? = nil,
        learnt: (ClosedRange<Double>) -> Void = { _ in }, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> Summary {
        let counting = try rowCount(connection, shape, counted: counted, shouldCancel: shouldCancel)
        let summaries = try self.summaries(
            connection, &shape, rows: counting, grouped: nil, learnt: learnt,
            shouldCancel: shouldCancel)
        return summaries[0] ?? Summary(count: 0, extremes: [], nonPositive: [:])
    }

    /// The summary of each of a family's members (`RemoteFamily`; `shape` reads every row),
    /// by code, in the same scans as one set's: each grouped by the family's column. The
    /// rows at the bounds are picked among the base's rows — a member's own by its code —
    /// so that the engine reads the column only of rows holding a bound.
    func summaries(
        _ connection: ClickHouseConnection, _ shape: Shape, of family: RemoteFamily,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [Double: Summary] {
        var rows = shape.keeping(family.rows)
        return try summaries(
            connection, &rows, rows: "count()",
            grouped: family.grouping("chartbook_c\(family.column)"),
            picking: shape.keeping(family.base), learnt: { _ in }, shouldCancel: shouldCancel)
    }

    /// `summary`, its rows counted as `rows` says, of each group of `grouped` (an expression
    /// of the rows: a coded column's code) by its value — or, for nil, of all the rows, as 0;
    /// the rows at the bounds picked among `picking`'s rows (nil: the shape's), which hold
    /// the shape's.
    private func summaries(
        _ connection: ClickHouseConnection, _ shape: inout Shape, rows counting: String,
        grouped: String?, picking: Shape? = nil, learnt: (ClosedRange<Double>) -> Void,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [Double: Summary] {
        // Read raw first (no test per row): right unless a column holds NaN or ±∞, which
        // the drawing reads as missing — then once more, testing those columns.
        var raw = shape
        raw.complete = Set(shape.names.indices.filter { shape.kinds[$0] == .number })
        var bounds = try self.bounds(
            connection, raw, rows: counting, grouped: grouped, shouldCancel: shouldCancel)
        let nonFinite = bounds.values.reduce(into: Set<Int>()) { $0.formUnion($1.nonFinite) }
        if !nonFinite.isEmpty {
            raw.complete.subtract(nonFinite)
            bounds = try self.bounds(
                connection, raw, rows: counting, grouped: grouped, shouldCancel: shouldCancel)
        }
        // Complete in every group (none asked: no row, none).
        shape.complete = bounds.values.map(\.complete).reduce(bounds.first?.value.complete ?? []) {
            $0.intersection($1)
        }
        if grouped == nil, let all = bounds[0], all.xCount > 0 { learnt(all.x) }
        try logBounds(connection, shape, &bounds, grouped: grouped, shouldCancel: shouldCancel)
        let withX = bounds.filter { $0.value.xCount > 0 }
        var picked = picking ?? shape
        picked.complete = shape.complete
        // Per group, the rows at x's ends, then those at each column's extremes.
        let ends = try self.rows(
            connection, picked,
            at: [\Bounds.x.lowerBound, \Bounds.x.upperBound].map { end in
                (column: "chartbook_x", values: withX.mapValues { $0[keyPath: end] })
            }, grouped: grouped, shouldCancel: shouldCancel)
        var conditions = [(column: String, values: [Double: Double])]()
        for c in shape.values {
            for value in [\ColumnBounds.lowest, \.highest, \.lowestPositive] {
                let values = withX.compactMapValues { $0.columns[c]?[keyPath: value] }
                if !values.isEmpty { conditions.append(("chartbook_c\(c)", values)) }
            }
        }
        let extremes = try self.rows(
            connection, picked, at: conditions, grouped: grouped, shouldCancel: shouldCancel)
        return bounds.reduce(into: [Double: Summary]()) { summaries, group in
            summaries[group.key] = Self.summary(
                group.value, ends: ends[group.key], extremes: extremes[group.key], shape)
        }
    }

    /// What `bounds` and the rows at them (nil: none) say of a set of rows.
    private static func summary(
        _ bounds: Bounds, ends: [[Double]]?, extremes: [[Double]]?, _ shape: Shape
    ) -> Summary {
        guard bounds.xCount > 0 else {
            return Summary(count: bounds.count, extremes: [], nonPositive: [:])
        }
        var nonPositive = [String: Int]()
        for c in shape.values {
            if let column = bounds.columns[c] { nonPositive[shape.shown[c]] = column.nonPositive }
        }
        return Summary(
            count: bounds.count, first: ends?.first ?? [], last: ends?.last ?? [],
            extremes: (extremes ?? []).filter { !$0.isEmpty }, nonPositive: nonPositive)
    }

    /// Per group (0 ungrouped), per condition — a column equal to a value per group (a group
    /// without one has no row for it) — the row with the least x of those it holds for
    /// (empty where none), in one scan of only the rows holding one (no row is built for the
    /// others; each value tested as an equality, which the sorting key serves for x).
    private func rows(
        _ connection: ClickHouseConnection, _ shape: Shape,
        at conditions: [(column: String, values: [Double: Double])], grouped: String?,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [Double: [[Double]]] {
        let conditions = conditions.filter { !$0.values.isEmpty }
        guard !conditions.isEmpty else { return [:] }
        let picks = conditions.map { condition in
            // A group's own value: the one value ungrouped, else looked up by its code.
            let value: String
            if let grouped {
                // Codes are whole numbers, looked up as integers: ClickHouse 18's `transform`
                // finds no Float64 key in an array of Float64 (it gave `nan` for every
                // group, so no member's end row was read: issue 49).
                let keys = condition.values.keys.sorted().compactMap { Int64(exactly: $0) }
                let codes = keys.map(String.init).joined(separator: ", ")
                let values = keys.map { dialect.real(condition.values[Double($0)] ?? .nan) }
                value =
                    "transform(toInt64(\(grouped)), [\(codes)], [\(values.joined(separator: ", "))], nan)"
            } else {
                value = condition.values[0].map(dialect.real) ?? "nan"
            }
            return "argMinIf(\(shape.row), chartbook_x, \(condition.column) = \(value))"
        }
        let tests = conditions.flatMap { condition in
            Set(condition.values.values).sorted().map {
                "\(condition.column) = \(dialect.real($0))"
            }
        }
        let answer = try fields(
            connection,
            select(
                (grouped.map { [$0] } ?? []) + picks, of: shape,
                where: tests.map { "(\($0))" }.joined(separator: " OR "),
                grouped.map { "GROUP BY \($0)" } ?? ""),
            shouldCancel: shouldCancel)
        let offset = grouped == nil ? 0 : 1
        var rows = [Double: [[Double]]]()
        for line in answer where line.count == offset + picks.count {
            let key = grouped == nil ? 0 : Self.number(line[0])
            rows[key] = line.dropFirst(offset).map { Self.row($0, shape) }
        }
        if grouped == nil, rows[0] == nil {
            throw .query("the server's summary came back incomplete", offset: nil)
        }
        return rows
    }

    /// One column's bounds: its lowest and highest value, its lowest above zero (nil where it
    /// has none) and how many values are zero or less.
    private struct ColumnBounds {
        var lowest: Double?
        var highest: Double?
        var lowestPositive: Double?
        var nonPositive: Int
    }

    /// What the first scan learns: the rows, the x range and how many rows have an x, each
    /// value column's bounds, and the columns found complete (a finite value in every row).
    private struct Bounds {
        var count = 0
        var xCount = 0
        var x: ClosedRange<Double> = 0...0
        var columns: [Int: ColumnBounds] = [:]
        var complete: Set<Int> = []
        /// Columns read raw that may hold NaN or ±∞ (their sum is not finite).
        var nonFinite: Set<Int> = []
    }

    /// The bounds' scan, its rows counted as `rows` says (`rowCount`), of each group of
    /// `grouped` by its value (0: ungrouped).
    private func bounds(
        _ connection: ClickHouseConnection, _ shape: Shape, rows: String, grouped: String?,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [Double: Bounds] {
        var picks = [rows] + xPicks(shape, rows: rows)
        // A number x read raw may hold NaN or ±∞ too (which no row's x is).
        picks.append(nonFinite(shape, shape.x))
        for c in shape.values {
            let v = "chartbook_c\(c)"
            picks += [
                count(shape, c, rows), "min(\(v))", "max(\(v))", nonFinite(shape, c),
            ]
        }
        var answers = [Double: Bounds]()
        for (key, numbers) in try groupedNumbers(
            connection, picks, of: shape, grouped: grouped, shouldCancel: shouldCancel)
        {
            answers[key] = try bounds(of: numbers, shape, picks: picks.count)
        }
        if grouped == nil, answers[0] == nil {
            throw .query("the server's summary came back incomplete", offset: nil)
        }
        return answers
    }

    /// The numbers of `picks` over the shape's rows: per group of `grouped` (an expression of
    /// the rows), its value and its numbers; of all the rows (nil), 0 and the first row's.
    private func groupedNumbers(
        _ connection: ClickHouseConnection, _ picks: [String], of shape: Shape, grouped: String?,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [(key: Double, numbers: [Double])] {
        guard let grouped else {
            let numbers = try numbers(
                connection, select(picks, of: shape), shouldCancel: shouldCancel)
            return numbers.isEmpty ? [] : [(0, numbers)]
        }
        let lines = try fields(
            connection, select([grouped] + picks, of: shape, "GROUP BY \(grouped)"),
            shouldCancel: shouldCancel)
        return lines.compactMap { line in
            guard let key = line.first.map(Self.number) else { return nil }
            return (key, line.dropFirst().map { Self.number($0) })
        }
    }

    /// The bounds an answer of the bounds' scan (`picks` numbers) says.
    private func bounds(of answer: [Double], _ shape: Shape, picks: Int) throws(DatabaseFailure)
        -> Bounds
    {
        guard answer.count == picks else {
            throw .query("the server's summary came back incomplete", offset: nil)
        }
        var bounds = Bounds()
        bounds.count = Int(saturating: answer[0])
        bounds.xCount = Int(saturating: answer[1])
        bounds.x = answer[2] <= answer[3] ? answer[2]...answer[3] : 0...0
        if !answer[4].isFinite { bounds.nonFinite.insert(shape.x) }
        for (i, c) in shape.values.enumerated() {
            let a = Array(answer[(5 + 4 * i)..<(9 + 4 * i)])
            let values = Int(saturating: a[0])
            if !a[3].isFinite { bounds.nonFinite.insert(c) }
            // Above zero throughout: its least is its lowest above zero (else asked after).
            bounds.columns[c] = ColumnBounds(
                lowest: values > 0 ? a[1] : nil, highest: values > 0 ? a[2] : nil,
                lowestPositive: values > 0 && a[1] > 0 ? a[1] : nil, nonPositive: 0)
            if values == bounds.count, a[3].isFinite, shape.kinds[c] != .wallClock {
                bounds.complete.insert(c)
            }
        }
        if shape.kinds[shape.x] != .wallClock, bounds.xCount == bounds.count,
            !bounds.nonFinite.contains(shape.x)
        {
            bounds.complete.insert(shape.x)
        }
        return bounds
    }

    /// The rows with an x and x's least and greatest value (counted as `count` says). A
    /// `DateTime` is compared as it is and converted once: its seconds are x, and no
    /// conversion per row (0.2 s on 10⁸ rows against 0.44 s).
    func xPicks(_ shape: Shape, rows: String) -> [String] {
        let counted = count(shape, shape.x, rows)
        guard shape.kinds[shape.x] == .instant else {
            return [counted, "min(chartbook_x)", "max(chartbook_x)"]
        }
        return [
            counted, "toFloat64(toUnixTimestamp(min(chartbook_t)))",
            "toFloat64(toUnixTimestamp(max(chartbook_t)))",
        ]
    }

    /// Whether column `c` may hold NaN or ±∞, asked of a number column read raw: its sum,
    /// which is finite when every value is (NaN and ∞ carry through a sum; a finite sum
    /// that overflows only costs the test per row the column would then need). A sum costs
    /// this engine less than a test per row (0.12 against 0.2 s on 10⁸ rows). 0 otherwise.
    private func nonFinite(_ shape: Shape, _ c: Int) -> String {
        guard shape.kinds[c] == .number, shape.complete.contains(c) else { return "0" }
        return "sum(chartbook_c\(c))"
    }

    /// How the bounds' scan counts the rows: `count()`, or the number — of every row of the
    /// query (no `where=`), `counted` where it was asked already, else of a whole table
    /// (`tableQuery` without a condition) asked first: the engine reads a table's count from
    /// its parts (0.04 s), where a count in the scan costs 0.13 s on 10⁸ rows.
    private func rowCount(
        _ connection: ClickHouseConnection, _ shape: Shape, counted: Int?,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> String {
        guard shape.rows.filters.isEmpty else { return "count()" }
        if let counted { return String(counted) }
        guard let table = tableQuery, table.condition == nil,
            let count = try numbers(
                connection, "SELECT count() FROM \(table.relation.rows())",
                shouldCancel: shouldCancel
            ).first, count.isFinite, count >= 0
        else { return "count()" }
        return String(Int(count))
    }

    /// How column `c`'s values are counted: every row (`rows`) where its type holds no NULL
    /// and it is read as is (a time, or a number read raw) — a count of rows, not of values.
    private func count(_ shape: Shape, _ c: Int, _ rows: String) -> String {
        let raw =
            shape.kinds[c] == .number ? shape.complete.contains(c) : shape.kinds[c] != .wallClock
        if shape.neverNull.contains(c), raw { return rows }
        return c == shape.x && shape.kinds[c] == .instant
            ? "count(chartbook_t)" : "count(chartbook_c\(c))"
    }

    /// For the columns whose least value is zero or below (`bounds`), their lowest value
    /// above zero (a log scale's end) and how many are zero or less: a scan of its own, as
    /// most columns of measures are above zero throughout and need none.
    private func logBounds(
        _ connection: ClickHouseConnection, _ shape: Shape, _ bounds: inout [Double: Bounds],
        grouped: String?, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) {
        let asked = shape.values.filter { c in
            bounds.values.contains { ($0.columns[c]?.lowest ?? 1) <= 0 }
        }
        guard !asked.isEmpty else { return }
        // (minIf of no row is 0: no value above zero.)
        let picks = asked.flatMap {
            ["minIf(chartbook_c\($0), chartbook_c\($0) > 0)", "countIf(chartbook_c\($0) <= 0)"]
        }
        for (key, answer) in try groupedNumbers(
            connection, picks, of: shape, grouped: grouped, shouldCancel: shouldCancel)
        {
            guard answer.count == picks.count else {
                throw .query("the server's summary came back incomplete", offset: nil)
            }
            for (i, c) in asked.enumerated() {
                let (low, nonPositive) = (answer[2 * i], answer[2 * i + 1])
                bounds[key]?.columns[c]?.lowestPositive = low > 0 ? low : nil
                bounds[key]?.columns[c]?.nonPositive = Int(saturating: nonPositive)
            }
        }
    }

    /// The question how many rows share an x with an earlier one (0: none), asked of the
    /// `rows` rows with an x, which spans `extent`. Rows sharing an x share any group of
    /// x, so distinct values are counted per group, never as one set of every x (which this
    /// engine holds whole: 8 bytes a row):
    /// - x in whole seconds (`DateTime`) with rows dense enough (16 or more per 128 seconds,
    ///   on average): per 128 seconds, two 64-bit masks of the seconds present — a bitwise OR,
    ///   no set — whose bits count the distinct x (0.5 s and 170 MiB of server memory for 10⁸
    ///   rows, one a second). Two masks a group, not one: over a `Distributed` table the
    ///   groups travel from the shards and are merged, and half as many took 1.5 s instead of
    ///   2.2 s over two shards of 10⁸ rows (the same on one server; four masks a group cost
    ///   more than they saved);
    /// - else per stretch of about 8 192 rows, from the first x to the last, a set of the
    ///   distinct x (1.1 s and 820 MiB for the same rows).
    /// Of each group of `grouped` (an expression of the rows: a family's code, `RemoteFamily`;
    /// `rows` then counts a group's rows), the group and its count: rows sharing an x share
    /// its group too.
    func sharedRows(
        _ shape: Shape, rows: Int, extent: ClosedRange<Double>?, grouped: String? = nil
    ) -> String {
        let span = extent.map { $0.upperBound - $0.lowerBound } ?? .infinity
        let group = grouped.map { ["\($0) AS chartbook_g"] } ?? []
        let (by, outer) = grouped == nil ? ("", "") : ("chartbook_g, ", "chartbook_g, ")
        let regroup = grouped == nil ? "" : " GROUP BY chartbook_g"
        if shape.kinds[shape.x] == .instant, span.isFinite, span / 128 + 1 <= Double(rows) / 16 {
            let second = "toUInt32(chartbook_t)"
            let masks = perX(
                group + [
                    "count() AS n",
                    "groupBitOr(bitShiftLeft(toUInt64(\(second) % 128 < 64), \(second) % 64)) AS b0",
                    "groupBitOr(bitShiftLeft(toUInt64(\(second) % 128 >= 64), \(second) % 64)) AS b1",
                ], shape, "GROUP BY \(by)intDiv(\(second), 128)")
            let distinct = "length(bitmaskToArray(b0)) + length(bitmaskToArray(b1))"
            return "SELECT \(outer)sum(n - (\(distinct))) FROM (\(masks))\(regroup)"
        }
        let stretches = Double(min(max(rows / 8192, 1), 1 << 20))
        let width = span / stretches
        let stretch =
            width > 0 && width.isFinite
            ? "floor((chartbook_x - \(dialect.real(extent?.lowerBound ?? 0))) / \(dialect.real(width)))"
            : "0"
        // A DateTime is a UInt32 of seconds: distinct as such.
        let distinct = shape.kinds[shape.x] == .instant ? "toUInt32(chartbook_t)" : "chartbook_x"
        let sets = perX(
            group + ["count() AS n", "uniqExact(\(distinct)) AS u"], shape,
            "GROUP BY \(by)\(stretch)")
        return "SELECT \(outer)sum(n - u) FROM (\(sets))\(regroup)"
    }

    /// `select` of the rows that have an x.
    private func perX(_ picks: [String], _ shape: Shape, _ rest: String) -> String {
        select(picks, of: shape, where: "chartbook_x IS NOT NULL", rest)
    }
}
