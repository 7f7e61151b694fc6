import Foundation

/// What chartbook keeps of a remote dataset (`load postgres://… mode=remote`): the query
/// stays in the engine, and each drawing asks it for the rows the chart needs — the first,
/// last, lowest and highest row of every dot column of the visible x interval (M4). The
/// dataset's columns then hold only those rows (`materialized`), plus the first and last row
/// of all the data, so that the x extent is the whole data's.
public struct RemoteTable: Equatable, Sendable {
    /// The x column (a time or number column of the result).
    public var xColumn: String
    /// The numeric columns in result order (the x column among them), as the session shows
    /// them (sanitised, as every reader names columns); the dataset's columns are these.
    public var columns: [String]
    /// The same columns exactly as the engine names them, for the SQL that asks for them.
    public var engineNames: [String]
    /// Which of `columns` hold times, and which of those are wall clock (`timestamp`, `date`)
    /// rather than instants.
    public var timeColumns: Set<String>
    public var wallClockColumns: Set<String>
    /// The engine's estimate of the query's rows (EXPLAIN; ClickHouse counts), what
    /// `mode=auto` decided by; `load` says `rowCount` where it is known.
    public var estimatedRows: Int
    /// The query's rows, counted when it was opened (with the extremes, in their scan):
    /// what `list` and `show data` say, as loading every row at that moment would; nil for
    /// a table made otherwise.
    public var rowCount: Int?
    /// The first and last row of all the data by x (every column of `columns`, NaN missing).
    public var firstRow: [Double]
    public var lastRow: [Double]
    /// The rows holding each column's lowest and highest value in all the data (the y axis
    /// spans all values unless `set range adapt`); learnt when the query is opened (nil for
    /// a table made otherwise, which then draws without them).
    public var extremes: [[Double]]?
    /// The query's columns a remote dataset leaves out (text and other kinds), as the
    /// session names them: `describe` says so, where `mode=local` would describe them.
    public var leftOut: [String] = []
    /// Per column, how many of its values are zero or less in all the data (what a log
    /// scale leaves out, and says so under the chart); learnt when the query is opened.
    public var nonPositive: [String: Int] = [:]
    /// The columns that hold a finite value in every row (no NULL, NaN or ±∞), learnt when
    /// the query is opened: an engine may read them without a test per row.
    public var completeColumns: Set<String> = []
    /// The columns an engine reads through their text, as the loading path reads them,
    /// where a cast would give other numbers (PostgreSQL's `real`: 0.1, not 0.100000001…).
    public var textReadColumns: Set<String> = []
    /// The most rows sharing an x in all the data (1: none share one), counted by the engine
    /// when the query is opened — or, where it found some share one (`sharesX`), when first
    /// needed (a line through every row, `describe`); nil until then, and for a table made
    /// otherwise.
    public var mostRowsPerX: Int?
    /// Some rows of all the data share an x (`mostRowsPerX` > 1, whether or not it is
    /// counted yet): found when the query is opened, more cheaply than how many (ClickHouse:
    /// 0.8 against 4.3 s on a long-format table of 10⁸ rows, whose lines per group need
    /// only their own counts).
    public var sharesX = false
    /// Per text column of `columns` (a `host`, a `station`), its distinct values in order,
    /// learnt when the query is opened: its rows hold a value's place among them (NaN:
    /// missing), which the dataset's column reads back as text (`ChartbookData.RemoteTexts`).
    public var texts: [String: [String]] = [:]
    /// The request the dataset's columns answer now; nil before the first drawing.
    public var materialized: RemoteRequest?
    /// Per set of rows a plot draws besides every row (a `where=`, a `by=` group), what is
    /// known of them, learnt by the engine when the plot is added (and again after a reload).
    public var filtered: [RemoteRowSet: Kept] = [:]
    /// Per `by=` of a plot (its column, over the rows its `where=` keeps), the groups' keys —
    /// each a cell's text, "" for missing — in order of first appearance in the query's
    /// rows, as the engine found them when the plot was added.
    public var groups: [RemoteRowSet.Grouping: [String]] = [:]

    /// The sets of rows `binding` draws: those its `where=` keeps, or — with `by=` — those
    /// of each group, in order (none while the groups are not known).
    public func rowSets(for binding: PlotBinding) -> [RemoteRowSet] {
        let rows = RemoteRowSet(binding.filter)
        guard let by = binding.by else { return [rows] }
        let keys = groups[RemoteRowSet.Grouping(column: by, rows: rows)] ?? []
        return keys.map { rows.group(by, $0) }
    }

