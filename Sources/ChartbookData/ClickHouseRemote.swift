import ChartbookModel

/// A query kept in a ClickHouse server (`mode=remote`, issue 28): the same M4 drawing as
/// `PostgresRemote` — per dot column of the visible x interval the first, last, lowest and
/// highest row, bucketed by the layout's own formula — written for ClickHouse, where the
/// aggregates `argMin`/`argMax` pick a whole row in one scan (one `GROUP BY` pass; no
/// array per row as PostgreSQL needs). A table spread over shards behind a `Distributed`
/// table is answered by every shard and merged by the server: the rows are the same.
///
/// This file: opening a query (its columns, checked; what it learns of all the data is in
/// `ClickHouseRemote+Summary`), and the SQL every question shares; the drawings' questions
/// are in `ClickHouseRemote+M4`, what reads every row in `ClickHouseRemote+Rows`, the sets
/// of rows of `where=` and `by=` in `+RowSets`, reading the server's answers in `+Answers`.
extension RemoteShape where Kind == ClickHouseColumn.Kind {
    /// The whole row as one tuple (what `argMin` picks), as the loading path reads it:
    /// `(1, chartbook_c0, chartbook_l1, …)`, a missing value as NaN (which reads as missing
    /// too): this version corrupts a NULL inside a tuple that an aggregate's state carries
    /// from a shard of a `Distributed` table (it came back as 0 or another row's value, a
    /// different one each run), where a NaN travels intact. The leading 1 tells a row from
    /// the zeros an aggregate that picked none gives (`ClickHouseRemote.row`); column `c` is
    /// element `c + 2`.
    var row: String {
        let values = names.indices.map { "ifNull(\(loaded($0)), nan)" }
        return "tuple(1, \(values.joined(separator: ", ")))"
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
    /// The query as one table's rows, which questions read as the table itself (so that a
    /// `Distributed` table's shards answer them); nil: read as a subquery.
    public var tableQuery: ClickHouseTableQuery?
    /// The SQL every question is written in: ClickHouse's own (a test gives another, to
    /// prove that the property tests catch a wrong statement).
    public var dialect: SQLDialect

    public init(
        url: String, query: String, timeout: Double? = PostgresReader.defaultTimeout,
        dialect: SQLDialect = .clickhouse
    ) {
        self.url = url
        self.query = query
        self.timeout = timeout
        self.dialect = dialect
        tableQuery = ClickHouseTableQuery(query)
    }

    /// The remote side of a ClickHouse query dataset: its server, query and time limit,
    /// asked in `dialect`.
    public init(_ query: DatabaseQuery, dialect: SQLDialect = .clickhouse) {
        self.init(
            url: query.location, query: query.sql, timeout: query.options.timeout.seconds,
            dialect: dialect)
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

    /// How the SQL asking for rows begins the names of its own values (`chartbook_x` …),
    /// which no name of the query may share.
    static let ownNames = "chartbook_"

    /// The query's numeric and time columns, with how each reads.
    typealias Shape = RemoteShape<ClickHouseColumn.Kind>

    // MARK: - Opening

    public func estimatedRows(shouldCancel: @escaping () -> Bool) throws(DatabaseFailure) -> Int {
        // This engine plans no estimate without running (18.x has no EXPLAIN ESTIMATE); a
        // count of a table is read from its parts' metadata, of a query it is one scan.
        let connection = try connect()
        if let table = tableQuery,
            let counted = try? numbers(
                connection, "SELECT count() FROM \(table.relation.rows())",
                shouldCancel: shouldCancel
            ).first
        {
            return Int(saturating: counted)
        }
        // (And where that fails, the query itself says why, pointing into it.)
        let prefix = "SELECT count() FROM (\n"
        let answer = try numbers(
            connection, prefix + PostgresReader.statement(query) + "\n)", prefixed: prefix.count,
            shouldCancel: shouldCancel)
        return Int(saturating: answer.first ?? 0)
    }

    public func open(
        xColumn: String?, timeZone: TimeZoneSetting, estimate: Int?,
        learnt: (ClosedRange<Double>) -> Void, shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> RemoteTable {
        let connection = try connect()
        var shape = try self.shape(connection, xColumn: xColumn, shouldCancel: shouldCancel)
        if shape.kinds.contains(.wallClock), timeZone != .utc {
            throw .notRemote(
                "mode=remote reads Date columns as UTC days; with another zone, convert them "
                    + "in the query (toDateTime(d, 'Zone')) or use mode=local")
        }
        let summary = try self.summary(
            connection, &shape, counted: estimate, learnt: learnt, shouldCancel: shouldCancel)
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
        // Whether rows share an x; how many at most is counted when first needed.
        let shared = try numbers(
            connection, sharedRows(shape, rows: summary.count, extent: table.extent),
            shouldCancel: shouldCancel)
        if let extra = shared.first, extra.isFinite, extra > 0 {
            table.sharesX = true
        } else {
            table.mostRowsPerX = 1
        }
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
        var neverNull = Set<Int>(), texts = [Int: [String]]()
        for column in columns {
            guard column.kind != .other else {
                leftOut.append(TextMetrics.sanitized(column.name))
                continue
            }
            // The name goes back into SQL, quoted as this engine quotes (`SQLQuoting`): it
            // must hold no NUL.
            guard SQLQuoting.canQuote(column.name) else {
                throw .notRemote(
                    "column '\(TextMetrics.sanitized(column.name))' has a NUL in its name; "
                        + "rename it with AS, or use mode=local")
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
            guard !column.name.lowercased().hasPrefix(Self.ownNames) else {
                throw .notRemote(
                    "column '\(TextMetrics.sanitized(column.name))' has a name chartbook uses "
                        + "for its own values; rename it with AS, or use mode=local")
            }
            if column.kind == .text {
                guard
                    let values = try self.texts(
                        connection, column: column.name, shouldCancel: shouldCancel)
                else {
                    leftOut.append(TextMetrics.sanitized(column.name))
                    continue
                }
                texts[names.count] = values
            }
            if !column.isNullable { neverNull.insert(names.count) }
            names.append(column.name)
            kinds.append(column.kind)
        }
        let x = try RemoteEngines.xIndex(
            of: xColumn, in: names, time: kinds.map(\.isTime), text: kinds.map { $0 == .text },
            all: columns.map(\.name))
        var shape = Shape(names: names, kinds: kinds, x: x)
        shape.leftOut = leftOut
        shape.neverNull = neverNull
        shape.texts = texts
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

    // MARK: - SQL

    /// The query's rows as Float64 columns: `chartbook_x`, then `chartbook_c0, …` (times as
    /// seconds since the epoch; NaN and infinities as NULL, as a drawing reads them).
    func selectRows(_ shape: Shape) -> String {
        "SELECT \(Self.listed(definitions(shape))) FROM \(rows(shape))"
    }

    /// What `selectRows` names and how: `chartbook_x`, `chartbook_c0`, ….
    func definitions(_ shape: Shape) -> [(name: String, value: String)] {
        [("chartbook_x", value(shape, shape.x))]
            + shape.names.indices.map { ("chartbook_c\($0)", value(shape, $0)) }
            + shape.names.indices.filter(shape.mayHoldInfinities).map {
                ("chartbook_l\($0)", loadedValue(shape, $0))
            }
            // And x as the query gives it (what a question may read instead; unread, it
            // costs nothing).
            + [("chartbook_t", dialect.quoting.identifier(shape.names[shape.x]))]
    }

    /// Definitions as SQL: `value AS name, …`.
    static func listed(_ definitions: [(name: String, value: String)]) -> String {
        definitions.map { "\($0.value) AS \($0.name)" }.joined(separator: ", ")
    }

    /// A question of the query's rows that `shape.filter` and `condition` keep, their values
    /// named as `selectRows` names them: `SELECT picks FROM rows WHERE condition rest`. Of
    /// one table's rows (`tableQuery`) it reads the table itself, the values defined by
    /// `WITH`, so that a `Distributed` table's shards each answer it over their own rows (as
    /// a subquery, the shards send every row to the server asked, which reads them alone).
    func select(
        _ picks: [String], of shape: Shape, where condition: String? = nil, _ rest: String = ""
    ) -> String {
        let tail = rest.isEmpty ? "" : " \(rest)"
        guard let table = tableQuery else {
            let kept = condition.map { " WHERE \($0)" } ?? ""
            return
                "SELECT \(picks.joined(separator: ", ")) FROM (\(selectRows(shape))\(kept))\(tail)"
        }
        let conditions = [
            shape.condition(dialect.words) { loadedValue(shape, $0) }, condition,
        ]
        let rows = table.relation.rows(where: conditions.compactMap { $0 })
        let question = "SELECT \(picks.joined(separator: ", ")) FROM \(rows)\(tail)"
        // Only the values the question names (its words, as the query's were read): this
        // engine reads the columns of every definition, used or not.
        let words = ClickHouseTableQuery.tokens(Array(question.utf8)).map {
            Set($0.filter { $0.kind == .word }.map(\.text))
        }
        let defined = definitions(shape).filter { words?.contains($0.name) ?? true }
        return defined.isEmpty ? question : "WITH \(Self.listed(defined)) \(question)"
    }

    /// The query's rows, those `shape.filter` keeps, as a parenthesised query.
    func rows(_ shape: Shape) -> String {
        let all = "(\n\(PostgresReader.statement(query))\n)"
        let kept = shape.condition(dialect.words) { loadedValue(shape, $0) }
        return kept.map { "(SELECT * FROM \(all) WHERE \($0))" } ?? all
    }

    /// Column `c` as a Float64 value read exactly as the loading path reads it: `value`,
    /// but ±∞ kept.
    func loadedValue(_ shape: Shape, _ c: Int) -> String {
        guard shape.mayHoldInfinities(c) else { return value(shape, c) }
        let number = "toFloat64(\(dialect.quoting.identifier(shape.names[c])))"
        return "if(isNaN(\(number)), NULL, \(number))"
    }

    /// Column `c` as a Float64 value read exactly as the loading path reads its text.
    func value(_ shape: Shape, _ c: Int) -> String {
        let name = dialect.quoting.identifier(shape.names[c])
        switch shape.kinds[c] {
        case .instant: return "toFloat64(toUnixTimestamp(\(name)))"
        case .instant64: return "(toFloat64(toUnixTimestamp64Milli(\(name))) / 1000)"
        // Day 0 is this engine's zero date, which the loading path reads as missing.
        case .wallClock:
            return "if(toInt64(\(name)) = 0, NULL, toFloat64(toInt64(\(name))) * 86400)"
        // Its value's place among the column's values (`RemoteTexts`); NULL: missing. Looked
        // up by `transform` (a hash: twice as fast as `indexOf` on 10⁸ rows); a NULL as ''
        // (never a coded value): this version looks a NULL up as whatever value the column
        // stores under it — another row's host.
        case .text:
            let texts = shape.texts[c] ?? []
            let places = texts.indices.map { String($0 + 1) }.joined(separator: ", ")
            let listed = texts.map(dialect.quoting.literal).joined(separator: ", ")
            return
                "(toFloat64(nullIf(transform(ifNull(\(name), ''), [\(listed)], [\(places)], 0), 0)) - 1)"
        case .number, .other:
            // A complete column has nothing to test.
            if shape.complete.contains(c) { return "toFloat64(\(name))" }
            return "if(isFinite(toFloat64(\(name))), toFloat64(\(name)), NULL)"
        }
    }
}
