import ChartbookModel

/// A query kept in a ClickHouse server (`mode=remote`, issue 28): the same M4 drawing as
/// `PostgresRemote` — per dot column of the visible x interval the first, last, lowest and
/// highest row, bucketed by the layout's own formula — written for ClickHouse, where the
/// aggregates `argMin`/`argMax` pick a whole row in one scan (one `GROUP BY` pass; no
/// array per row as PostgreSQL needs). A table spread over shards behind a `Distributed`
/// table is answered by every shard and merged by the server: the rows are the same.
///
/// This file: opening a query (its columns; its bounds, the rows at them and the rows
/// sharing an x — three scans), and the SQL every question shares; the drawings' questions
/// are in `ClickHouseRemote+M4`, what reads every row in `ClickHouseRemote+Rows`, the sets
/// of rows of `where=` and `by=` in `+RowSets`, reading the server's answers in `+Answers`.
extension RemoteShape where Kind == ClickHouseColumn.Kind {
    /// The whole row as one tuple (what `argMin` picks), as the loading path reads it:
    /// `(chartbook_c0, chartbook_l1, …)`.
    var row: String {
        "tuple(\(names.indices.map(loaded).joined(separator: ", ")))"
    }

    /// Column `c` as the loading path reads it: its drawing's value (`chartbook_c…`), or —
    /// for a number column that may hold ±∞, which a drawing reads as missing —
    /// `chartbook_l…`, which keeps them (a `where=` keeps a row by them).
    func loaded(_ c: Int) -> String {
        mayHoldInfinities(c) ? "chartbook_l\(c)" : "chartbook_c\(c)"
    }

    /// Whether column `c` is a number column not known to be complete.
    func mayHoldInfinities(_ c: Int) -> Bool {
        (kinds[c] == .number || kinds[c] == .other) && !complete.contains(c)
    }
}

public struct ClickHouseRemote: RemoteEngine {
    public var engine: DatabaseQuery.Engine { .clickhouse }
    public var url: String
    public var query: String
    /// Seconds one query may take (`timeout=` of load); nil: no limit.
    public var timeout: Double?

    public init(url: String, query: String, timeout: Double? = PostgresReader.defaultTimeout) {
        self.url = url
        self.query = query
        self.timeout = timeout
    }

    /// The remote side of a ClickHouse query dataset: its server, query and time limit.
    public init(_ query: DatabaseQuery) {
        self.init(url: query.location, query: query.sql, timeout: query.options.timeout.seconds)
    }

    func connect(_ settings: [(String, String)] = Self.settings) throws(DatabaseFailure)
        -> ClickHouseConnection
    {
        guard let location = ClickHouseLocation(url) else {
            throw .cannotOpen("not a clickhouse:// or clickhouses:// URL")
        }
        return ClickHouseConnection(location, timeout: timeout, settings: settings)
    }

    /// Conditions on the rows' x reach the query's own table (its sorting key serves a
    /// range): this version does not push them into a subquery unless asked. And a preview's
    /// questions go first: the engine pauses queries of a lower priority (a higher number)
    /// while one of a higher priority runs; queries without one (0) are not paused.
    static let settings = [pushdown, ("priority", "2")]

    /// What a preview's sample is asked with (`DatabaseQuery.isPreviewSample`).
    public static let previewSettings = [pushdown, ("priority", "1")]

    private static let pushdown = ("enable_optimize_predicate_expression", "1")

    /// The query's numeric and time columns, with how each reads.
    typealias Shape = RemoteShape<ClickHouseColumn.Kind>

    // MARK: - Opening

    public func estimatedRows(shouldCancel: @escaping () -> Bool) throws(DatabaseFailure) -> Int {
        // This engine plans no estimate without running (18.x has no EXPLAIN ESTIMATE); a
        // count of a table is read from its parts' metadata, of a query it is one scan.
        let connection = try connect()
        let prefix = "SELECT count() FROM (\n"
        let answer = try numbers(
            connection, prefix + PostgresReader.statement(query) + "\n)", prefixed: prefix.count,
            shouldCancel: shouldCancel)
        return Int(saturating: answer.first ?? 0)
    }

