import ChartbookModel
import Foundation

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
///
/// This file: opening a query and the SQL every question shares; the drawings' questions are
/// in `PostgresRemote+M4`, the transforms' and the other commands' in `+Transform`, the sets
/// of rows of `where=` and `by=` in `+RowSets`; every row is read through a server-side
/// cursor (`PostgresConnection.stream`) by what `SQLCompiler.rows` compiles.
public struct PostgresRemote: RemoteEngine {
    public var engine: DatabaseQuery.Engine { .postgres }
    public var url: String
    public var query: String
    /// Seconds one statement may take (`timeout=` of load); nil: no limit.
    public var statementTimeout: Double?
    /// The SQL every question is written in: PostgreSQL's own (a test gives another, to
    /// prove that the property tests catch a wrong statement).
    public var dialect: SQLDialect

    public init(
        url: String, query: String, statementTimeout: Double? = PostgresReader.defaultTimeout,
        dialect: SQLDialect = .postgres
    ) {
        self.url = url
        self.query = query
        self.statementTimeout = statementTimeout
        self.dialect = dialect
    }

    /// The remote side of a PostgreSQL query dataset: its server, query and statement limit,
    /// asked in `dialect`.
    public init(_ query: DatabaseQuery, dialect: SQLDialect = .postgres) {
        self.init(
            url: query.location, query: query.sql, statementTimeout: query.options.timeout.seconds,
            dialect: dialect)
    }

    func connect(_ shouldCancel: () -> Bool) throws(DatabaseFailure) -> PostgresConnection {
        try PostgresReader.open(url, statementTimeout: statementTimeout, shouldCancel: shouldCancel)
    }

    /// The numeric and time columns of the query's result, by name, with how each reads.
    typealias Shape = RemoteShape<PostgresColumn.Kind>

    // MARK: - Opening

