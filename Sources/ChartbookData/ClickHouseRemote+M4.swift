import ChartbookModel
import Foundation

/// A ClickHouse remote dataset's drawings: per dot column of the visible x interval, the
/// first, last, lowest and highest row (M4) — by dot row, of log10 on a log scale — in one
/// `GROUP BY` scan (in two where many rows are: `+TwoStepM4`); the runs that missing values
/// break, for the dot columns that have them; the neighbours just outside (`neighbours`). The
/// same rows as `PostgresRemote+M4` computes: the SQL differs, the formulas do not.
extension ClickHouseRemote {
    public func fetch(
        _ table: RemoteTable, _ request: RemoteRequest, shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> RemoteRows {
        let connection = try connect()
        let shape = Shape(table).drawing(request)
        // A drawing of every row (the first, `view all`) tests no range per row.
        let whole = request.holds(table.extent)
        let many = RemoteEngines.rows(of: table, within: request) >= RemoteEngines.twoStepRows
        // M4 of each set of rows the plots draw: every row, each where=, each by= group — a
        // by='s groups in one question grouped by their column (`RemoteFamily`).
        var rows = [[Double]]()
        let (families, alone) = RemoteFamily.split(request.rowSets, of: shape)
        for set in alone {
            rows += try m4(
                connection, shape.keeping(set), request, whole: whole, extent: table.extent,
                many: many, shouldCancel: shouldCancel)
        }
        for family in families {
            rows += try m4(
                connection, shape.keeping(family.rows), request, whole: whole,
                extent: table.extent, many: many, family: family, shouldCancel: shouldCancel)
        }
        rows += try neighbours(connection, table, request, shouldCancel: shouldCancel)
        return RemoteRows(rows, of: table)
    }

    /// The M4 rows of the interval, and the runs of the dot columns where a value is missing.
    /// Where the interval holds `many` rows and every pick is one number (`keyOrigin`), in
    /// two steps (`RemoteEngines.twoStepRows`): the picks as numbers in a scan of plain
    /// aggregates (`pickedX`), then the same question as one scan asks, of the rows at the
    /// picked x only (through the sorting key) — the same rows, the counts of the first.
    ///
    /// Of a `family`'s rows (`RemoteFamily`: the shape reads them all), the same per member:
    /// every question grouped by the dot column and the member's code.
    func m4(
        _ connection: ClickHouseConnection, _ shape: Shape, _ request: RemoteRequest,
        whole: Bool, extent: ClosedRange<Double>?, many: Bool, family: RemoteFamily? = nil,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [[Double]] {
        var inside = whole ? "chartbook_x IS NOT NULL" : within(request)
        let origin = Self.keyOrigin(shape, extent)
        let grouped = family.map { $0.grouping("chartbook_c\($0.column)") }
        // Per dot column and member (`PickKey`), the rows and each value column's missing
        // values.
        var counted: [PickKey: [Int]]?
        if many, let origin, keyed(shape, request) {
            let picked = try pickedX(
                connection, shape, request, inside: inside, origin: origin, grouped: grouped,
                shouldCancel: shouldCancel)
            inside += picked.condition
            counted = picked.counts
        }
        let (picks, starts) = m4Picks(shape, request, origin: origin, keysOnly: false)
        let sql = select(
            picks + (grouped.map { [$0] } ?? []), of: shape, where: inside,
            "GROUP BY \(bucket(request))\(grouped.map { ", \($0)" } ?? "")")
        var rows = [[Double]]()
        // Per member (0 for one set) and value column, the dot columns where it misses a
        // value, and the x they span.
        var broken = [Double: [[(key: Double, from: Double, to: Double)]]]()
        for line in try fields(connection, sql, shouldCancel: shouldCancel)
        where line.count == picks.count + (grouped == nil ? 0 : 1) {
            let ends = [Self.row(line[0], shape), Self.row(line[1], shape)].filter {
                !$0.isEmpty
            }
            rows += ends
            let key = PickKey(line, grouped: grouped != nil, picks: picks.count)
            let count = counted?[key]?[0] ?? Int(String(decoding: line[2], as: UTF8.self)) ?? 0
            for v in shape.values.indices {
                let at = starts[v]
                rows += Self.beyondRows(line[(at + 3)..<starts[v + 1]], shape)
                let missing =
                    counted?[key]?[1 + v] ?? Int(String(decoding: line[at], as: UTF8.self)) ?? 0
                if missing > 0, let a = ends.first?[shape.x], let b = ends.last?[shape.x] {
                    broken[key.group, default: Array(repeating: [], count: shape.values.count)][v]
                        .append((key.bucket, a, b))
                }
                // A dot column where the column has no drawn value picks nothing: argMinIf
                // gives a tuple of zeros then, which is not a row.
                if missing < count {
                    rows += [Self.row(line[at + 1], shape), Self.row(line[at + 2], shape)]
                }
            }
        }
        for (group, columns) in broken {
            // A member's runs are its own rows'.
            let set = family?.members.first { $0.code == group }?.set
            let own = set.map(shape.keeping) ?? shape
            for (v, columns) in columns.enumerated() where !columns.isEmpty {
                rows += try segmented(
                    connection, own, request, column: shape.values[v], columns, origin: origin,
                    shouldCancel: shouldCancel)
            }
        }
        return rows.filter { !$0.isEmpty }
    }

    /// A dot column of one set's M4 question, or of one member's of a family's: its bucket
    /// (the M4 picks' fourth field) and the member's code (the last field; 0 for one set).
    struct PickKey: Hashable {
        var bucket: Double
        var group: Double

        init(_ line: [[UInt8]], grouped: Bool, picks: Int) {
            bucket = ClickHouseRemote.number(line[3])
            group = grouped && line.count > picks ? ClickHouseRemote.number(line[picks]) : 0
        }
    }

    /// The dot columns where column `c` misses a value, again: each dot column's rows in x
    /// order, numbered by run — a stretch of rows missing `c` and the rows holding it up to
    /// the next such stretch — and each run's first and last row (the first is the stretch's
    /// first, so the line breaks exactly there), its first and last row holding `c`, and
    /// its rows with the lowest and highest dot of `c`. This engine version has no window
    /// functions: the runs are numbered over the dot column's rows as an array.
    func segmented(
        _ connection: ClickHouseConnection, _ shape: Shape, _ request: RemoteRequest, column c: Int,
        _ columns: [(key: Double, from: Double, to: Double)], origin: Double?,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [[Double]] {
        // The x range they span (which the table's sorting key serves), and exactly those
        // dot columns: a set, not a condition per column (whose analysis alone costs the
        // engine more than the scan).
        let keys = columns.map { dialect.real($0.key) }.joined(separator: ", ")
        let within = """
            chartbook_x >= \(dialect.real(columns.map(\.from).min() ?? 0)) \
            AND chartbook_x <= \(dialect.real(columns.map(\.to).max() ?? 0)) \
            AND \(bucket(request)) IN (\(keys))
            """
        let present = Self.drawn(c, log: request.logY)
        // Column c again from the row, as a drawing reads it (±∞ missing).
        let field = "chartbook_r.\(c + 2)"
        let unpacked =
            shape.mayHoldInfinities(c) ? "if(isFinite(\(field)), \(field), NULL)" : field
        let picks =
            [
                "argMin(chartbook_r, chartbook_x)", "argMax(chartbook_r, chartbook_x)",
                "countIf(chartbook_p)", "argMinIf(chartbook_r, chartbook_x, chartbook_p)",
                "argMaxIf(chartbook_r, chartbook_x, chartbook_p)",
            ]
            + valuePicks(
                shape, c, dots: request.yDots[shape.shown[c]], log: request.logY,
                origin: origin, row: "chartbook_r")
        let beyond = beyondPicks(
            c, dots: request.yDots[shape.shown[c]], log: request.logY, row: "chartbook_r")
        let runs = select(
            [
                "\(bucket(request)) AS chartbook_k",
                "arraySort(e -> e.1, groupArray(tuple(chartbook_x, \(present), \(shape.row)))) AS chartbook_s",
                "arrayMap(e -> e.2, chartbook_s) AS chartbook_ps",
                """
                arrayCumSum(arrayMap((p, q) -> (NOT p) AND q, chartbook_ps, \
                arrayPopBack(arrayPushFront(chartbook_ps, 1)))) AS chartbook_runs
                """,
            ], of: shape, where: within, "GROUP BY chartbook_k")
        let sql = """
            SELECT \((picks + beyond).joined(separator: ", ")) FROM (\
            SELECT chartbook_k, chartbook_e.1 AS chartbook_x, chartbook_e.2 AS chartbook_p, \
            chartbook_e.3 AS chartbook_r, \(unpacked) AS chartbook_c\(c), chartbook_run \
            FROM (\(runs)) \
            ARRAY JOIN chartbook_s AS chartbook_e, chartbook_runs AS chartbook_run) \
            GROUP BY chartbook_k, chartbook_run
            """
        var rows = [[Double]]()
        for line in try fields(connection, sql, shouldCancel: shouldCancel)
        where line.count == picks.count + beyond.count {
            rows += [Self.row(line[0], shape), Self.row(line[1], shape)]
            if Self.number(line[2]) > 0 {
                rows += (3..<picks.count).map { Self.row(line[$0], shape) }
            }
            rows += Self.beyondRows(line[picks.count...], shape)
        }
        return rows.filter { !$0.isEmpty }
    }

    /// `chartbook_x` within the request's interval (of log10(x) on a log x scale).
    func within(_ request: RemoteRequest) -> String {
        let x = x(log: request.logX)
        return "\(x) >= \(dialect.real(request.interval.lowerBound)) "
            + "AND \(x) <= \(dialect.real(request.interval.upperBound))"
    }

    /// x as the layout places it: log10 of it on a log x scale.
    func x(log: Bool) -> String {
        ScaleTransform.sql("chartbook_x", log: log, log10Function: dialect.log10Function)
    }

    /// Whether column `c` of a row is drawn: it has a value — above zero on a log scale.
    static func drawn(_ c: Int, log: Bool) -> String {
        log ? "ifNull(chartbook_c\(c) > 0, 0)" : "chartbook_c\(c) IS NOT NULL"
    }

    /// The rows with column `c`'s lowest and highest dot row (`dots`, as in
    /// `RemoteRequest.yDots`, of log10 of the value on a log scale), the earliest of each;
    /// the rows with its lowest and highest value when `dots` is nil. The order is by dot
    /// row, then by x: a pair, or — where `origin` is given — one number that orders the
    /// same, exactly (`keyOrigin`), which this engine compares three times faster.
    /// With `keysOnly`, the keys themselves (`min(key)`, not `argMin(row, key)`).
    func valuePicks(
        _ shape: Shape, _ c: Int, dots: [Double]?, log: Bool, origin: Double? = nil,
        row: String? = nil, keysOnly: Bool = false
    ) -> [String] {
        let row = row ?? shape.row
        let v = "chartbook_c\(c)"
        // argMinIf(row, key, condition), or argMin(row, key) where every row is drawn.
        let always = shape.drawsEveryRow(c, log: log) && row == shape.row
        func pick(_ function: String, _ key: String) -> String {
            let name = keysOnly ? String(function.dropFirst(3)).lowercased() : function
            let arguments = keysOnly ? key : "\(row), \(key)"
            return always
                ? "\(name)(\(arguments))"
                : "\(name)If(\(arguments), \(Self.drawn(c, log: log)))"
        }
        guard let y = dots, y.count == 3 || y.count == 5 else {
            return [
                pick("argMin", "tuple(\(v), chartbook_x)"),
                pick("argMax", "tuple(\(v), -chartbook_x)"),
            ]
        }
        let (upper, scale, limit) = (
            dialect.real(y[0]), dialect.real(y[1]), dialect.real(y[2])
        )
        let value = ScaleTransform.sql(v, log: log, log10Function: dialect.log10Function)
        let dot =
            "floor(least(greatest((\(upper) - \(value)) * \(scale), -\(limit)), \(limit)) + 0.5)"
        if let origin, abs(y[2]) < Self.keyDotLimit {
            let offset = "(chartbook_x - \(dialect.real(origin)))"
            return [
                pick("argMin", "\(dot) * \(Self.keyScale) + \(offset)"),
                pick("argMax", "\(dot) * \(Self.keyScale) - \(offset)"),
            ]
        }
        return [
            pick("argMin", "tuple(\(dot), chartbook_x)"),
            pick("argMax", "tuple(\(dot), -chartbook_x)"),
        ]
    }

    /// On a fixed range (`yDots` of five): per bound, how many drawn rows lie beyond it and
    /// the first of them — what the layout's clip marks are made of (a value just beyond
    /// the range may share its dot row with values inside, so the dot rows' picks miss it).
    /// With `keysOnly`, the x of the first (`minIf(x, …)`), not its row.
    func beyondPicks(
        _ c: Int, dots: [Double]?, log: Bool, row: String, keysOnly: Bool = false
    ) -> [String] {
        guard let y = dots, y.count == 5 else { return [] }
        let v = "chartbook_c\(c)"
        let value = ScaleTransform.sql(v, log: log, log10Function: dialect.log10Function)
        return [("<", y[3]), (">", y[4])].flatMap { op, bound in
            let beyond =
                "ifNull(\(value) \(op) \(dialect.real(bound)) AND \(Self.drawn(c, log: log)), 0)"
            return [
                "countIf(\(beyond))",
                keysOnly
                    ? "minIf(chartbook_x, \(beyond))" : "argMinIf(\(row), chartbook_x, \(beyond))",
            ]
        }
    }

    /// The aggregates of an M4 question, per dot column: the first and last row (with
    /// `keysOnly`, their x), the rows (1 where no column misses a value), the bucket; then per value column — from `starts`
    /// (one more at the end) — its missing values, its two dot-row picks and its picks beyond
    /// a fixed range (none, or four), as rows or (`keysOnly`) as keys and x.
    func m4Picks(_ shape: Shape, _ request: RemoteRequest, origin: Double?, keysOnly: Bool)
        -> (picks: [String], starts: [Int])
    {
        var picks =
            keysOnly
            ? ["min(chartbook_x)", "max(chartbook_x)"]
            : ["argMin(\(shape.row), chartbook_x)", "argMax(\(shape.row), chartbook_x)"]
        // The rows are counted only to be set against a column's missing values: where every
        // row draws every column there are none, and 1 stands for the count (a count costs
        // this engine 0.1 s of the 1.1 s of a first step on 10⁸ rows).
        let missesSome = !shape.values.allSatisfy {
            shape.drawsEveryRow($0, log: request.logY)
        }
        picks += [missesSome ? "count()" : "1", bucket(request)]
        var starts = [Int]()
        for c in shape.values {
            starts.append(picks.count)
            picks.append(
                shape.drawsEveryRow(c, log: request.logY)
                    ? "0" : "count() - countIf(\(Self.drawn(c, log: request.logY)))")
            let dots = request.yDots[shape.shown[c]]
            picks += valuePicks(
                shape, c, dots: dots, log: request.logY, origin: origin, keysOnly: keysOnly)
            picks += beyondPicks(
                c, dots: dots, log: request.logY, row: shape.row, keysOnly: keysOnly)
        }
        starts.append(picks.count)
        return (picks, starts)
    }

    /// The rows of `beyondPicks`' fields (a count, then its row, twice): those counted.
    static func beyondRows(_ fields: ArraySlice<[UInt8]>, _ shape: Shape) -> [[Double]] {
        stride(from: fields.startIndex, to: fields.endIndex - 1, by: 2).compactMap { i in
            number(fields[i]) > 0 ? row(fields[i + 1], shape) : nil
        }
    }

    /// 2^33 (`RemoteEngines.pickPlace`): a dot row times this, plus an x offset below it,
    /// orders by dot row, then x.
    static let keyScale = String(Int(RemoteEngines.pickPlace))
    /// Dot rows up to 2^19 in size keep `dot · 2^33 ± offset` below 2^53, where every integer
    /// is a double.
    static let keyDotLimit = 524_288.0

    /// Where x offsets start when the (dot row, x) order can be one exact number: x holds
    /// whole seconds (DateTime, or Date as days × 86 400) and all the data spans less than
    /// 2^33 of them, so `x − origin` is an integer in [0, 2^33). Nil otherwise (numbers,
    /// sub-second times).
    static func keyOrigin(_ shape: Shape, _ extent: ClosedRange<Double>?) -> Double? {
        guard let extent, shape.kinds[shape.x] == .instant || shape.kinds[shape.x] == .wallClock,
            extent.upperBound - extent.lowerBound < 8_589_934_592
        else { return nil }
        return extent.lowerBound
    }

    /// The dot column of a row, as the layout computes it (`XMapping.round`).
    func bucket(_ request: RemoteRequest) -> String {
        let x = x(log: request.logX)
        return
            "floor((\(dialect.real(request.offset)) + \(dialect.real(request.scale)) * \(x)) + 0.5)"
    }
}
