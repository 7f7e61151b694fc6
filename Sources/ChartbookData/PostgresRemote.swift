import ChartbookModel

/// A query kept in a PostgreSQL server (`mode=remote`): what is learnt of it once (columns,
/// the engine's row estimate, the first and last row by x, the rows of each column's
/// extremes), and per drawing the M4 rows of
/// the visible interval (Jugel et al., VLDB 2014): in every dot column the row with the
/// first x, the last x, and the lowest and highest value of each column. Drawing those rows
/// sets exactly the dots drawing every row would; at most 2 + 2·columns rows per dot column
/// cross the wire. Dot columns are computed by the engine with the layout's own formula
/// (`RemoteRequest`), in the same floating-point operations, so the buckets are the
/// terminal's columns. A dot column that holds a missing value comes as runs (the rows
/// between missing values), so that the line breaks exactly where it would.
public struct PostgresRemote: Sendable {
    public var url: String
    public var query: String
    /// Seconds one statement may take (`timeout=` of load); nil: no limit.
    public var statementTimeout: Double?

    public init(
        url: String, query: String, statementTimeout: Double? = PostgresReader.defaultTimeout
    ) {
        self.url = url
        self.query = query
        self.statementTimeout = statementTimeout
    }

    /// The remote side of a PostgreSQL query dataset: its server, query and statement limit.
    public init(_ query: DatabaseQuery) {
        self.init(
            url: query.location, query: query.sql, statementTimeout: query.options.timeout.seconds)
    }

    func connect(_ shouldCancel: () -> Bool) throws(DatabaseFailure) -> PostgresConnection {
        try PostgresReader.open(url, statementTimeout: statementTimeout, shouldCancel: shouldCancel)
    }

    /// The numeric and time columns of the query's result, by name, with how each reads.
    struct Shape: Sendable {
        /// Exactly as the engine names them (what SQL quotes).
        var names: [String]
        /// As the session shows them (sanitised; what requests and datasets name).
        var shown: [String]
        var kinds: [PostgresColumn.Kind]
        var x: Int
        /// The query's columns of other kinds (text …), as the session shows them: left out.
        var leftOut: [String] = []

        /// The shape `table` was opened with (no need to ask the engine again).
        init(_ table: RemoteTable) {
            names = table.engineNames
            shown = table.columns
            kinds = shown.map {
                table.wallClockColumns.contains($0)
                    ? .wallClock : table.timeColumns.contains($0) ? .instant : .number
            }
            x = shown.firstIndex(of: table.xColumn) ?? 0
        }

        init(names: [String], kinds: [PostgresColumn.Kind], x: Int) {
            self.names = names
            self.shown = names.map(TextMetrics.sanitized)
            self.kinds = kinds
            self.x = x
        }

        /// `c0, c1, …`: every column, as `selectRows` names them.
        var list: String { names.indices.map { "c\($0)" }.joined(separator: ", ") }
        /// The indices of the columns other than x.
        var values: [Int] { names.indices.filter { $0 != x } }
    }

    // MARK: - Opening

