import ChartbookModel

/// A remote dataset's drawings (issue 13): per dot column of the visible x interval, the
/// first, last, lowest and highest row (M4) — by dot row, of log10 on a log scale — with the
/// runs that missing values break, the neighbours just outside and the selection's rows.
extension RemoteShape where Kind == PostgresColumn.Kind {
    /// `c0, c1, …`: every column, as `selectRows` names them.
    var list: String { names.indices.map { "c\($0)" }.joined(separator: ", ") }
}

extension PostgresRemote {
    /// The M4 rows of `request` for `table`, with the rows just outside the interval (a line
    /// runs on to the edge) and the rows known of all the data (`RemoteTable.rows(with:)`);
    /// not the readout's (`readout`).
    public func fetch(
        _ table: RemoteTable, _ request: RemoteRequest, shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> RemoteRows {
        let connection = try connect(shouldCancel)
        let shape = Shape(table).drawing(request)
        // A drawing of every row (the first, `view all`) tests no range per row.
        let whole = request.holds(table.extent)
        // M4 of each set of rows the plots draw: every row, each where=, each by= group.
        // A few rows in the interval (a zoomed view) cost one scan of arrays less than two
        // questions and a parallel plan.
        let many = RemoteEngines.rows(of: table, within: request) >= RemoteEngines.twoStepRows
        var rows = [[Double]]()
        // A by='s groups in one question grouped by their column (`RemoteFamily`).
        let (families, alone) = RemoteFamily.split(request.rowSets, of: shape)
        for set in alone {
            rows += try m4(
                connection, shape.keeping(set), request, whole: whole, scalar: many,
                shouldCancel: shouldCancel)
        }
        for family in families {
            rows += try m4(
                connection, shape.keeping(family.rows), request, whole: whole, scalar: many,
                family: family, shouldCancel: shouldCancel)
        }
        rows += try neighbours(connection, table, request, shouldCancel: shouldCancel)
        return RemoteRows(rows, of: table)
    }

    /// The rows carried by the arrays of result row `r`, columns `arrays` (every one by
    /// default): each array ends with the whole row (`ARRAY[key…, c0, c1, …]`).
    static func rows(_ result: PostgresResult, r: Int, _ shape: Shape, arrays: Range<Int>? = nil)
        -> [[Double]]
    {
        (arrays ?? 0..<result.columns).compactMap { a in
            guard !result.isNull(r, a) else { return nil }
            let row = Array(floats(result.bytes(r, a)).suffix(shape.names.count))
            return row.count == shape.names.count ? row : nil
        }
    }

    /// M4 of the shape's rows — of a `family`'s (`RemoteFamily`), the same per member: every
    /// question grouped by the dot column and the member's code (its column `c…`).
    func m4(
        _ connection: PostgresConnection, _ shape: Shape, _ request: RemoteRequest, whole: Bool,
        scalar: Bool, family: RemoteFamily? = nil, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [[Double]] {
        let grouped = family.map { "c\($0.column)" }
        let lo = dialect.real(request.interval.lowerBound)
        let hi = dialect.real(request.interval.upperBound)
        // The interval's bounds are of log10(x) on a log x scale.
        let side = { (op: String, bound: String) in
            request.logX
                ? "(\(placed(value(shape, shape.x), log: true)) \(op) \(bound))"
                : rangeCondition(shape, op, bound)
        }
        // Every row with an x is inside when the interval holds the first and last.
        let inside =
            !whole
            ? "\(side(">=", lo)) AND \(side("<=", hi))"
            : shape.complete.contains(shape.x) ? "TRUE" : hasX(shape)
        let picked: Picks
        if scalar,
            let scalar = try scalarPicks(
                connection, shape, request, inside: inside, grouped: grouped,
                shouldCancel: shouldCancel)
        {
            picked = scalar
        } else {
            picked = try arrayPicks(
                connection, shape, request, inside: inside, grouped: grouped,
                shouldCancel: shouldCancel)
        }
        var rows = picked.rows
        // Each set's own rows: a member's, or the shape's.
        let sets = family?.members.map { (code: $0.code, shape: shape.keeping($0.set)) }
        let own = sets ?? [(code: 0, shape: shape)]
        for (group, columns) in picked.broken {
            guard let set = own.first(where: { $0.code == group }) else { continue }
            for (v, ranges) in columns.enumerated() where !ranges.isEmpty {
                rows += try segmented(
                    connection, set.shape, request, column: shape.values[v], ranges,
                    shouldCancel: shouldCancel)
            }
        }
        return rows
    }

    /// What M4 picks of the rows `inside` keeps, per dot column: the rows (first and last by
    /// x, each value column's lowest and highest dot row, the first beyond a fixed range's
    /// bounds) and, per group (a family member's code; 0 for one set) and value column, the
    /// x spans of the dot columns where it misses a value.
    typealias Picks = (rows: [[Double]], broken: [Double: [[(Double, Double)]]])

    /// The picks in one scan whose aggregates build an array of every row (`min(ARRAY[…])`):
    /// what any query can be asked, and what costs the engine most (arrays per row).
    /// Grouped by `grouped` too (a family's code column), where given.
    func arrayPicks(
        _ connection: PostgresConnection, _ shape: Shape, _ request: RemoteRequest,
        inside: String, grouped: String? = nil, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> Picks {
        let picks =
            ["min(ARRAY[x, \(shape.list)])", "max(ARRAY[x, \(shape.list)])"]
            + shape.values.flatMap {
                valuePicks(shape, $0, dots: request.yDots[shape.shown[$0]], log: request.logY)
            }
        // A value a drawing leaves out breaks its line: missing, or ≤ 0 on a log scale.
        let missing = shape.values.map { Self.missing(shape, $0, log: request.logY) }
        let sql = """
            SELECT \(picks.joined(separator: ", ")), \(missing.joined(separator: ", "))\
            \(grouped.map { ", \($0)" } ?? "") \
            FROM (\(selectRows(shape)) WHERE \(inside)) AS chartbook_r \
            GROUP BY \(bucket(request))\(grouped.map { ", \($0)" } ?? "")
            """
        let result = try connection.execute(sql, shouldCancel: shouldCancel)
        var rows = [[Double]]()
        // Per group and value column, the x spans of the dot columns where it misses a value.
        var broken = [Double: [[(Double, Double)]]]()
        let arrays = result.columns - shape.values.count - (grouped == nil ? 0 : 1)
        for r in 0..<result.rows {
            let bucket = Self.rows(result, r: r, shape, arrays: 0..<arrays)
            let xs = bucket.map { $0[shape.x] }
            let group = grouped == nil ? 0 : result.number(r, result.columns - 1) ?? .nan
            for v in shape.values.indices {
                let count = Int(String(decoding: result.bytes(r, arrays + v), as: UTF8.self)) ?? 0
                if count > 0, let a = xs.min(), let b = xs.max() {
                    broken[group, default: Array(repeating: [], count: shape.values.count)][v]
                        .append((a, b))
                }
            }
            rows += bucket
        }
        return (rows, broken)
    }

    /// The dot columns where column `c` misses a value, again: grouped by dot column and by
    /// run — a stretch of rows missing `c` and the rows holding it up to the next such stretch,
    /// numbered in x order — keeping each run's first and last row (the first is the stretch's
    /// first, so the line breaks exactly there) and its first, last, lowest and highest row of
    /// `c`. A stretch of missing values costs a run, however long it is.
    func segmented(
        _ connection: PostgresConnection, _ shape: Shape, _ request: RemoteRequest, column c: Int,
        _ ranges: [(Double, Double)], shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [[Double]] {
        let within = ranges.map { a, b in
            "(\(rangeCondition(shape, ">=", dialect.real(a))) AND \(rangeCondition(shape, "<=", dialect.real(b))))"
        }.joined(separator: " OR ")
        // By x first, whichever column x is (the arrays end with the whole row).
        let all = "ARRAY[x, \(shape.list)]"
        let present = Self.drawn(c, log: request.logY)
        let picks =
            [
                "min(\(all))", "max(\(all))", "min(\(all)) FILTER (WHERE \(present))",
                "max(\(all)) FILTER (WHERE \(present))",
            ] + valuePicks(shape, c, dots: request.yDots[shape.shown[c]], log: request.logY)
        let sql = """
            SELECT \(picks.joined(separator: ", ")) FROM (SELECT *, \(bucket(request)) AS chartbook_k, \
            count(*) FILTER (WHERE NOT \(present) AND chartbook_after) \
            OVER (ORDER BY x ROWS UNBOUNDED PRECEDING) AS chartbook_run \
            FROM (SELECT *, lag(\(present), 1, TRUE) OVER (ORDER BY x) AS chartbook_after \
            FROM (\(selectRows(shape)) WHERE \(within)) AS chartbook_r) AS chartbook_l) AS chartbook_s \
            GROUP BY chartbook_k, chartbook_run
            """
        let result = try connection.execute(sql, shouldCancel: shouldCancel)
        return (0..<result.rows).flatMap { Self.rows(result, r: $0, shape) }
    }

    /// Column `c` as the layout places it: log10 of it on a log scale.
    func drawnValue(_ c: Int, log: Bool) -> String { placed("d\(c)", log: log) }

    /// `expression` in the scale's units (the dialect's base-10 logarithm: PostgreSQL's
    /// `log()`).
    func placed(_ expression: String, log: Bool) -> String {
        ScaleTransform.sql(expression, log: log, log10Function: dialect.log10Function)
    }

    /// Column `c`'s dot row as the layout computes it, from `dots` (`RemoteRequest.yDots`:
    /// upper, scale, limit), in the same floating-point operations.
    func dotRow(_ c: Int, dots y: [Double], log: Bool) -> String {
        let (upper, scale, limit) = (
            dialect.real(y[0]), dialect.real(y[1]), dialect.real(y[2])
        )
        return
            "floor(least(greatest((\(upper) - \(drawnValue(c, log: log))) * \(scale), -\(limit)), \(limit)) + 0.5)"
    }

    /// Whether column `c` of a row is drawn: it has a value — above zero on a log scale.
    static func drawn(_ c: Int, log: Bool) -> String {
        log ? "COALESCE(d\(c) > 0, FALSE)" : "d\(c) IS NOT NULL"
    }

    /// An aggregate's filter to the rows that draw column `c` (none where every row does).
    static func drawnOnly(_ shape: Shape, _ c: Int, log: Bool) -> String {
        shape.drawsEveryRow(c, log: log) ? "" : " FILTER (WHERE \(drawn(c, log: log)))"
    }

    /// How many rows leave out column `c` (a value missing, or ≤ 0 on a log scale): 0 where
    /// every row draws it (two aggregates spared, and a test per row).
    static func missing(_ shape: Shape, _ c: Int, log: Bool) -> String {
        shape.drawsEveryRow(c, log: log)
            ? "0" : "count(*) - count(*) FILTER (WHERE \(drawn(c, log: log)))"
    }

    /// The rows with column `c`'s lowest and highest dot row (`dots`, as in
    /// `RemoteRequest.yDots`, of log10 of the value on a log scale), the earliest of each
    /// (the layout's reducer keeps those); the rows with its lowest and highest value when
    /// `dots` is nil.
    func valuePicks(_ shape: Shape, _ c: Int, dots: [Double]?, log: Bool) -> [String] {
        let all = shape.list
        let present = Self.drawnOnly(shape, c, log: log)
        guard let y = dots, y.count == 3 || y.count == 5 else {
            return ["min(ARRAY[d\(c), \(all)])\(present)", "max(ARRAY[d\(c), \(all)])\(present)"]
        }
        let value = drawnValue(c, log: log)
        let dot = dotRow(c, dots: y, log: log)
        // On a fixed range, the first row beyond each bound too (none: NULL): the layout's
        // clip marks are made of them (`RemoteRequest.yDots`).
        let beyond =
            y.count == 5
            ? [("<", y[3]), (">", y[4])].map { op, bound in
                "min(ARRAY[x, \(all)]) FILTER (WHERE \(Self.drawn(c, log: log)) AND \(value) \(op) \(dialect.real(bound)))"
            } : []
        return [
            "min(ARRAY[\(dot), x, \(all)])\(present)", "max(ARRAY[\(dot), -x, \(all)])\(present)",
        ] + beyond
    }

    /// The dot column of a row, as the layout computes it (`XMapping.round`), of log10(x) on
    /// a log x scale.
    func bucket(_ request: RemoteRequest) -> String {
        let x = placed("x", log: request.logX)
        return
            "floor((\(dialect.real(request.offset)) + \(dialect.real(request.scale)) * \(x)) + 0.5)"
    }
}
