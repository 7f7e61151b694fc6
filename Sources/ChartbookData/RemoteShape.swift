import ChartbookModel

/// How an engine's column type reads, as far as a remote dataset cares: a number, a point in
/// time, a wall-clock time (placed in the session's zone) — each engine's own kind type
/// conforms (`PostgresColumn.Kind`, `ClickHouseColumn.Kind`).
protocol RemoteColumnKind: Equatable, Sendable {
    static var number: Self { get }
    static var instant: Self { get }
    static var wallClock: Self { get }
    /// A text column (`RemoteTexts`): coded, as a number, by its values' places.
    static var text: Self { get }
    var isTime: Bool { get }
}

/// The drawable (number and time) columns of a remote query, by name, with how each reads,
/// and which is x: what every engine's SQL is written from.
struct RemoteShape<Kind: RemoteColumnKind>: Sendable {
    /// Exactly as the engine names them (what SQL quotes).
    var names: [String]
    /// As the session shows them (sanitised; what requests and datasets name).
    var shown: [String]
    var kinds: [Kind]
    var x: Int
    /// The query's columns of other kinds (text …), as the session shows them: left out.
    var leftOut: [String] = []
    /// The columns with a finite value in every row (`RemoteTable.completeColumns`).
    var complete: Set<Int> = []
    /// The columns whose type holds no NULL (known to engines that say so: ClickHouse).
    var neverNull: Set<Int> = []
    /// The columns read through their text (`RemoteTable.textReadColumns`).
    var textRead: Set<Int> = []
    /// The rows every question reads.
    var rows = RemoteRowSet.every
    /// Per text column, its values by code (`RemoteTexts`): the column is its value's place.
    var texts: [Int: [String]] = [:]
    /// The columns a drawing draws (`RemoteRequest.columns`); nil: every value column.
    var drawn: Set<Int>?

    /// The shape `table` was opened with (no need to ask the engine again).
    init(_ table: RemoteTable) {
        names = table.engineNames
        shown = table.columns
        kinds = shown.map {
            table.wallClockColumns.contains($0)
                ? .wallClock : table.timeColumns.contains($0) ? .instant : .number
        }
        x = shown.firstIndex(of: table.xColumn) ?? 0
        complete = Set(shown.indices.filter { table.completeColumns.contains(shown[$0]) })
        textRead = Set(shown.indices.filter { table.textReadColumns.contains(shown[$0]) })
        for (c, name) in shown.enumerated() {
            guard let values = table.texts[name] else { continue }
            kinds[c] = .text
            texts[c] = values
        }
    }

    init(names: [String], kinds: [Kind], x: Int) {
        self.names = names
        self.shown = names.map(TextMetrics.sanitized)
        self.kinds = kinds
        self.x = x
    }

    /// What a remote dataset keeps of the query: these columns, their kinds and x, with its
    /// size and first and last row (the rest is learnt after).
    func table(estimatedRows: Int, firstRow: [Double], lastRow: [Double]) -> RemoteTable {
        func named(_ isIncluded: (Kind) -> Bool) -> Set<String> {
            Set(shown.indices.filter { isIncluded(kinds[$0]) }.map { shown[$0] })
        }
        var table = RemoteTable(
            xColumn: shown[x], columns: shown, engineNames: names, timeColumns: named(\.isTime),
            wallClockColumns: named { $0 == .wallClock }, estimatedRows: estimatedRows,
            firstRow: firstRow, lastRow: lastRow)
        for (c, values) in texts { table.texts[shown[c]] = values }
        return table
    }

    /// The indices of the columns other than x and the text columns: those a drawing may
    /// draw, whose bounds and extremes are asked — of a drawing's shape (`drawing`), those
    /// its plots draw.
    var values: [Int] {
        names.indices.filter { $0 != x && kinds[$0] != .text && drawn?.contains($0) ?? true }
    }

    /// The shape `request`'s M4 picks are taken of: its value columns those the plots draw
    /// (`RemoteRequest.columns`), every column still read and carried in each row — all of
    /// them where the plots draw none of them (a question picks at least one).
    func drawing(_ request: RemoteRequest) -> Self {
        var shape = self
        guard let columns = request.columns else { return shape }
        let drawn = Set(columns.compactMap { Column.index(of: $0, in: shown) })
        if !values.contains(where: drawn.contains) { return shape }
        shape.drawn = drawn
        return shape
    }

    /// The same shape reading only the rows of `rows`.
    func keeping(_ rows: RemoteRowSet) -> Self {
        var shape = self
        shape.rows = rows
        return shape
    }

    /// Whether every row draws column `c`: a complete column on a linear scale misses
    /// nothing, so questions about it test no row and count no missing value.
    func drawsEveryRow(_ c: Int, log: Bool) -> Bool { !log && complete.contains(c) }

    /// The filters of `rows` as one condition over the query's own columns, each read by
    /// `value` (as the loading path reads it: ±∞ kept, NaN missing); nil for every row. A
    /// column the shape does not hold (a text column, left out) keeps no row; a coded text
    /// column is tested by the codes of the texts listed (`RemoteTexts`).
    func condition(_ words: RowFilter.SQLWords, value: (Int) -> String) -> String? {
        guard !rows.filters.isEmpty else { return nil }
        return rows.filters.map { filter in
            guard let c = Column.index(of: filter.column, in: shown) else {
                return words.falseValue
            }
            if let values = texts[c] {
                return coded(filter, values).sql(on: value(c), kind: .number, words)
            }
            return filter.sql(on: value(c), kind: kinds[c].isTime ? .time : .number, words)
        }.joined(separator: " AND ")
    }

    /// A `where=` on a coded text column as the same test of its codes: `=`/`!=` a listed
    /// text, its code (a text it does not hold: none); `""`, a missing value, as it is; a
    /// comparison keeps no text cell, nor a code (its bound is dropped).
    private func coded(_ filter: RowFilter, _ values: [String]) -> RowFilter {
        var coded = filter
        let codes = RemoteTexts.codes(of: filter.values.filter { !$0.isEmpty }, in: values)
        coded.values = codes.map(String.init) + (filter.values.contains("") ? [""] : [])
        coded.bound = nil
        return coded
    }
}

extension PostgresColumn.Kind: RemoteColumnKind {}
extension ClickHouseColumn.Kind: RemoteColumnKind {}