    /// Learns the query's columns, its estimated size and its first and last row by `xColumn`
    /// (nil: the first time column). Text columns are left out (a remote dataset draws).
    public func open(
        xColumn: String?, timeZone: TimeZoneSetting, estimate known: Int? = nil,
        shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> RemoteTable {
        let connection = try connect(shouldCancel)
        let shape = try self.shape(connection, xColumn: xColumn, shouldCancel: shouldCancel)
        if shape.kinds.contains(.wallClock), timeZone != .utc {
            throw .notRemote(
                "mode=remote reads timestamp and date columns as UTC; with another zone, "
                    + "convert them in the query (AT TIME ZONE) or use mode=local")
        }
        var estimate = known ?? 0
        if known == nil { estimate = try estimatedRows(connection, shouldCancel: shouldCancel) }
        let ends = try fetchRows(
            connection, shape,
            sql: around(shape, below: "TRUE", above: "TRUE", lowestFirst: true),
            shouldCancel: shouldCancel)
        guard ends.count == 2 else { throw .data(.empty) }
        let extremes = try self.extremes(connection, shape, shouldCancel: shouldCancel)
        func named(_ kinds: Set<PostgresColumn.Kind>) -> Set<String> {
            Set(
                shape.shown.indices.filter { kinds.contains(shape.kinds[$0]) }.map {
                    shape.shown[$0]
                })
        }
        var table = RemoteTable(
            xColumn: shape.shown[shape.x], columns: shape.shown, engineNames: shape.names,
            timeColumns: named([.instant, .wallClock]), wallClockColumns: named([.wallClock]),
            estimatedRows: estimate, firstRow: ends[0], lastRow: ends[1])
        table.extremes = extremes.rows
        table.nonPositive = extremes.nonPositive
        table.leftOut = shape.leftOut
        return table
    }

    /// The engine's estimate of the query's rows (its planner's, from EXPLAIN: no scan).
    public func estimatedRows(shouldCancel: @escaping () -> Bool) throws(DatabaseFailure) -> Int {
        let connection = try connect(shouldCancel)
        return try estimatedRows(connection, shouldCancel: shouldCancel)
    }

    func estimatedRows(_ connection: PostgresConnection, shouldCancel: () -> Bool)
        throws(DatabaseFailure) -> Int
    {
        let prefix = "EXPLAIN (FORMAT JSON) "
        let plan: PostgresResult
        do {
            plan = try connection.execute(
                prefix + PostgresReader.statement(query), shouldCancel: shouldCancel)
        } catch { throw PostgresReader.shifted(error, by: prefix.count) }
        guard plan.rows > 0 else { return 0 }
        let text = String(decoding: plan.bytes(0, 0), as: UTF8.self)
        guard let key = text.range(of: "\"Plan Rows\": ") else { return 0 }
        return Int(text[key.upperBound...].prefix { $0.isNumber }) ?? 0
    }

    private func shape(
        _ connection: PostgresConnection, xColumn: String?, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> Shape {
        let prefix = "SELECT * FROM ("
        let empty: PostgresResult
        do {
            empty = try connection.execute(
                prefix + PostgresReader.statement(query) + ") AS chartbook_q LIMIT 0",
                shouldCancel: shouldCancel)
        } catch { throw PostgresReader.shifted(error, by: prefix.count) }
        var names = [String](), kinds = [PostgresColumn.Kind](), leftOut = [String]()
        for i in 0..<empty.columns {
            let kind = PostgresColumn.Kind(oid: empty.type(i))
            guard kind != .other else {
                leftOut.append(TextMetrics.sanitized(empty.name(i)))
                continue
            }
            // The name goes back into SQL: it must be exactly the engine's (valid UTF-8) and
            // quotable (no NUL).
            guard let name = empty.exactName(i), SQLQuoting.canQuote(name) else {
                throw .notRemote(
                    "column \(i + 1)'s name is not valid UTF-8 text; name it with AS in the "
                        + "query, or use mode=local")
            }
            names.append(name)
            kinds.append(kind)
        }
        let all = (0..<empty.columns).map(empty.name)
        let x: Int?
        if let xColumn {
            // Matched as the session names columns (sanitised), as x= of a loaded query is.
            guard let found = Column.index(of: xColumn, in: names.map(TextMetrics.sanitized))
            else {
                throw .data(.unknownLabelColumn(xColumn, available: all))
            }
            x = found
        } else {
            x = kinds.firstIndex(where: \.isTime)
        }
        guard let x else {
            throw .notRemote("mode=remote needs x=COLUMN: a time or number column to draw along")
        }
        guard names.count > 1 else { throw .data(.noNumericColumn(names: all)) }
        var shape = Shape(names: names, kinds: kinds, x: x)
        shape.leftOut = leftOut
        return shape
    }

    // MARK: - Per drawing

    /// What one drawing received: the rows by x (every column of `table.columns`), and how
    /// many rows crossed the wire.
    public struct Rows: Sendable {
        public var columns: [Column]
        public var received: Int
    }

    /// The M4 rows of `request` for `table`, with the rows just outside the interval (a line
    /// runs on to the edge) and the rows known of all the data (`RemoteTable.rows(with:)`).
    public func fetch(
        _ table: RemoteTable, _ request: RemoteRequest, shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> Rows {
        let connection = try connect(shouldCancel)
        let shape = Shape(table)
        // A drawing of every row (the first, `view all`) tests no range per row.
        let whole =
            table.extent.map {
                request.interval.contains($0.lowerBound) && request.interval.contains($0.upperBound)
            } ?? false
        let rows = try m4(connection, shape, request, whole: whole, shouldCancel: shouldCancel)
        return Rows(columns: table.columns(of: table.rows(with: rows)), received: rows.count)
    }

    /// The rows with each column's lowest and highest value in all the data, as
    /// `min(ARRAY[c, c0, c1, …])` and `max(…)` would pick them (ties: the least, or the
    /// greatest, row by all its columns) — without building an array per row, which costs the
    /// engine five times a plain aggregate: one scan of `min`/`max` per column (parallel),
    /// then one scan whose aggregates build arrays only of the rows holding an extreme.
    private func extremes(
        _ connection: PostgresConnection, _ shape: Shape, shouldCancel: () -> Bool
    )
        throws(DatabaseFailure) -> (rows: [[Double]], nonPositive: [String: Int])
    {
        let source = "(\(selectRows(shape))) AS chartbook_r"
        // Per column: its lowest and highest value, its lowest above zero (a log scale's
        // end), and how many values are zero or less (what a log scale leaves out).
        let bounds = try connection.execute(
            "SELECT \(shape.values.map { "min(c\($0)), max(c\($0)), min(c\($0)) FILTER (WHERE c\($0) > 0), count(*) FILTER (WHERE c\($0) <= 0)" }.joined(separator: ", ")) FROM \(source)",
            shouldCancel: shouldCancel)
        guard bounds.rows == 1 else { return ([], [:]) }
        var picks = [String]()
        var nonPositive = [String: Int]()
        for (i, c) in shape.values.enumerated() {
            for (k, pick) in [(4 * i, "min"), (4 * i + 1, "max"), (4 * i + 2, "min")]
            where !bounds.isNull(0, k) {
                let text = bounds.bytes(0, k)
                guard let value = NumberParser.parse(text, 0, text.count) else { continue }
                picks.append(
                    "\(pick)(ARRAY[\(shape.list)]) FILTER (WHERE c\(c) = \(Self.literal(value)))")
            }
            let count = bounds.bytes(0, 4 * i + 3)
            nonPositive[shape.shown[c]] = Int(String(decoding: count, as: UTF8.self)) ?? 0
        }
        guard !picks.isEmpty else { return ([], nonPositive) }
        let rows = try connection.execute(
            "SELECT \(picks.joined(separator: ", ")) FROM \(source)", shouldCancel: shouldCancel)
        return (rows.rows == 1 ? Self.rows(rows, r: 0, shape) : [], nonPositive)
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

    private func m4(
        _ connection: PostgresConnection, _ shape: Shape, _ request: RemoteRequest, whole: Bool,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [[Double]] {
        let lo = Self.literal(request.interval.lowerBound)
        let hi = Self.literal(request.interval.upperBound)
        // Every row with an x is inside when the interval holds the first and last.
        let inside =
            whole
            ? "\(value(shape, shape.x)) IS NOT NULL"
            : "\(rangeCondition(shape, ">=", lo)) AND \(rangeCondition(shape, "<=", hi))"
        let picks =
            ["min(ARRAY[x, \(shape.list)])", "max(ARRAY[x, \(shape.list)])"]
            + shape.values.flatMap {
                valuePicks(shape, $0, dots: request.yDots[shape.shown[$0]], log: request.logY)
            }
        // A value a drawing leaves out breaks its line: missing, or ≤ 0 on a log scale.
        let missing = shape.values.map {
            "count(*) - count(*) FILTER (WHERE \(Self.drawn($0, log: request.logY)))"
        }
        let sql = """
            SELECT \(picks.joined(separator: ", ")), \(missing.joined(separator: ", ")) \
            FROM (\(selectRows(shape)) WHERE \(inside)) AS chartbook_r \
            GROUP BY \(bucket(request))
            """
        let result = try connection.execute(sql, shouldCancel: shouldCancel)
        var rows = [[Double]]()
        // Per value column, the x spans of the dot columns where it misses a value.
        var broken = [[(Double, Double)]](repeating: [], count: shape.values.count)
        let arrays = result.columns - shape.values.count
        for r in 0..<result.rows {
            let bucket = Self.rows(result, r: r, shape, arrays: 0..<arrays)
            let xs = bucket.map { $0[shape.x] }
            for v in broken.indices {
                let count = Int(String(decoding: result.bytes(r, arrays + v), as: UTF8.self)) ?? 0
                if count > 0, let a = xs.min(), let b = xs.max() { broken[v].append((a, b)) }
            }
            rows += bucket
        }
        for (v, ranges) in broken.enumerated() where !ranges.isEmpty {
            rows += try segmented(
                connection, shape, request, column: shape.values[v], ranges,
                shouldCancel: shouldCancel)
        }
        // The neighbours just outside the interval (a line runs on to the edge).
        rows += try fetchRows(
            connection, shape,
            sql: around(
                shape, below: rangeCondition(shape, "<", lo), above: rangeCondition(shape, ">", hi)),
            shouldCancel: shouldCancel)
        if let selected = request.selected, selected.isFinite {
            // The readout's rows: the nearest on either side of the selected x.
            let v = Self.literal(selected)
            rows += try fetchRows(
                connection, shape,
                sql: around(
                    shape, below: rangeCondition(shape, "<=", v),
                    above: rangeCondition(shape, ">=", v)),
                shouldCancel: shouldCancel)
        }
        return rows
    }

    /// Two rows: the last by x where `below` holds and the first where `above` holds (the
    /// first and last of all with `lowestFirst`, both conditions TRUE).
    private func around(_ shape: Shape, below: String, above: String, lowestFirst: Bool = false)
        -> String
    {
        let last = "(\(selectRows(shape)) WHERE \(below) ORDER BY \(rawX(shape)) DESC LIMIT 1)"
        let first = "(\(selectRows(shape)) WHERE \(above) ORDER BY \(rawX(shape)) LIMIT 1)"
        return lowestFirst ? "\(first) UNION ALL \(last)" : "\(last) UNION ALL \(first)"
    }

    /// The dot columns where column `c` misses a value, again: grouped by dot column and by
    /// run — a stretch of rows missing `c` and the rows holding it up to the next such stretch,
    /// numbered in x order — keeping each run's first and last row (the first is the stretch's
    /// first, so the line breaks exactly there) and its first, last, lowest and highest row of
    /// `c`. A stretch of missing values costs a run, however long it is.
    private func segmented(
        _ connection: PostgresConnection, _ shape: Shape, _ request: RemoteRequest, column c: Int,
        _ ranges: [(Double, Double)], shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [[Double]] {
        let within = ranges.map { a, b in
            "(\(rangeCondition(shape, ">=", Self.literal(a))) AND \(rangeCondition(shape, "<=", Self.literal(b))))"
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

    /// Whether column `c` of a row is drawn: it has a value — above zero on a log scale.
    static func drawn(_ c: Int, log: Bool) -> String {
        log ? "COALESCE(c\(c) > 0, FALSE)" : "c\(c) IS NOT NULL"
    }

    /// The rows with column `c`'s lowest and highest dot row (`dots`, as in
    /// `RemoteRequest.yDots`, of log10 of the value on a log scale), the earliest of each
    /// (the layout's reducer keeps those); the rows with its lowest and highest value when
    /// `dots` is nil.
    private func valuePicks(_ shape: Shape, _ c: Int, dots: [Double]?, log: Bool) -> [String] {
        let all = shape.list
        let present = "FILTER (WHERE \(Self.drawn(c, log: log)))"
        guard let y = dots, y.count == 3 else {
            return ["min(ARRAY[c\(c), \(all)]) \(present)", "max(ARRAY[c\(c), \(all)]) \(present)"]
        }
        let (upper, scale, limit) = (Self.literal(y[0]), Self.literal(y[1]), Self.literal(y[2]))
        // PostgreSQL's log() is log10, as the layout's.
        let value = log ? "log(c\(c))" : "c\(c)"
        let dot =
            "floor(least(greatest((\(upper) - \(value)) * \(scale), -\(limit)), \(limit)) + 0.5)"
        return [
            "min(ARRAY[\(dot), x, \(all)]) \(present)", "max(ARRAY[\(dot), -x, \(all)]) \(present)",
        ]
    }

    /// The dot column of a row, as the layout computes it (`XMapping.round`).
    private func bucket(_ request: RemoteRequest) -> String {
        "floor((\(Self.literal(request.offset)) + \(Self.literal(request.scale)) * x) + 0.5)"
    }

    // MARK: - SQL

    /// The query's rows as float8 columns: `x`, then `c0, c1, …` (times as epoch seconds;
    /// NaN and infinities as null, as a drawing reads them — or, `asLoaded`, infinite numbers
    /// kept, as the loading path reads them for a table or a file).
    func selectRows(_ shape: Shape, asLoaded: Bool = false) -> String {
        let columns = shape.names.indices.map {
            "\(value(shape, $0, keepingInfinities: asLoaded)) AS c\($0)"
        }
        return "SELECT \(value(shape, shape.x)) AS x, \(columns.joined(separator: ", ")) "
            + "FROM (\(PostgresReader.statement(query))) AS chartbook_q"
    }

    /// Column `c` as float8, read exactly as the loading path reads its text — infinite
    /// numbers as null unless `keepingInfinities` (a chart cannot place them).
    func value(_ shape: Shape, _ c: Int, keepingInfinities: Bool = false) -> String {
        let name = SQLQuoting.identifier(shape.names[c])
        switch shape.kinds[c] {
        case .instant, .wallClock:
            return
                "NULLIF(NULLIF(date_part('epoch', \(name)::timestamp\(shape.kinds[c] == .instant ? "tz" : "")), 'Infinity'), '-Infinity')"
        default:
            return keepingInfinities
                ? "NULLIF(\(name)::float8, 'NaN')"
                : "NULLIF(NULLIF(NULLIF(\(name)::float8, 'NaN'), 'Infinity'), '-Infinity')"
        }
    }

    /// The raw x column (what an index on it orders).
    private func rawX(_ shape: Shape) -> String { SQLQuoting.identifier(shape.names[shape.x]) }

    /// `x OP bound` written on the raw column, so that an index on it serves the range, and
    /// checked exactly on the float8 value.
    private func rangeCondition(_ shape: Shape, _ op: String, _ bound: String) -> String {
        let raw = rawX(shape)
        switch shape.kinds[shape.x] {
        case .instant:
            let widened = op.hasPrefix(">") ? "- interval '1 ms'" : "+ interval '1 ms'"
            return
                "(\(raw) \(op.prefix(1))= to_timestamp(\(bound)) \(widened) AND \(value(shape, shape.x)) \(op) \(bound))"
        default:
            return "(\(value(shape, shape.x)) \(op) \(bound))"
        }
    }

    func fetchRows(
        _ connection: PostgresConnection, _ shape: Shape, sql: String, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [[Double]] {
        let result = try connection.execute(sql, shouldCancel: shouldCancel)
        return (0..<result.rows).map { r in
            shape.names.indices.map { c in
                result.isNull(r, c + 1)
                    ? .nan
                    : NumberParser.parse(result.bytes(r, c + 1), 0, result.bytes(r, c + 1).count)
                        ?? .nan
            }
        }
    }

    /// `{1.5,NULL,3}` → [1.5, nan, 3].
    static func floats(_ bytes: UnsafeBufferPointer<UInt8>) -> [Double] {
        var values = [Double]()
        var start = 1
        for i in 1..<max(bytes.count, 1) where bytes[i] == 44 || bytes[i] == 125 {
            values.append(NumberParser.parse(bytes, start, i) ?? .nan)
            start = i + 1
        }
        return values
    }

    /// A double as SQL text that reads back as the same double (shortest round trip).
    static func literal(_ value: Double) -> String {
        value.isFinite ? "'\(value)'::float8" : "'NaN'::float8"
    }
}
