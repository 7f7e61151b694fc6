import ChartbookData
import ChartbookModel

/// One line that says what a command did and what to try next, for the prompt
/// (`Effect.feedback`). Names from data are sanitised.
enum Feedback {
    /// `loaded sales: 12 rows · numbers: revenue, cost · labels: month · try: add plot line sales.revenue`
    static func loaded(_ d: Dataset, verb: String, in s: Session) -> String {
        // A remote dataset's rows stay in the engine: their count, learnt when it was opened
        // (else the engine's estimate), not the few rows held.
        let rows =
            d.remote.map { table in
                table.rowCount.map { "remote, \($0) row\($0 == 1 ? "" : "s")" }
                    ?? "remote, about \(table.estimatedRows) rows"
            } ?? "\(d.count) row\(d.count == 1 ? "" : "s")"
        var parts = ["\(verb) \(name(d.name)): \(rows)"]
        let times = d.columns.filter(\.isTime)
        if !times.isEmpty {
            parts.append("times: " + list(times.map { column in name(column.name) + span(column) }))
        }
        let numbers = d.columns.filter { $0.isNumeric && !$0.isTime }.map(\.name)
        if !numbers.isEmpty { parts.append("numbers: " + list(numbers.map(name))) }
        // The labels' own column is said as `labels:` below.
        let text = d.columns.filter { !$0.isNumeric && $0.name != d.labelsColumn?.name }.map(\.name)
        if !text.isEmpty { parts.append("text: " + list(text.map(name))) }
        if d.labels != nil {
            if let column = d.source.loadOptions?.labelColumn {
                parts.append("labels: " + name(column))
            } else {
                parts.append("labelled")
            }
        }
        if let x = d.xColumn {
            // Chosen by chartbook (the one time column): say how to choose otherwise — a
            // dataset kept in its engine draws along a column, never by row.
            let chosen = d.source.loadOptions.map { $0.xColumn == nil } ?? false
            let otherwise = d.remote == nil ? "x=none draws by row" : "x=COLUMN draws along another"
            parts.append(
                "x: " + name(x) + (chosen ? " (its one time column; \(otherwise))" : ""))
        }
        if let times = unreadTimes(in: d) { parts.append(times) }
        if let next = s.suggestedFirstPlot(of: d) { parts.append("try: " + next) }
        return parts.joined(separator: " · ") + "\n"
    }

    /// For a file loaded without a time x, how its columns of times read as text or numbers
    /// would read as times: its first text column of dates written with numbers in one order
    /// (`numericDates`), else its first column of numbers that looks like times since 1970
    /// (`epochTimes`); nil where there is none.
    static func unreadTimes(in d: Dataset) -> String? {
        guard d.remote == nil, case .file = d.source,
            !d.columns.contains(where: { $0.isTime && $0.name == d.xColumn })
        else { return nil }
        return d.columns.lazy.compactMap(numericDates).first
            ?? d.columns.lazy.compactMap(epochTimes).first
    }

    /// `date holds dates written day first (13/01/2023): load with x=date time=%d/%m/%Y
    /// reads them`: a text column of dates written with numbers in one order
    /// (`TimeFormat.numericDates`), which a `load` reads as text.
    static func numericDates(_ column: Column) -> String? {
        guard case .text(let cells) = column.values,
            let (pattern, example) = TimeFormat.numericDates(
                in: cells.coded?.names ?? cells.strings)
        else { return nil }
        let order = pattern.hasPrefix("%d") ? "day" : "month"
        let time = pattern.contains(" ") ? "\"\(pattern)\"" : pattern
        return "\(name(column.name)) holds dates written \(order) first (\(name(example))): "
            + "load with x=\(name(ScriptQuoting.quotedIfNeeded(column.name))) time=\(time) reads them"
    }

    /// `ts looks like seconds since 1970 (1700000000 is 2023-11-14 22:13:20): load with x=ts
    /// time=epoch reads them as times`: a column that looks like times since 1970
    /// (`Column.epochLike`; a guess, said as one).
    static func epochTimes(_ column: Column) -> String? {
        guard let epoch = column.epochLike, let first = column.numbers?.first else { return nil }
        return "\(name(column.name)) looks like \(epoch.unitName) since 1970 "
            + "(\(NumberText.shortest(first)) is \(TimeText.iso(first / epoch.perSecond))): "
            + "load with x=\(name(ScriptQuoting.quotedIfNeeded(column.name))) "
            + "time=\(epoch.word) reads them as times"
    }

    /// ` (2012-01-01 – 2015-12-31)` for a time column with values.
    static func span(_ column: Column) -> String {
        guard let values = column.numbers, let (lo, hi) = Statistics.extent(of: values[...]) else {
            return ""
        }
        return " (\(TimeText.iso(lo)) – \(TimeText.iso(hi)))"
    }

    /// Up to six names, then how many more.
    static func list(_ names: [String]) -> String {
        let shown = names.prefix(6).joined(separator: ", ")
        return names.count > 6 ? shown + ", … (\(names.count - 6) more)" : shown
    }

    static func name(_ text: String) -> String { TextMetrics.sanitized(text) }
}
