import ChartbookModel

/// What is known of an engine without asking it (issue 52): the dialect its statements are
/// written in, the relations of a remote table's rows they are written over, and how long
/// a preview waits for it — no I/O. The executor writes its questions with this
/// (`DatabaseQuery.engineStatements`) and asks them as values (`EngineQuestion`); only the
/// answerer (`EngineRunner`) holds a `RemoteEngine`, which connects.
public protocol EngineStatements: Sendable {
    /// Which engine this is.
    var engine: DatabaseQuery.Engine { get }

    /// The SQL every statement to it is written in — its own questions' and what the
    /// command layer compiles (`SQLCompiler`): the engine's dialect, unless a test gave a
    /// broken one (the property tests must then fail).
    var dialect: SQLDialect { get }

    // What reads every row (describe, statistics, show data, save csv):

    /// The query's rows as a relation for the transform compiler: each column of `table`
    /// under its session name, as a double read exactly as the loading path reads it (times
    /// as seconds since the epoch; what a chart cannot place — NaN, ±∞ — as NULL), and, when
    /// `ordered`, the rows' order as `RemoteEngines.rowOrderName`. Where the engine aggregates
    /// a table best read directly, the table with its values written out (`RemoteRelation`).
    func transformSource(_ table: RemoteTable, ordered: Bool) -> RemoteRelation

    /// The query's rows as loading every row reads them, in its own order: `relation` the
    /// query, and `values` each column of `table` by its session name, as a double —
    /// numbers with ±∞ kept and NaN as NULL, times as seconds since the epoch, a text
    /// column its value's code (`RemoteTexts`). What `SQLCompiler.rows` reads for `show
    /// data` and `save csv`, which the transport answers or streams — of the rows of `rows`
    /// only (a plot's `where=`, a `by=` group), with x as the engine's index orders it
    /// (`RemoteRelation.orderedX`): what the rows nearest an x are asked over
    /// (`nearestRows`: the readout, the neighbours of a drawing's interval).
    func loadedSource(_ table: RemoteTable, rows: RemoteRowSet) -> RemoteRelation

    /// Seconds an interactive caller waits for an exact answer before it draws from a
    /// `sample` instead: about what a sample costs this engine beside the exact questions,
    /// so that a preview is only drawn where it arrives well before the exact chart.
    var previewPatience: Double { get }
}

/// An engine that keeps a remote dataset's rows (`load … mode=remote`) and answers each
/// drawing's question with the M4 rows of the visible interval (issue 28).
///
/// For drawings an engine learns the query's columns, first and last row, extremes, size
/// (and, when it can cheaply, the rows sharing an x) once (`open`), then per drawing the
/// first, last, lowest and highest row of every dot column (`fetch`) in the layout's own
/// floating-point formula, so that drawing them sets exactly the dots drawing every row
/// would. For what reads every row it runs what the command layer compiles in its
/// `SQLDialect` over `transformSource` (`aggregates`) or `loadedSource` (the rows in the
/// query's order). Adding an engine is one type conforming to this, a dialect, one
/// reader for `mode=local`, and a test script that compares the two on a real server.
public protocol RemoteEngine: EngineStatements {
    /// A connection to the engine that runs statements (`SQLTransport`): what the questions
    /// every engine answers alike are asked through.
    func transport(_ shouldCancel: () -> Bool) throws(DatabaseFailure) -> any SQLTransport

    /// How many rows the query gives, as cheaply as the engine can say (an estimate where it
    /// can plan without running): `mode=auto` decides by it.
    func estimatedRows(shouldCancel: @escaping () -> Bool) throws(DatabaseFailure) -> Int