    /// What is known of the rows a `where=` keeps in all the data: what `firstRow`,
    /// `lastRow`, `extremes`, `nonPositive` and `rowCount` are of every row.
    public struct Kept: Equatable, Sendable {
        /// How many rows it keeps.
        public var count: Int
        /// The first and last of them by x and those of each column's extremes (its lowest
        /// above zero too): in a drawing they give the axes what drawing them all gives.
        public var rows: [[Double]]
        /// Per column, how many of its values in those rows are zero or less.
        public var nonPositive: [String: Int]
        /// The most of them sharing an x (1: none share one) — counted only where rows of
        /// all the data share one (`RemoteTable.sharesX`; else none of theirs can):
        /// a long-format table's rows share each x, one group's rows need not.
        public var mostRowsPerX = 1

        public init(count: Int, rows: [[Double]], nonPositive: [String: Int]) {
            self.count = count
            self.rows = rows
            self.nonPositive = nonPositive
        }

        /// Missing values (NaN) equal: what a reload learns again the same is no change.
        public static func == (a: Kept, b: Kept) -> Bool {
            a.count == b.count && a.nonPositive == b.nonPositive
                && a.mostRowsPerX == b.mostRowsPerX
                && a.rows.map { $0.map(\.bitPattern) } == b.rows.map { $0.map(\.bitPattern) }
        }
    }

    /// Whether some rows of all the data share an x, as far as it is known.
    public var rowsShareX: Bool { sharesX || (mostRowsPerX ?? 1) > 1 }

    /// The most rows of `rows` sharing an x (1: none), as far as it is known: all the data's
    /// for every row, a set's once the engine counted it (`Kept.mostRowsPerX`).
    public func mostRowsPerX(in rows: RemoteRowSet) -> Int {
        guard rows != .every else { return mostRowsPerX ?? 1 }
        return filtered[rows]?.mostRowsPerX ?? mostRowsPerX ?? 1
    }

    /// How many of `column`'s values are zero or less in the rows of `rows`, 0 when that is
    /// not known.
    public func nonPositive(_ column: String, in rows: RemoteRowSet) -> Int {
        guard rows != .every else { return nonPositive[column] ?? 0 }
        return filtered[rows]?.nonPositive[column] ?? 0
    }

    public init(
        xColumn: String, columns: [String], engineNames: [String]? = nil,
        timeColumns: Set<String>, wallClockColumns: Set<String> = [], estimatedRows: Int,
        firstRow: [Double], lastRow: [Double], materialized: RemoteRequest? = nil
    ) {
        self.xColumn = xColumn
        self.columns = columns
        self.engineNames = engineNames ?? columns
        self.timeColumns = timeColumns
        self.wallClockColumns = wallClockColumns
        self.estimatedRows = estimatedRows
        self.firstRow = firstRow
        self.lastRow = lastRow
        self.materialized = materialized
    }

    /// Equal when every field is, the rows' numbers compared bit for bit, so that a missing
    /// value (NaN) equals itself: what a reload learns again the same is no change (no undo
    /// step). Every stored field is compared here — `RemoteTableTests` counts them.
    public static func == (a: RemoteTable, b: RemoteTable) -> Bool {
        func bits(_ rows: [[Double]]?) -> [[UInt64]]? { rows?.map { $0.map(\.bitPattern) } }
        return a.xColumn == b.xColumn && a.columns == b.columns && a.engineNames == b.engineNames
            && a.timeColumns == b.timeColumns && a.wallClockColumns == b.wallClockColumns
            && a.estimatedRows == b.estimatedRows && a.rowCount == b.rowCount
            && bits([a.firstRow, a.lastRow]) == bits([b.firstRow, b.lastRow])
            && bits(a.extremes) == bits(b.extremes) && a.leftOut == b.leftOut
            && a.nonPositive == b.nonPositive && a.completeColumns == b.completeColumns
            && a.textReadColumns == b.textReadColumns
            && a.mostRowsPerX == b.mostRowsPerX && a.sharesX == b.sharesX && a.texts == b.texts
            && a.materialized == b.materialized
            && a.filtered == b.filtered && a.groups == b.groups
    }

    /// How many fields `==` compares.
    static let comparedFields = 20

    /// `drawn` rows with the rows known of all the data (the first, the last and each
    /// column's extremes, of every row and of the rows each `where=` keeps), in x order, a
    /// row repeated only once: what the dataset holds for a drawing (before the first,
    /// `drawn` is empty).
    public func rows(with drawn: [[Double]]) -> [[Double]] {
        let x = columns.firstIndex(of: xColumn) ?? 0
        let known = [firstRow, lastRow] + (extremes ?? []) + filtered.values.flatMap(\.rows)
        var rows = (drawn + known).filter {
            $0.count == columns.count
        }
        // (A row without an x — an extreme's, say — goes last: NaN is in no order.) Rows
        // sharing an x (each of a long-format table's groups has one at every x) are ordered
        // by their other values, so that the same row answered for two sets is found twice
        // side by side, and kept once.
        rows.sort { a, b in
            if Self.before(a[x], b[x]) { return true }
            if Self.before(b[x], a[x]) { return false }
            for c in a.indices where c != x {
                if Self.before(a[c], b[c]) { return true }
                if Self.before(b[c], a[c]) { return false }
            }
            return false
        }
        var unique = [[Double]]()
        for row in rows where unique.last.map({ !Self.same($0, row) }) ?? true {
            unique.append(row)
        }
        return unique
    }

