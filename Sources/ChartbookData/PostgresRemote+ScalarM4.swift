import ChartbookModel

/// The M4 picks without an array per row (issue 28): building `ARRAY[x, c0, c1, …]` for every
/// row is what made a drawing cost PostgreSQL 30 times a plain scan. Where x holds whole
/// numbers (seconds, counts) the picks are asked in two steps:
/// 1. one scan of plain aggregates per dot column — the lowest and highest x, and for each
///    value column its lowest and highest dot row with the x of the earliest row there, as
///    one exact number (`dot · 2³³ + (x − origin)`, below 2⁵³) — which the engine can run in
///    parallel;
/// 2. the rows at those x (through an index on x where there is one), whose aggregates build
///    arrays only of the rows a pick names, as `arrayPicks` would choose among them.
/// The rows are the ones `arrayPicks` returns, byte for byte; where x is not whole, the
/// first step says so and `arrayPicks` answers. A column no plot draws is picked by its
/// lowest and highest value: plain `min`/`max` in step 1, the rows holding them in step 2
/// beside those at the picked x (a scan of plain comparisons: no index reaches them). It
/// sent the whole drawing to `arrayPicks` before — a query of four columns, one drawn, over
/// 10⁶ rows: 5.8 s, against 1.0 s for its drawn columns alone.
extension PostgresRemote {
    /// The per-value-column scalars of step 1, in order: the encoded lowest and highest,
    /// and on a fixed range the x of the first row beyond each bound.
    struct ScalarPicks {
        var bucket: Double
        /// The family member's code (`RemoteFamily`; 0 for one set).
        var group: Double = 0
        var first: Double?, last: Double?
        /// Per value column: (x, dot) of the lowest and the highest, the x beyond each bound.
        var lowest: [(x: Double, dot: Double)?], highest: [(x: Double, dot: Double)?]
        var beyond: [[Double?]]
        /// Per value column no plot draws (no dot rows: nil for the others), its lowest and
        /// highest value — what `valuePicks` picks the rows of without dot rows.
        var values: [(low: Double?, high: Double?)?] = []
        var missing: [Int]
    }