    /// Learns the query's columns, its estimated size and its first and last row by `xColumn`
    /// (nil: the first time column). Text columns are left out (a remote dataset draws).
    public func open(
        xColumn: String?, timeZone: TimeZoneSetting, estimate known: Int? = nil,
        learnt: (ClosedRange<Double>) -> Void, shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> RemoteTable {
        let connection = try connect(shouldCancel)
        let (shape, xColumnFacts) = try describedShape(
            connection, xColumn: xColumn, shouldCancel: shouldCancel)
        let xType = xColumnFacts.type
        if shape.kinds.contains(.wallClock), timeZone != .utc {
            throw .notRemote(
                "mode=remote reads timestamp and date columns as UTC; with another zone, "
                    + "convert them in the query (AT TIME ZONE) or use mode=local")
        }
        // (One plan: the estimate, and whether rows can share an x.)
        let plan = try self.plan(connection, shouldCancel: shouldCancel)
        let estimate = known ?? Self.estimatedRows(of: plan)
        var table = shape.table(estimatedRows: estimate, firstRow: [], lastRow: [])
        table.textReadColumns = Set(shape.textRead.map { shape.shown[$0] })
        let ends = try self.ends(connection, table, .every, shouldCancel: shouldCancel)
        guard ends.count == 2 else { throw RemoteEngines.noRowWithX }
        if ends[0][shape.x] <= ends[1][shape.x] { learnt(ends[0][shape.x]...ends[1][shape.x]) }
        let extremes = try self.extremes(connection, shape, shouldCancel: shouldCancel)
        (table.firstRow, table.lastRow) = (ends[0], ends[1])
        table.extremes = extremes.rows
        table.completeColumns = Set(extremes.complete.map { shape.shown[$0] })
        table.nonPositive = extremes.nonPositive
        table.rowCount = extremes.count
        table.leftOut = shape.leftOut
        let xEnds = ends.map { $0[shape.x] }
        if Self.groupsRaw(xType, ends: xEnds) {
            // (Rows of a table read as they are, by a unique index on x, share none.)
            let unique = try xIsUnique(
                connection, xColumnFacts, plan: plan, shouldCancel: shouldCancel)
            table.mostRowsPerX =
                unique
                ? 1
                : try mostRowsPerX(
                    connection, shape, type: xType, ends: xEnds, shouldCancel: shouldCancel)
        }
        return table
    }

    /// Whether a row has an x (a finite one), tested on the raw column where its kind or
    /// type (`type`: its OID, when known) allows — 1.4 times faster on 10⁸ rows than
    /// converting every x: NULL, NaN and the infinities are what has no x.
    func hasX(_ shape: Shape, type: UInt32? = nil) -> String {
        let raw = rawX(shape)
        switch shape.kinds[shape.x] {
        case .instant, .wallClock:
            return "\(raw) IS NOT NULL AND \(raw) <> 'infinity' AND \(raw) <> '-infinity'"
        default:
            switch type {
            case 20, 21, 23, 26: return "\(raw) IS NOT NULL"
            case 700, 701:
                return
                    "\(raw) IS NOT NULL AND \(raw) <> 'NaN' AND \(raw) <> 'Infinity' AND \(raw) <> '-Infinity'"
            default: return "\(value(shape, shape.x)) IS NOT NULL"
            }
        }
    }

    /// The float8 SQL expression `x` (seconds for times) as a value of the raw x column's
    /// type (`type`: its OID; nil: `x` as it is, for a number), so that a comparison with
    /// the column is one its index serves. A timestamp's wall clock reads as UTC (a date
    /// column compares as its midnight).
    func rawValue(_ shape: Shape, type: UInt32? = nil, of x: String) -> String {
        switch shape.kinds[shape.x] {
        case .instant: return "to_timestamp(\(x))"
        case .wallClock: return "(to_timestamp(\(x)) AT TIME ZONE 'UTC')"
        default:
            switch type {
            case 20, 21, 23: return "ceil(\(x))::int8"
            case 26: return "ceil(\(x))::int8::oid"
            case 1700: return "\(x)::numeric"
            default: return x
            }
        }
    }

    /// The engine's estimate of the query's rows (its planner's, from EXPLAIN: no scan).
    public func estimatedRows(shouldCancel: @escaping () -> Bool) throws(DatabaseFailure) -> Int {
        let connection = try connect(shouldCancel)
        return try estimatedRows(connection, shouldCancel: shouldCancel)
    }

    func estimatedRows(_ connection: PostgresConnection, shouldCancel: () -> Bool)
        throws(DatabaseFailure) -> Int
    {
        Self.estimatedRows(of: try plan(connection, shouldCancel: shouldCancel))
    }

    /// The planner's plan of the query (EXPLAIN, no run): its top node, as the engine writes
    /// it in JSON (`Node Type`, `Plan Rows`, `Plans` …); nil when it cannot be read.
    func plan(_ connection: PostgresConnection, shouldCancel: () -> Bool)
        throws(DatabaseFailure) -> [String: Any]?
    {
        let prefix = "EXPLAIN (FORMAT JSON) "
        let plan: PostgresResult
        do {
            plan = try connection.execute(
                prefix + PostgresReader.statement(query), shouldCancel: shouldCancel)
        } catch { throw PostgresReader.shifted(error, by: prefix.count) }
        guard plan.rows > 0,
            let json = try? JSONSerialization.jsonObject(with: Data(plan.bytes(0, 0)))
        else { return nil }
        return (json as? [[String: Any]])?.first?["Plan"] as? [String: Any]
    }

    /// The rows a plan's top node estimates (0 when it says none).
    static func estimatedRows(of plan: [String: Any]?) -> Int {
        (plan?["Plan Rows"] as? NSNumber)?.intValue ?? 0
    }

    /// The query's shape, and the type (OID) of its x column.
    func shape(
        _ connection: PostgresConnection, xColumn: String?, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> (Shape, UInt32) {
        let (shape, x) = try describedShape(
            connection, xColumn: xColumn, shouldCancel: shouldCancel)
        return (shape, x.type)
    }

    /// What the server says of the x column: its type (OID), and the table column it reads
    /// as it is (nil: computed).
    struct XColumn {
        var type: UInt32
        var origin: (table: UInt32, column: Int)?
    }

    /// The query's shape, and what the server says of its x column.
    func describedShape(
        _ connection: PostgresConnection, xColumn: String?, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> (Shape, XColumn) {
        let prefix = "SELECT * FROM ("
        let empty: PostgresResult
        do {
            empty = try connection.execute(
                prefix + PostgresReader.statement(query) + ") AS chartbook_q LIMIT 0",
                shouldCancel: shouldCancel)
        } catch { throw PostgresReader.shifted(error, by: prefix.count) }
        var names = [String](), kinds = [PostgresColumn.Kind](), leftOut = [String]()
        var xColumns = [XColumn](), texts = [Int: [String]]()
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
            if kind == .text {
                guard
                    let values = try self.texts(
                        connection, column: name, shouldCancel: shouldCancel)
                else {
                    leftOut.append(TextMetrics.sanitized(name))
                    continue
                }
                texts[names.count] = values
            }
            names.append(name)
            kinds.append(kind)
            xColumns.append(XColumn(type: empty.type(i), origin: empty.origin(i)))
        }
        let x = try RemoteEngines.xIndex(
            of: xColumn, in: names, time: kinds.map(\.isTime), text: kinds.map { $0 == .text },
            all: (0..<empty.columns).map(empty.name))
        // A real is read through its text (0.1, as loading every row reads it); an x is
        // compared raw with bounds (the index serves them), which the text's values are not.
        if xColumns[x].type == Self.realType {
            throw .notRemote(
                "x column '\(TextMetrics.sanitized(names[x]))' is a real (float4), whose "
                    + "values loading every row reads from their text; cast it in the query "
                    + "(\(TextMetrics.sanitized(names[x]))::float8) or use mode=local")
        }
        var shape = Shape(names: names, kinds: kinds, x: x)
        shape.leftOut = leftOut
        shape.texts = texts
        shape.textRead = Set(names.indices.filter { xColumns[$0].type == Self.realType })
        return (shape, xColumns[x])
    }

    /// The type OID of `real` (float4).
    static let realType: UInt32 = 700

    // MARK: - SQL

    /// The query's rows as float8 columns: `x`, then `c0, c1, …` as the loading path reads
    /// them (times as epoch seconds, NaN as null, ±∞ kept) — the rows a drawing receives,
    /// so that a `where=` keeps of them what it keeps of loaded rows — then `d0, d1, …` as a
    /// drawing reads them (±∞ null too): what its dots, extremes and breaks are computed from.
    func selectRows(_ shape: Shape) -> String {
        var columns = shape.names.indices.map {
            "\(value(shape, $0, keepingInfinities: true)) AS c\($0)"
        }
        columns += shape.names.indices.map { "\(value(shape, $0)) AS d\($0)" }
        return "SELECT \(value(shape, shape.x)) AS x, \(columns.joined(separator: ", ")) "
            + "FROM \(rows(shape))"
    }

    /// The query's rows, those `shape.filter` keeps (its raw columns stay visible, for
    /// conditions an index on x can serve).
    func rows(_ shape: Shape) -> String {
        let all = "(\(PostgresReader.statement(query))) AS chartbook_q"
        guard
            let kept = shape.condition(
                dialect.words, value: { value(shape, $0, keepingInfinities: true) })
        else { return all }
        return "(SELECT * FROM \(all) WHERE \(kept)) AS chartbook_q"
    }

    /// Column `c` as float8, read exactly as the loading path reads its text — infinite
    /// numbers as null unless `keepingInfinities` (a chart cannot place them).
    func value(_ shape: Shape, _ c: Int, keepingInfinities: Bool = false) -> String {
        // A real's text (`RemoteShape.textRead`): its shortest digits, as the loading path
        // reads them ('0.1', where the cast gives 0.10000000149…).
        let name =
            shape.textRead.contains(c)
            ? "\(dialect.quoting.identifier(shape.names[c]))::text"
            : dialect.quoting.identifier(shape.names[c])
        // Its value's place among the column's values (`RemoteTexts`); NULL: missing.
        if shape.kinds[c] == .text {
            let texts = (shape.texts[c] ?? []).map(dialect.quoting.literal)
            return
                "(array_position(ARRAY[\(texts.joined(separator: ", "))]::text[], \(name)::text) - 1)::float8"
        }
        // A complete column has nothing to leave out (`RemoteShape.complete`).
        if shape.complete.contains(c) {
            return shape.kinds[c] == .number
                ? "\(name)::float8"
                : "date_part('epoch', \(name)::timestamp\(shape.kinds[c] == .instant ? "tz" : ""))"
        }
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

    /// The query's rows as `columns` (SQL expressions over its own columns, each named),
    /// listed twice over — the second time none (`UNION ALL … WHERE FALSE`): PostgreSQL then
    /// computes each of them once per row where a query above uses it several times (it
    /// copies an expression into each use of a plain subquery's column: three conversions of
    /// every x in a drawing), and knows nothing of the number of groups a query above makes
    /// of them (it took a column's distinct values, every row, and sorted all the rows to
    /// group them), so it groups by hashing, in parallel. `source`: the rows as a FROM item
    /// (default: `rows(shape)`, all of them).
    func onceEach(_ shape: Shape, _ columns: [String], from source: String? = nil) -> String {
        let branch = "SELECT \(columns.joined(separator: ", ")) FROM \(source ?? rows(shape))"
        return "(\(branch) UNION ALL \(branch) WHERE FALSE) AS chartbook_u"
    }

    /// The raw x column (what an index on it orders).
    func rawX(_ shape: Shape) -> String { dialect.quoting.identifier(shape.names[shape.x]) }

    /// What widens a bound on a `timestamptz` x's own column (`to_timestamp` of seconds may
    /// round a microsecond apart from the column's value), so that the column's condition
    /// keeps every row the exact test of the seconds keeps.
    static let instantSlack = "interval '1 ms'"

    /// `x OP bound` written on the raw column, so that an index on it serves the range, and
    /// checked exactly on the float8 value.
    func rangeCondition(_ shape: Shape, _ op: String, _ bound: String) -> String {
        let raw = rawX(shape)
        switch shape.kinds[shape.x] {
        case .instant:
            let widened = op.hasPrefix(">") ? "- \(Self.instantSlack)" : "+ \(Self.instantSlack)"
            return
                "(\(raw) \(op.prefix(1))= to_timestamp(\(bound)) \(widened) AND \(value(shape, shape.x)) \(op) \(bound))"
        default:
            return "(\(value(shape, shape.x)) \(op) \(bound))"
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
}
