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
    /// rows at the bounds (each picked by an equality, so a row is rarely built). A column
    /// holding NaN or ±∞ costs the bounds' scan once more.
    func summary(
        _ connection: ClickHouseConnection, _ shape: inout Shape, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> Summary {
        // Read raw first (no test per row): right unless a column holds NaN or ±∞, which
        // the drawing reads as missing — then once more, testing those columns.
        var raw = shape
        raw.complete = Set(shape.names.indices.filter { shape.kinds[$0] == .number })
        var bounds = try self.bounds(connection, raw, shouldCancel: shouldCancel)
        if !bounds.nonFinite.isEmpty {
            raw.complete.subtract(bounds.nonFinite)
            bounds = try self.bounds(connection, raw, shouldCancel: shouldCancel)
        }
        shape.complete = bounds.complete
        try logBounds(connection, shape, &bounds, shouldCancel: shouldCancel)
        guard bounds.xCount > 0 else {
            return Summary(count: bounds.count, extremes: [], nonPositive: [:])
        }
        var conditions = [bounds.x.lowerBound, bounds.x.upperBound].map {
            "chartbook_x = \(Self.literal($0))"
        }
        var nonPositive = [String: Int]()
        for c in shape.values {
            guard let column = bounds.columns[c] else { continue }
            nonPositive[shape.shown[c]] = column.nonPositive
            for value in [column.lowest, column.highest, column.lowestPositive] {
                guard let value else { continue }
                conditions.append("chartbook_c\(c) = \(Self.literal(value))")
            }
        }
        // Only the rows holding one (half the time on 10⁸ rows: no row is built for the
        // others).
        let picks = conditions.map { "argMinIf(\(shape.row), chartbook_x, \($0))" }
        let answer = try fields(
            connection,
            """
            SELECT \(picks.joined(separator: ", ")) FROM (\(selectRows(shape))) \
            WHERE \(conditions.map { "(\($0))" }.joined(separator: " OR "))
            """,
            shouldCancel: shouldCancel)
        guard let line = answer.first, line.count == picks.count else {
            throw .query("the server's summary came back incomplete", offset: nil)
        }
        let rows = line.map { Self.row($0, shape) }
        return Summary(
            count: bounds.count, first: rows[0], last: rows[1],
            extremes: rows.dropFirst(2).filter { !$0.isEmpty }, nonPositive: nonPositive)
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
        /// Columns read raw that hold NaN or ±∞.
        var nonFinite: Set<Int> = []
    }

    private func bounds(
        _ connection: ClickHouseConnection, _ shape: Shape, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> Bounds {
        var picks = ["count()", count(shape, shape.x), "min(chartbook_x)", "max(chartbook_x)"]
        if shape.kinds[shape.x] == .instant {
            // The DateTime itself: its seconds are x, and no conversion per row.
            picks[2...] = [
                "toFloat64(toUnixTimestamp(min(chartbook_t)))",
                "toFloat64(toUnixTimestamp(max(chartbook_t)))",
            ]
        }
        // A number x read raw may hold NaN or ±∞ too (which no row's x is).
        picks.append(nonFinite(shape, shape.x))
        for c in shape.values {
            let v = "chartbook_c\(c)"
            picks += [
                count(shape, c), "min(\(v))", "max(\(v))", nonFinite(shape, c),
            ]
        }
        let answer = try numbers(
            connection, "SELECT \(picks.joined(separator: ", ")) FROM (\(selectRows(shape)))",
            shouldCancel: shouldCancel)
        guard answer.count == picks.count else {
            throw .query("the server's summary came back incomplete", offset: nil)
        }
        var bounds = Bounds()
        bounds.count = Int(saturating: answer[0])
        bounds.xCount = Int(saturating: answer[1])
        bounds.x = answer[2] <= answer[3] ? answer[2]...answer[3] : 0...0
        if answer[4] > 0 { bounds.nonFinite.insert(shape.x) }
        for (i, c) in shape.values.enumerated() {
            let a = Array(answer[(5 + 4 * i)..<(9 + 4 * i)])
            let values = Int(saturating: a[0])
            if a[3] > 0 { bounds.nonFinite.insert(c) }
            // Above zero throughout: its least is its lowest above zero (else asked after).
            bounds.columns[c] = ColumnBounds(
                lowest: values > 0 ? a[1] : nil, highest: values > 0 ? a[2] : nil,
                lowestPositive: values > 0 && a[1] > 0 ? a[1] : nil, nonPositive: 0)
            if values == bounds.count, a[3] == 0, shape.kinds[c] != .wallClock {
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

    /// How many of column `c`'s values are NaN or ±∞: asked of a number column read raw.
    private func nonFinite(_ shape: Shape, _ c: Int) -> String {
        guard shape.kinds[c] == .number, shape.complete.contains(c) else { return "0" }
        return "countIf(NOT isFinite(chartbook_c\(c)))"
    }

    /// How column `c`'s values are counted: every row where its type holds no NULL and it
    /// is read as is (a time, or a number read raw) — a count of rows, not of values.
    private func count(_ shape: Shape, _ c: Int) -> String {
        let raw =
            shape.kinds[c] == .number ? shape.complete.contains(c) : shape.kinds[c] != .wallClock
        if shape.neverNull.contains(c), raw { return "count()" }
        return c == shape.x && shape.kinds[c] == .instant
            ? "count(chartbook_t)" : "count(chartbook_c\(c))"
    }

    /// For the columns whose least value is zero or below (`bounds`), their lowest value
    /// above zero (a log scale's end) and how many are zero or less: a scan of its own, as
    /// most columns of measures are above zero throughout and need none.
    private func logBounds(
        _ connection: ClickHouseConnection, _ shape: Shape, _ bounds: inout Bounds,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) {
        let asked = shape.values.filter { (bounds.columns[$0]?.lowest ?? 1) <= 0 }
        guard !asked.isEmpty else { return }
        // (minIf of no row is 0: no value above zero.)
        let picks = asked.flatMap {
            ["minIf(chartbook_c\($0), chartbook_c\($0) > 0)", "countIf(chartbook_c\($0) <= 0)"]
        }
        let answer = try numbers(
            connection, "SELECT \(picks.joined(separator: ", ")) FROM (\(selectRows(shape)))",
            shouldCancel: shouldCancel)
        guard answer.count == picks.count else {
            throw .query("the server's summary came back incomplete", offset: nil)
        }
        for (i, c) in asked.enumerated() {
            bounds.columns[c]?.lowestPositive = answer[2 * i] > 0 ? answer[2 * i] : nil
            bounds.columns[c]?.nonPositive = Int(saturating: answer[2 * i + 1])
        }
    }

    /// The most rows sharing an x (1: none share one). Only where some are shared are the
    /// rows per x counted (`sharedRows` first).
    func mostRowsPerX(
        _ connection: ClickHouseConnection, _ shape: Shape, rows: Int,
        extent: ClosedRange<Double>?, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> Int {
        let source = "(\(selectRows(shape)) WHERE chartbook_x IS NOT NULL)"
        let shared = try numbers(
            connection, Self.sharedRows(shape, source: source, rows: rows, extent: extent),
            shouldCancel: shouldCancel)
        guard let extra = shared.first, extra > 0 else { return 1 }
        let most = try numbers(
            connection,
            "SELECT max(n) FROM (SELECT count() AS n FROM \(source) GROUP BY chartbook_x)",
            shouldCancel: shouldCancel)
        return max(1, Int(saturating: most.first ?? 1))
    }

    /// The question how many rows share an x with an earlier one (0: none), asked of
    /// `source`'s `rows` rows, whose x spans `extent`. Rows sharing an x share any group of
    /// x, so distinct values are counted per group, never as one set of every x (which this
    /// engine holds whole: 8 bytes a row):
    /// - x in whole seconds (`DateTime`) with rows dense enough (8 or more per 64 seconds,
    ///   on average): per 64 seconds, a 64-bit mask of the seconds present — a bitwise OR,
    ///   no set — whose bits count the distinct x (0.5 s and 170 MiB of server memory for 10⁸
    ///   rows, one a second);
    /// - else per stretch of about 8 192 rows, from the first x to the last, a set of the
    ///   distinct x (1.1 s and 820 MiB for the same rows).
    static func sharedRows(
        _ shape: Shape, source: String, rows: Int, extent: ClosedRange<Double>?
    ) -> String {
        let span = extent.map { $0.upperBound - $0.lowerBound } ?? .infinity
        if shape.kinds[shape.x] == .instant, span.isFinite, span / 64 + 1 <= Double(rows) / 8 {
            let second = "toUInt32(chartbook_t)"
            return """
                SELECT sum(n - length(bitmaskToArray(b))) FROM (SELECT count() AS n, \
                groupBitOr(bitShiftLeft(toUInt64(1), \(second) % 64)) AS b FROM \(source) \
                GROUP BY intDiv(\(second), 64))
                """
        }
        let stretches = Double(min(max(rows / 8192, 1), 1 << 20))
        let width = span / stretches
        let stretch =
            width > 0 && width.isFinite
            ? "floor((chartbook_x - \(literal(extent?.lowerBound ?? 0))) / \(literal(width)))"
            : "0"
        // A DateTime is a UInt32 of seconds: distinct as such.
        let distinct = shape.kinds[shape.x] == .instant ? "toUInt32(chartbook_t)" : "chartbook_x"
        return """
            SELECT sum(n - u) FROM (SELECT count() AS n, uniqExact(\(distinct)) AS u FROM \
            \(source) GROUP BY \(stretch))
            """
    }
}