    /// A text column's cells as the codes its rows hold (`texts`: NaN for a missing value or
    /// a text it does not hold); nil for a column the table does not code.
    public func codes(of column: Column) -> [Double]? {
        guard let texts = texts[column.name] else { return nil }
        let codes = Dictionary(
            texts.enumerated().map { ($1, Double($0)) }, uniquingKeysWith: { a, _ in a })
        return (0..<column.count).map { codes[column.text(at: $0)] ?? .nan }
    }

    /// The text coded `code` among `texts` ("" for a missing value or no such place).
    public static func text(_ code: Double, of texts: [String]) -> String {
        guard code.isFinite, code >= 0, code < Double(texts.count) else { return "" }
        return texts[Int(code)]
    }

    /// Numbers in order, NaN after every other (and not before itself).
    private static func before(_ a: Double, _ b: Double) -> Bool {
        b.isNaN ? !a.isNaN : a < b
    }

    private static func same(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    }

    /// Rows (each a value per column of `columns`) as the dataset's columns; a text
    /// column's codes read as its texts.
    public func columns(of rows: [[Double]]) -> [Column] {
        columns.indices.map { c in
            let values = rows.map { c < $0.count ? $0[c] : .nan }
            if let texts = texts[columns[c]] {
                return Column(name: columns[c], text: values.map { Self.text($0, of: texts) })
            }
            return timeColumns.contains(columns[c])
                ? Column(name: columns[c], times: values)
                : Column(name: columns[c], numbers: values)
        }
    }

    /// The x interval all the data covers.
    public var extent: ClosedRange<Double>? {
        guard let i = columns.firstIndex(of: xColumn), i < firstRow.count, i < lastRow.count,
            firstRow[i] <= lastRow[i]
        else { return nil }
        return firstRow[i]...lastRow[i]
    }
}

/// One drawing's question to a remote dataset: the x interval shown and how x values map to
/// dot columns there — `dot(x) = ⌊offset + scale·x + ½⌋`, exactly as the layout places them
/// (`XMapping`) — so the engine buckets rows into the very columns the terminal draws.
public struct RemoteRequest: Hashable, Sendable {
    public var interval: ClosedRange<Double>
    public var offset: Double
    public var scale: Double
    /// `select x=…`: the x whose nearest rows the readout needs (they are fetched too).
    public var selected: Double?
    /// Per column drawn, its dot rows as the layout computes them: `[upper, scale, limit]`
    /// of `⌊min(max((upper − v)·scale, −limit), limit) + ½⌋`. A dot column's lowest and
    /// highest row are then the first rows reaching the top and bottom dot — the very rows
    /// the layout's reducer keeps, so even the order of a vector path is the same.
    /// On a fixed range (`set range`), also its `lower` and `upper` bound: values beyond it
    /// count as the farthest dot row (±limit), so a dot column's extreme rows include one
    /// beyond the range wherever there is one — what the layout's clip marks are made of
    /// (a value just below the range shares the bottom dot row with values inside it; the
    /// part of a segment in the plot area is the same either way).
    public var yDots: [String: [Double]] = [:]
    /// The y scale is log10: dot rows are of log10 of values, and a value ≤ 0 is not drawn.
    public var logY = false
    /// The x scale is log10: `interval`, `offset` and `scale` are of log10 of x (`selected`
    /// stays an x); every x is above zero (a remote dataset refuses a log x otherwise).
    public var logX = false
    /// The sets of rows the dataset's plots draw (`RemoteTable.rowSets(for:)`) — M4 is
    /// taken of each set, so a filtered line's or a group's dots are its own rows'.
    public var rowSets: [RemoteRowSet] = [.every]
    /// The columns the dataset's plots draw from these rows (as the session names them);
    /// nil: every column. M4 takes the lowest and highest row of these only — a column no
    /// plot draws is carried in each picked row, and picking its own extremes too would
    /// add two rows a dot column and a scan's worth of aggregates for nothing drawn (its
    /// extremes in all the data are known rows of the table).
    public var columns: Set<String>?

    /// Whether the interval holds all of `extent` (x values; nil: unknown, no).
    public func holds(_ extent: ClosedRange<Double>?) -> Bool {
        guard let extent else { return false }
        let ends = [extent.lowerBound, extent.upperBound].map(
            ScaleTransform(logX ? XScaleKind.log : .linear).forward)
        return ends.allSatisfy { interval.contains($0) }
    }

    public init(
        interval: ClosedRange<Double>, offset: Double, scale: Double, selected: Double? = nil
    ) {
        self.interval = interval
        self.offset = offset
        self.scale = scale
        self.selected = selected
    }
}