    /// Learns what a remote dataset keeps of the query (`RemoteTable`), x along `xColumn`
    /// (nil: the first time column); `estimate` is the size already learnt, if any. Tells
    /// `learnt` the extent of x as soon as it knows it (before the rest: `RemoteExtents`).
    func open(
        xColumn: String?, timeZone: TimeZoneSetting, estimate: Int?,
        learnt: (ClosedRange<Double>) -> Void, shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> RemoteTable

    /// What `open` learnt of every row, of the rows of `rows` (a plot's `where=`, a `by=`
    /// group): their count, first and last row, the rows of each column's extremes and how
    /// many values are zero or less.
    func kept(_ table: RemoteTable, _ rows: RemoteRowSet, shouldCancel: @escaping () -> Bool)
        throws(DatabaseFailure) -> RemoteTable.Kept

    /// `kept` of each of `sets`, in order: an engine may answer a family of them (a `by=`'s
    /// groups, `RemoteFamily`) with one question grouped by their column.
    func kept(
        _ table: RemoteTable, _ sets: [RemoteRowSet], shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> [RemoteTable.Kept]

    /// Per set of `sets`, the most of its rows sharing an x (1: none), where the engine tells
    /// it more cheaply than the executor's grouping of each set by x (nil where it does not).
    func mostRowsPerX(
        _ table: RemoteTable, _ sets: [RemoteRowSet], shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> [Int?]

    /// The rows one drawing needs (`RemoteTable.rows(with:)` of the M4 rows of `request`),
    /// `request.selected` aside: the readout's rows are `readout`'s, so that a `select`
    /// asks for them alone and the drawing's answer serves every selection.
    func fetch(
        _ table: RemoteTable, _ request: RemoteRequest, shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> RemoteRows

    /// A query reading a sample of the query's rows — a row or none from each of `rows`
    /// equal stretches of x, through the index or sorting key on x — for the REPL's
    /// approximate first chart while the exact one is computed; nil where the engine cannot
    /// read one without scanning every row. `extent`: the x interval of the data when known
    /// (else the engine learns it, through the same index).
    func sample(
        xColumn: String?, extent: ClosedRange<Double>?, rows: Int,
        shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> RemoteSample?

    /// The rows of a compiled transform (`_key`, `_by`, `_value`, `_rows`, in that order).
    func transformRows(_ sql: String, shouldCancel: @escaping () -> Bool)
        throws(DatabaseFailure) -> [RemoteTransformRow]

    /// The numbers of the one row an aggregate query answers, NaN for NULL (empty when it
    /// answers no row).
    func aggregates(_ sql: String, shouldCancel: @escaping () -> Bool) throws(DatabaseFailure)
        -> [Double]
}

extension EngineStatements {
    /// Every row.
    public func loadedSource(_ table: RemoteTable) -> RemoteRelation {
        loadedSource(table, rows: .every)
    }
}

extension RemoteEngine {
    /// A set at a time.
    public func kept(
        _ table: RemoteTable, _ sets: [RemoteRowSet], shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> [RemoteTable.Kept] {
        var kept = [RemoteTable.Kept]()
        for set in sets { kept.append(try self.kept(table, set, shouldCancel: shouldCancel)) }
        return kept
    }

    /// Not counted apart.
    public func mostRowsPerX(
        _ table: RemoteTable, _ sets: [RemoteRowSet], shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> [Int?] {
        sets.map { _ in nil }
    }
}

/// What every engine shares.
public enum RemoteEngines {
    /// The width of each of a sample's `stretches` equal stretches of `span` (x values):
    /// the last ends half a stretch beyond the last x, so that it holds it; 1 for a span of
    /// one x.
    static func sampleStep(_ span: ClosedRange<Double>, stretches: Int) -> Double {
        guard span.upperBound > span.lowerBound else { return 1 }
        return (span.upperBound - span.lowerBound) / (Double(max(stretches, 1)) - 0.5)
    }

    /// Groups' names in order, each once: two values an engine tells apart may read as one
    /// name (`é` composed and decomposed), one group as loading every row reads them.
    public static func onceEach(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// A number's or time's group as `by=` names it: the cell's text of a value as the engine
    /// gives it (a number as loaded, a time in seconds), "" for a missing value.
    public static func groupName(_ value: Double, isTime: Bool) -> String {
        guard !value.isNaN else { return "" }
        return isTime ? TimeText.iso(value) : NumberText.shortest(value)
    }

    /// 2³³: a dot row times this, plus (or minus) an x offset below it, orders picks by dot
    /// row, then x, as one number — exact while the offset is a whole number below 2³³ and
    /// the dot row far below 2¹⁹ (below 2⁵³, where every integer is a double).
    static let pickPlace = 8_589_934_592.0

    /// The dot row and x of an encoded pick: `dot · 2³³ + (x − origin)` for a lowest,
    /// `dot · 2³³ − (x − origin)` for a highest (`pickPlace`).
    static func decodePick(_ value: Double, origin: Double, lowest: Bool) -> (
        x: Double, dot: Double
    ) {
        let dot =
            lowest ? (value / pickPlace).rounded(.down) : (value / pickPlace).rounded(.up)
        let offset = lowest ? value - dot * pickPlace : dot * pickPlace - value
        return (origin + offset, dot)
    }

    /// Rows in a drawing's interval from which an engine asks the M4 picks in two steps of
    /// plain aggregates (the picks as numbers, then the rows at their x), not one scan that
    /// carries rows in its aggregates. PostgreSQL: at 10⁷ rows 2.4 times faster, at 2·10⁵
    /// (a 2-day view of seconds) 1.6 times slower; ClickHouse: at 10⁸ rows 1.6 s against
    /// 0.8 s and the rows at the picked x (through the sorting key, about 0.1 s).
    static let twoStepRows = 1_000_000.0

    /// About how many of `table`'s rows `request`'s interval holds (as if spread evenly
    /// over its extent; all of them on a log x scale).
    static func rows(of table: RemoteTable, within request: RemoteRequest) -> Double {
        var share = 1.0
        if let extent = table.extent, extent.upperBound > extent.lowerBound, !request.logX {
            let seen =
                min(request.interval.upperBound, extent.upperBound)
                - max(request.interval.lowerBound, extent.lowerBound)
            share = max(seen, 0) / (extent.upperBound - extent.lowerBound)
        }
        return Double(table.rowCount ?? table.estimatedRows) * share
    }

    /// Why a query with no row that has an x stays out of its engine (a drawing there is
    /// bucketed by x; `mode=auto` loads it, empty).
    static let noRowWithX = DatabaseFailure.notRemote(
        "the query gives no row with an x to draw along; mode=local loads it as it is")

    /// The name of the rows' numbers in `transformSource`: the query's own order, as loading
    /// every row reads them (what a group's first appearance and ties in x go by).
    public static let rowOrderName = "chartbook_row"

    /// Which of a query's drawable columns (`names`, exactly as the engine names them; `time`
    /// says which hold times) x is: `xColumn` matched as the session names columns
    /// (sanitised), as `x=` of a loaded query is, else its one time column (several are
    /// refused: loading the rows would draw them by row number). `all` names
    /// every column of the result, for the errors. A remote dataset needs an x and a column
    /// to draw besides it.
    static func xIndex(
        of xColumn: String?, in names: [String], time: [Bool], text: [Bool], all: [String]
    ) throws(DatabaseFailure) -> Int {
        // The SQL around the query names its columns: two of one name are one too many.
        var seen = Set<String>()
        for name in names where !seen.insert(name).inserted {
            throw .notRemote(
                "the query has two columns named '\(TextMetrics.sanitized(name))'; name them "
                    + "apart with AS, or use mode=local")
        }
        let x: Int?
        if let xColumn {
            guard let found = Column.index(of: xColumn, in: names.map(TextMetrics.sanitized))
            else { throw .data(.unknownLabelColumn(xColumn, available: all)) }
            x = found
        } else {
            // Its one time column, as a load of every row takes (issue 31).
            let times = time.indices.filter { time[$0] }
            if times.count > 1 {
                // Not a reason to load the rows instead (`mode=auto`): a query too big to keep
                // whole would then draw by row number, which is rarely what was meant.
                let listed = times.map { "'\(TextMetrics.sanitized(names[$0]))'" }
                throw .query(
                    "the query has several time columns (\(listed.joined(separator: ", "))): "
                        + "name the one to draw along with x=COLUMN",
                    offset: nil)
            }
            x = times.first
        }
        guard let x, !text[x] else {
            throw .notRemote("mode=remote needs x=COLUMN: a time or number column to draw along")
        }
        // (A text column is drawn by none: it groups and filters.)
        guard names.indices.contains(where: { $0 != x && !text[$0] }) else {
            throw .data(.noNumericColumn(names: all))
        }
        return x
    }
}

/// One row of a transform the engine computed: the key, the group's name (nil: none), the
/// value and the rows it covers (NaN where the engine has NULL).
public struct RemoteTransformRow: Sendable {
    public var key: Double
    public var group: String?
    public var value: Double
    public var rows: Double
    /// With `top=`: how many keys there were before the N largest were kept (`_keys`).
    public var keys: Double?

    public init(key: Double, group: String?, value: Double, rows: Double, keys: Double? = nil) {
        self.key = key
        self.group = group
        self.value = value
        self.rows = rows
        self.keys = keys
    }
}

/// A sample of a remote query's rows (`RemoteEngine.sample`): the SQL that reads it, in the
/// engine's dialect, with every column of the query, by x; and x as the session names it.
public struct RemoteSample: Equatable, Sendable {
    public var sql: String
    public var xColumn: String
    /// A query with the sample's columns (names and types) that is quicker for the engine
    /// to describe than the sample (`DatabaseQuery.columnsSQL`); nil: the sample's own.
    public var columnsSQL: String?

    public init(sql: String, xColumn: String, columnsSQL: String? = nil) {
        self.sql = sql
        self.xColumn = xColumn
        self.columnsSQL = columnsSQL
    }
}

/// What one drawing of a remote dataset received: the rows by x (every column of the
/// table's `columns`), and how many rows crossed the wire.
public struct RemoteRows: Sendable {
    /// What the engine gave, each a value per column of the table (before the rows known of
    /// all the data are added).
    public var rows: [[Double]]
    /// `RemoteTable.rows(with: rows)` as the dataset's columns.
    public var columns: [Column]
    /// How many rows crossed the wire.
    public var received: Int

    /// The rows `rows` of `table`, with the rows it knows of all the data.
    public init(_ rows: [[Double]], of table: RemoteTable) {
        self.rows = rows
        self.columns = table.columns(of: table.rows(with: rows))
        self.received = rows.count
    }
}

extension DatabaseQuery {
    /// The engine that keeps this query's rows remotely, asked in its own dialect; nil
    /// where none can (SQLite: the file is local, loading it is the fast path).
    public var remoteEngine: (any RemoteEngine)? { remoteEngine(dialects: [:]) }

    /// What this query's statements are written in and over where an engine keeps its rows
    /// remotely (the engine, which the executor does not ask: `EngineRunner` does), in
    /// `dialects[engine]` where given, else its own; nil for SQLite.
    public func engineStatements(dialects: [Engine: SQLDialect]) -> (any EngineStatements)? {
        remoteEngine(dialects: dialects)
    }

    /// The engine that keeps this query's rows remotely, asked in `dialects[engine]` where
    /// given (`Executor.dialects`), else its own.
    public func remoteEngine(dialects: [Engine: SQLDialect]) -> (any RemoteEngine)? {
        switch engine {
        case .postgres: PostgresRemote(self, dialect: dialects[engine] ?? .postgres)
        case .clickhouse: ClickHouseRemote(self, dialect: dialects[engine] ?? .clickhouse)
        case .sqlite: nil
        }
    }
}