    /// Grouped by `grouped` too (a family's code column), where given.
    func scalarPicks(
        _ connection: PostgresConnection, _ shape: Shape, _ request: RemoteRequest,
        inside: String, grouped: String? = nil, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> Picks? {
        let dots = shape.values.map { request.yDots[shape.shown[$0]] ?? [] }
        let low = request.interval.lowerBound, high = request.interval.upperBound
        // Exact only while every encoded number stays below 2⁵³: x's offsets below 2³³, dot
        // rows (clamped to ±limit) far below 2¹⁹.
        guard !request.logX, low.isFinite, high.isFinite,
            high - low.rounded(.down) < RemoteEngines.pickPlace,
            !dots.isEmpty,
            dots.allSatisfy({ $0.isEmpty || (($0.count == 3 || $0.count == 5) && abs($0[2]) < 1e5) }
            )
        else { return nil }
        let origin = low.rounded(.down)
        guard
            let scalars = try scalarScan(
                connection, shape, request, dots: dots, origin: origin, inside: inside,
                grouped: grouped, shouldCancel: shouldCancel)
        else { return nil }
        var broken = [Double: [[(Double, Double)]]]()
        for bucket in scalars {
            for v in shape.values.indices where bucket.missing[v] > 0 {
                if let a = bucket.first, let b = bucket.last {
                    broken[bucket.group, default: Array(repeating: [], count: shape.values.count)][
                        v
                    ].append((a, b))
                }
            }
        }
        let rows = try pickedRows(
            connection, shape, request, dots: dots, scalars, inside: inside, grouped: grouped,
            shouldCancel: shouldCancel)
        return (rows, broken)
    }

    /// Step 1: per dot column, plain aggregates (nil when some x is not a whole number).
    func scalarScan(
        _ connection: PostgresConnection, _ shape: Shape, _ request: RemoteRequest,
        dots: [[Double]], origin: Double, inside: String, grouped: String?,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [ScalarPicks]? {
        let place = dialect.real(RemoteEngines.pickPlace),
            offset = "(x - \(dialect.real(origin)))"
        // Each row's x, values and dot rows once (`onceEach`; a dot row of drawn values only:
        // a log scale takes no logarithm of the others), then plain aggregates of them.
        var measured = ["x"] + (grouped.map { ["\($0) AS chartbook_g"] } ?? [])
        var aggregates = ["min(x)", "max(x)", "bool_and(x = floor(x))"]
        for (v, c) in shape.values.enumerated() {
            guard !dots[v].isEmpty else {
                // A column no plot draws: its lowest and highest value (`valuePicks`).
                let drawn = Self.drawnOnly(shape, c, log: request.logY)
                measured.append("d\(c)")
                aggregates += ["min(d\(c))\(drawn)", "max(d\(c))\(drawn)"]
                continue
            }
            let dot = dotRow(c, dots: dots[v], log: request.logY)
            let every = shape.drawsEveryRow(c, log: request.logY)
            measured += [
                "d\(c)",
                every
                    ? "\(dot) AS chartbook_dot\(v)"
                    : "CASE WHEN \(Self.drawn(c, log: request.logY)) THEN \(dot) END AS chartbook_dot\(v)",
            ]
            let drawn = Self.drawnOnly(shape, c, log: request.logY)
            aggregates += [
                "min(chartbook_dot\(v) * \(place) + \(offset))\(drawn)",
                "max(chartbook_dot\(v) * \(place) - \(offset))\(drawn)",
            ]
            aggregates += beyondConditions(c, dots[v], log: request.logY).map {
                "min(x) FILTER (WHERE \($0))"
            }
        }
        aggregates += shape.values.map { Self.missing(shape, $0, log: request.logY) }
        // (The group last, so that the aggregates' places stay.)
        if grouped != nil { aggregates.append("chartbook_g") }
        let rows = "(\(selectRows(shape)) WHERE \(inside)) AS chartbook_r"
        let sql = """
            SELECT \(bucket(request)) AS chartbook_k, \(aggregates.joined(separator: ", ")) \
            FROM \(onceEach(shape, measured, from: rows)) GROUP BY chartbook_k\
            \(grouped == nil ? "" : ", chartbook_g")
            """
        let result = try connection.execute(sql, shouldCancel: shouldCancel)
        let number = result.number
        var picks = [ScalarPicks]()
        for r in 0..<result.rows {
            // Some x with a fraction: the encoding would not be exact.
            guard result.isNull(r, 3) || result.bytes(r, 3).first == UInt8(ascii: "t") else {
                return nil
            }
            var pick = ScalarPicks(
                bucket: number(r, 0) ?? .nan, first: number(r, 1), last: number(r, 2),
                lowest: [], highest: [], beyond: [], missing: [])
            var column = 4
            for v in shape.values.indices {
                guard !dots[v].isEmpty else {
                    pick.lowest.append(nil)
                    pick.highest.append(nil)
                    pick.beyond.append([])
                    pick.values.append((number(r, column), number(r, column + 1)))
                    column += 2
                    continue
                }
                pick.values.append(nil)
                pick.lowest.append(
                    number(r, column).map {
                        RemoteEngines.decodePick($0, origin: origin, lowest: true)
                    })
                pick.highest.append(
                    number(r, column + 1).map {
                        RemoteEngines.decodePick($0, origin: origin, lowest: false)
                    })
                column += 2
                let bounds = dots[v].count == 5 ? 2 : 0
                pick.beyond.append((0..<bounds).map { number(r, column + $0) })
                column += bounds
            }
            for v in shape.values.indices {
                pick.missing.append(Int(number(r, column + v) ?? 0))
            }
            if grouped != nil { pick.group = number(r, result.columns - 1) ?? .nan }
            picks.append(pick)
        }
        return picks
    }

    /// On a fixed range (`dots` of five numbers), the conditions of the rows beyond its
    /// lower and upper bound: what `valuePicks` picks the first of.
    func beyondConditions(_ c: Int, _ dots: [Double], log: Bool) -> [String] {
        guard dots.count == 5 else { return [] }
        return [("<", dots[3]), (">", dots[4])].map { op, bound in
            "\(Self.drawn(c, log: log)) AND \(drawnValue(c, log: log)) \(op) \(dialect.real(bound))"
        }
    }

    /// Step 2: the picked rows, as `arrayPicks`' aggregates choose them among the rows at
    /// the picked x of their dot column.
    func pickedRows(
        _ connection: PostgresConnection, _ shape: Shape, _ request: RemoteRequest,
        dots: [[Double]], _ scalars: [ScalarPicks], inside: String, grouped: String?,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [[Double]] {
        guard !scalars.isEmpty else { return [] }
        let all = shape.list
        var picks = [
            "min(ARRAY[x, \(all)]) FILTER (WHERE x = p.a)",
            "max(ARRAY[x, \(all)]) FILTER (WHERE x = p.b)",
        ]
        var names = ["k", "g", "a", "b"]
        for (v, c) in shape.values.enumerated() {
            guard !dots[v].isEmpty else {
                // A column no plot draws: the rows at its lowest and highest value, as
                // `valuePicks` picks them (the least and greatest array among them).
                let drawn = Self.drawn(c, log: request.logY)
                picks += [
                    "min(ARRAY[d\(c), \(all)]) FILTER (WHERE \(drawn) AND d\(c) = p.l\(v))",
                    "max(ARRAY[d\(c), \(all)]) FILTER (WHERE \(drawn) AND d\(c) = p.h\(v))",
                ]
                names += ["l\(v)", "h\(v)"]
                continue
            }
            let dot = dotRow(c, dots: dots[v], log: request.logY)
            let drawn = Self.drawn(c, log: request.logY)
            picks += [
                "min(ARRAY[\(dot), x, \(all)]) FILTER (WHERE \(drawn) AND x = p.l\(v) AND \(dot) = p.ld\(v))",
                "max(ARRAY[\(dot), -x, \(all)]) FILTER (WHERE \(drawn) AND x = p.h\(v) AND \(dot) = p.hd\(v))",
            ]
            names += ["l\(v)", "ld\(v)", "h\(v)", "hd\(v)"]
            for (b, condition) in beyondConditions(c, dots[v], log: request.logY).enumerated() {
                picks.append(
                    "min(ARRAY[x, \(all)]) FILTER (WHERE \(condition) AND x = p.b\(v)_\(b))")
                names.append("b\(v)_\(b)")
            }
        }
        let cell = { (value: Double?) in value.map(dialect.real) ?? "NULL::float8" }
        var xs = Set<Double>()
        // Per column no plot draws, the values whose rows are picked.
        var undrawn = [Int: Set<Double>]()
        let values = scalars.map { s -> String in
            var cells = [cell(s.bucket), cell(s.group), cell(s.first), cell(s.last)]
            for (v, c) in shape.values.enumerated() {
                if let extremes = s.values[v] {
                    cells += [cell(extremes.low), cell(extremes.high)]
                    undrawn[c, default: []].formUnion(
                        [extremes.low, extremes.high].compactMap { $0 })
                    continue
                }
                cells += [
                    cell(s.lowest[v]?.x), cell(s.lowest[v]?.dot), cell(s.highest[v]?.x),
                    cell(s.highest[v]?.dot),
                ]
                cells += s.beyond[v].map(cell)
                xs.formUnion(
                    [s.lowest[v]?.x, s.highest[v]?.x].compactMap { $0 }
                        + s.beyond[v].compactMap { $0 })
            }
            xs.formUnion([s.first, s.last].compactMap { $0 })
            return "(\(cells.joined(separator: ", ")))"
        }
        // The rows at the picked x — and at the values picked of the columns no plot draws,
        // which no index finds (a scan of plain comparisons).
        let at =
            (["(\(atX(shape, xs.sorted())))"]
            + undrawn.keys.sorted().map { c in
                let listed = (undrawn[c] ?? []).sorted().map(dialect.real).joined(separator: ", ")
                return "\(value(shape, c)) IN (\(listed))"
            }).joined(separator: " OR ")
        let sql = """
            SELECT p.k, \(picks.joined(separator: ", ")) \
            FROM (SELECT *, \(bucket(request)) AS chartbook_k FROM (\(selectRows(shape)) \
            WHERE \(inside) AND (\(at))) AS chartbook_r) AS r \
            JOIN (VALUES \(values.joined(separator: ", "))) AS p(\(names.joined(separator: ", "))) \
            ON r.chartbook_k = p.k\(grouped.map { " AND r.\($0) = p.g" } ?? "") GROUP BY p.k, p.g
            """
        let result = try connection.execute(sql, shouldCancel: shouldCancel)
        return (0..<result.rows).flatMap {
            Self.rows(result, r: $0, shape, arrays: 1..<result.columns)
        }
    }

    /// The rows whose x is one of `xs` (whole numbers), written on the raw column where its
    /// type allows, so that an index on it serves them.
    func atX(_ shape: Shape, _ xs: [Double]) -> String {
        let raw = rawX(shape)
        // (In the WHERE of `selectRows`: its x is not named yet.)
        let exact =
            "\(value(shape, shape.x)) IN (\(xs.map(dialect.real).joined(separator: ", ")))"
        let whole = xs.compactMap { Int64(exactly: $0) }
        guard whole.count == xs.count else { return exact }
        let values: [String]
        switch shape.kinds[shape.x] {
        case .instant, .wallClock: values = whole.map { rawValue(shape, of: String($0)) }
        case .number: values = whole.map(String.init)
        default: return exact
        }
        return "\(raw) IN (\(values.joined(separator: ", "))) AND \(exact)"
    }
}