    public func open(
        xColumn: String?, timeZone: TimeZoneSetting, estimate: Int?,
        shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> RemoteTable {
        let connection = try connect()
        var shape = try self.shape(connection, xColumn: xColumn, shouldCancel: shouldCancel)
        if shape.kinds.contains(.wallClock), timeZone != .utc {
            throw .notRemote(
                "mode=remote reads Date columns as UTC days; with another zone, convert them "
                    + "in the query (toDateTime(d, 'Zone')) or use mode=local")
        }
        let summary = try self.summary(connection, &shape, shouldCancel: shouldCancel)
        guard let first = summary.first, let last = summary.last else {
            throw RemoteEngines.noRowWithX
        }
        var table = shape.table(
            estimatedRows: estimate ?? summary.count, firstRow: first, lastRow: last)
        table.extremes = summary.extremes
        table.nonPositive = summary.nonPositive
        table.rowCount = summary.count
        table.leftOut = shape.leftOut
        table.completeColumns = Set(shape.complete.map { shape.shown[$0] })
        table.mostRowsPerX = try mostRowsPerX(
            connection, shape, rows: summary.count, extent: table.extent,
            shouldCancel: shouldCancel)
        return table
    }

    func shape(
        _ connection: ClickHouseConnection, xColumn: String?, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> Shape {
        let reader = ClickHouseReader()
        let columns = try reader.shape(
            connection, PostgresReader.statement(query), shouldCancel: shouldCancel)
        try checkNamesApart(connection, shouldCancel: shouldCancel)
        var names = [String](), kinds = [ClickHouseColumn.Kind](), leftOut = [String]()
        var neverNull = Set<Int>()
        for column in columns {
            guard column.kind != .other else {
                leftOut.append(TextMetrics.sanitized(column.name))
                continue
            }
            // The transform compiler names columns in double quotes, PostgreSQL's way.
            guard !column.name.contains("\""), !column.name.contains("\\") else {
                throw .notRemote(
                    "column '\(TextMetrics.sanitized(column.name))' has a quote or a backslash "
                        + "in its name; rename it with AS, or use mode=local")
            }
            // Loading every row reads a Float32's text (0.1); this engine widens it to
            // 0.10000000149…, and its own reading of text is not exact (1 value in 6 of
            // its shortest digits reads back one unit off in the last place).
            guard !column.isSingle else {
                throw .notRemote(
                    "column '\(TextMetrics.sanitized(column.name))' is a Float32, whose values "
                        + "loading every row reads from their text; convert it in the query "
                        + "(toFloat64(…)) or use mode=local")
            }
            // The SQL asking for rows names its own values chartbook_…: a column of the
            // query with such a name would be shadowed by them.
            guard !column.name.lowercased().hasPrefix("chartbook_") else {
                throw .notRemote(
                    "column '\(TextMetrics.sanitized(column.name))' has a name chartbook uses "
                        + "for its own values; rename it with AS, or use mode=local")
            }
            if !column.isNullable { neverNull.insert(names.count) }
            names.append(column.name)
            kinds.append(column.kind)
        }
        let x = try RemoteEngines.xIndex(
            of: xColumn, in: names, time: kinds.map(\.isTime), all: columns.map(\.name))
        var shape = Shape(names: names, kinds: kinds, x: x)
        shape.leftOut = leftOut
        shape.neverNull = neverNull
        return shape
    }

    /// Refuses a query two of whose columns share a name: read as a subquery — as every
    /// question reads it — this engine keeps one of them (`SELECT t, v, v` gives t, v), where
    /// loading every row reads both. `DESC` of the query names them all; where it cannot
    /// describe the query, the query itself says what is wrong when it runs.
    private func checkNamesApart(_ connection: ClickHouseConnection, shouldCancel: () -> Bool)
        throws(DatabaseFailure)
    {
        guard
            let described = try? fields(
                connection, "DESC (\n\(PostgresReader.statement(query))\n)",
                shouldCancel: shouldCancel)
        else { return }
        var seen = Set<[UInt8]>()
        for line in described {
            guard let name = line.first, !seen.insert(name).inserted else { continue }
            throw .notRemote(
                "the query has two columns named '\(TextMetrics.sanitized(String(decoding: name, as: UTF8.self)))'; "
                    + "name them apart with AS, or use mode=local")
        }
    }

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
    private func mostRowsPerX(
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

    // MARK: - SQL

    /// The query's rows as Float64 columns: `chartbook_x`, then `chartbook_c0, …` (times as
    /// seconds since the epoch; NaN and infinities as NULL, as a drawing reads them).
    func selectRows(_ shape: Shape) -> String {
        let columns =
            shape.names.indices.map { "\(value(shape, $0)) AS chartbook_c\($0)" }
            + shape.names.indices.filter(shape.mayHoldInfinities).map {
                "\(loadedValue(shape, $0)) AS chartbook_l\($0)"
            }
        // And x as the query gives it (what a question may read instead; unread, it costs
        // nothing).
        let raw = "\(ClickHouseReader.quoted(shape.names[shape.x])) AS chartbook_t"
        return
            "SELECT \(value(shape, shape.x)) AS chartbook_x, \(columns.joined(separator: ", ")), "
            + "\(raw) FROM \(rows(shape))"
    }

    /// The query's rows, those `shape.filter` keeps, as a parenthesised query.
    func rows(_ shape: Shape) -> String {
        let all = "(\n\(PostgresReader.statement(query))\n)"
        let kept = shape.condition(Self.words) { loadedValue(shape, $0) }
        return kept.map { "(SELECT * FROM \(all) WHERE \($0))" } ?? all
    }

    /// Column `c` as a Float64 value read exactly as the loading path reads it: `value`,
    /// but ±∞ kept.
    func loadedValue(_ shape: Shape, _ c: Int) -> String {
        guard shape.mayHoldInfinities(c) else { return value(shape, c) }
        let number = "toFloat64(\(ClickHouseReader.quoted(shape.names[c])))"
        return "if(isNaN(\(number)), NULL, \(number))"
    }

    /// How a `where=` is written for this engine.
    static let words = RowFilter.SQLWords(falseValue: "0") { value in
        value.isFinite ? literal(value) : value < 0 ? "-inf" : "inf"
    }

    /// Column `c` as a Float64 value read exactly as the loading path reads its text.
    func value(_ shape: Shape, _ c: Int) -> String {
        let name = ClickHouseReader.quoted(shape.names[c])
        switch shape.kinds[c] {
        case .instant: return "toFloat64(toUnixTimestamp(\(name)))"
        case .instant64: return "(toFloat64(toUnixTimestamp64Milli(\(name))) / 1000)"
        // Day 0 is this engine's zero date, which the loading path reads as missing.
        case .wallClock:
            return "if(toInt64(\(name)) = 0, NULL, toFloat64(toInt64(\(name))) * 86400)"
        case .number, .other:
            // A complete column has nothing to test.
            if shape.complete.contains(c) { return "toFloat64(\(name))" }
            return "if(isFinite(toFloat64(\(name))), toFloat64(\(name)), NULL)"
        }
    }

    /// A double as SQL text that reads back as the same double: the shortest round trip
    /// (the server's parser reads it exactly; a subnormal, which it cannot read, as a
    /// product of normal numbers).
    static func literal(_ value: Double) -> String {
        guard value.isFinite else { return "nan" }
        if value != 0, abs(value) < Double.leastNormalMagnitude {
            let scaled = value * 0x1p100
            return "(\(scaled) / 1267650600228229401496703205376)"
        }
        return "\(value)"
    }
}
