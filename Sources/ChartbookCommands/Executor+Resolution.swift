import ChartbookModel
import ChartbookData

/// Looking names up in the session and reading data files, for the executor's commands.
extension Executor {

    func existingDataset(_ name: Located<String>, in s: Session) throws(Diagnostic) -> Dataset {
        guard let dataset = s.dataset(named: name.value) else {
            throw Diagnostic(
                .unknown(.dataset, name.value, candidates: s.datasets.map(\.name)), at: name.range)
        }
        return dataset
    }

    /// The dataset called `name`, else the table a plot with transforms draws (`show data`,
    /// `save csv`: what is drawn), named after the plot.
    func datasetOrDrawnTable(_ name: Located<String>, in s: Session) throws(Diagnostic)
        -> Dataset
    {
        // Unnamed (`show data`): the one dataset there is.
        if name.value.isEmpty {
            guard s.datasets.count == 1, let only = s.datasets.first else {
                let names = s.datasets.map(\.name).joined(separator: ", ")
                throw Diagnostic(
                    .expected(
                        .words([s.datasets.isEmpty ? "a dataset name" : "a dataset name: \(names)"]
                        ),
                        found: nil), at: name.range)
            }
            return only
        }
        if let dataset = s.dataset(named: name.value) { return dataset }
        if var drawn = s.plot(id: name.value)?.drawn?.table {
            drawn.name = name.value
            return drawn
        }
        let drawnPlots = s.plots.filter { $0.drawn != nil }.map(\.id)
        throw Diagnostic(
            .unknown(.dataset, name.value, candidates: s.datasets.map(\.name) + drawnPlots),
            at: name.range)
    }

    /// Puts `dataset` in the session, refusing when a plot would lose its column.
    func replace(_ dataset: Dataset, in s: inout Session, at range: SourceRange) throws(Diagnostic)
    {
        let broken = s.plotsOfEveryPanel.filter {
            $0.series.dataset == dataset.name
                && ((!$0.series.column.isEmpty
                    && dataset.column(named: $0.series.column)?.isNumeric != true)
                    || !bindingHolds($0, in: dataset))
        }
        if !broken.isEmpty {
            throw Diagnostic(.datasetInUse(dataset.name, plots: broken.map(\.id)), at: range)
        }
        s.upsert(dataset)
    }

    /// The file at `path` read as a dataset: the answer to its question (`loadQuestion`),
    /// read between two runs of the command (`readFile`).
    func load(
        _ path: Located<String>, as name: Located<String>?, options: LoadOptions, context: Context,
        timeZone: TimeZoneSetting, columns named: [Located<String>] = []
    ) throws(Diagnostic) -> Dataset {
        let question = loadQuestion(
            path, as: name, options: options, context: context, timeZone: timeZone,
            columns: named)
        guard case .dataset(let dataset) = try read(question, at: path.range) else {
            throw Diagnostic(.unread([question]), at: path.range)
        }
        return dataset
    }

    /// The question reading the file at `path` as a dataset asks — the same for the same
    /// command, so a prefetch (`reload`) and the read find one answer.
    func loadQuestion(
        _ path: Located<String>, as name: Located<String>?, options: LoadOptions, context: Context,
        timeZone: TimeZoneSetting, columns named: [Located<String>] = []
    ) -> FileQuestion {
        // `load -`: standard input (a pipe is read once, as a stream).
        let resolved =
            path.value == "-"
            ? "/dev/stdin" : files.resolve(path.value, relativeTo: context.directory)
        let datasetName =
            name?.value ?? (path.value == "-" ? "stdin" : Self.datasetName(forPath: resolved))
        return .dataset(
            typed: path, resolved: resolved, name: datasetName, options: options,
            timeZone: timeZone, named: named)
    }

    /// The x of loaded columns: the one `x=` names, else their one date or time column
    /// (issue 31: what a user of a daily file means), else none (`x=none`, no time column,
    /// or several: the row number). Files and queries alike; a query kept in its engine
    /// follows the same rule (`RemoteEngines.xIndex`).
    static func xColumn(of columns: [Column], options: LoadOptions) -> String? {
        if let named = options.xColumn { return named }
        guard !options.rowIndex else { return nil }
        let times = columns.filter(\.isTime)
        return times.count == 1 ? times[0].name : nil
    }

    /// The file's bytes as a dataset: columns read on demand when the file allows it, else
    /// read whole (JSON or delimited text).
    func readDataset(
        _ bytes: MappedBytes, resolved: String, name: String, options: LoadOptions,
        timeZone: TimeZoneSetting, progress: @escaping @Sendable (Double) -> Void
    ) throws(DataError) -> Dataset {
        if let deferred = try onDemandDataset(
            bytes, resolved: resolved, name: name, options: options, timeZone: timeZone,
            shouldCancel: isCancelled)
        {
            return deferred
        }
        let table: DelimitedReader.Table
        if JSONTableReader.isJSON(path: resolved, bytes.buffer) {
            var reader = JSONTableReader(labelColumn: options.labelColumn, limits: limits)
            reader.timeZone = timeZone
            if case .format? = options.time { reader.patternedColumn = options.xColumn }
            table = try reader.read(bytes.buffer)
        } else {
            var reader = DelimitedReader(options: options, limits: limits)
            reader.timeZone = timeZone
            table = try reader.read(
                bytes.buffer, shouldCancel: isCancelled, release: { bytes.release($0, $1) },
                progress: progress)
        }
        return Dataset(
            name: name, columns: table.columns, labels: table.labels,
            source: .file(path: resolved, options: options), xColumn: options.xColumn)
    }

    /// The diagnostic of a load that failed: a file cut short while read, Ctrl-C, a column an
    /// option named that the file lacks (pointing at the option), or the reader's error.
    func loadFailure(
        _ error: DataError, of path: Located<String>, mapped bytes: MappedBytes,
        columns named: [Located<String>]
    ) -> Diagnostic {
        // Whatever the reader made of the zeros that replaced lost pages, it is not the file.
        if bytes.shrank {
            return Diagnostic(.unreadableData(path: path.value, .changedWhileRead), at: path.range)
        }
        if error == .cancelled { return Diagnostic(.cancelled, at: path.range) }
        if case .unknownLabelColumn(let label, let available) = error,
            let labelsOption = named.first(where: { $0.value == "labels" })
        {
            return Diagnostic(
                .unknown(.column, label, context: "labels= of load", candidates: available),
                at: labelsOption.range)
        }
        return Diagnostic(.unreadableData(path: path.value, error), at: path.range)
    }

    /// The columns with the `labels=` column kept among them, as text, first (issue 31:
    /// it was only labels, so `x=month` or `by=month` could not name it).
    static func keepingLabels(_ columns: [Column], _ labels: [String]?, _ options: LoadOptions)
        -> [Column]
    {
        guard let name = options.labelColumn, let labels,
            Column.index(of: name, in: columns.map(\.name)) == nil
        else { return columns }
        return [Column(name: TextMetrics.sanitized(name), text: labels)] + columns
    }

    /// Checks `x=` names a column, and reads it as times by `time=` (`timed`).
    func xColumns(
        _ columns: [Column], options: LoadOptions, timeZone: TimeZoneSetting,
        at range: SourceRange
    ) throws(Diagnostic) -> [Column] {
        guard let name = options.xColumn else { return columns }
        guard let index = Column.index(of: name, in: columns.map(\.name)) else {
            throw Diagnostic(
                .unknown(.column, name, context: "x= of load", candidates: columns.map(\.name)),
                at: range)
        }
        guard let reading = options.time else { return columns }
        var result = columns
        result[index] = try Self.timed(columns[index], by: reading, zone: timeZone, at: range)
        return result
    }

    /// Refuses a series of `rows` values in `columns` columns that would pass the memory budget.
    func checkBudget(_ rows: Int, columns: Int = 1, at range: SourceRange) throws(Diagnostic) {
        let bytes = columns.multipliedReportingOverflow(by: MemoryLayout<Double>.stride)
        guard !bytes.overflow, limits.fits(rows, of: bytes.partialValue) else {
            throw Diagnostic(.overBudget(rows: rows, budget: limits.memoryBudget), at: range)
        }
    }

    /// `data/Sales 2024.csv` → `Sales_2024`.
    public static func datasetName(forPath path: String) -> String {
        var base = Substring(path.split(separator: "/").last ?? "data")
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = base[..<dot] }
        return Identifier.made(from: base, fallback: "data")
    }

    /// `dataset.column`, `dataset` (one numeric column) or `column` (in exactly one dataset).
    func resolveSeries(_ name: Located<SeriesName>, in s: Session) throws(Diagnostic)
        -> SeriesReference
    {
        let series = name.value
        if let datasetName = series.dataset {
            let (dataset, column) = try explicitColumn(name, datasetName, in: s)
            guard column.isNumeric else {
                throw Diagnostic(
                    .notNumeric(series.description, grouped: GroupedNumber.example(in: column)),
                    at: columnRange(of: name))
            }
            return SeriesReference(dataset: dataset.name, column: column.name)
        }
        let value = series.column
        if !series.quoted, let dataset = s.dataset(named: value) {
            let numeric = dataset.numericColumns
            guard numeric.count == 1 else {
                throw Diagnostic(
                    .needsColumn(dataset: value, columns: numeric.map(\.name)), at: name.range)
            }
            return SeriesReference(dataset: value, column: numeric[0].name)
        }
        let holders = s.datasets.filter { Self.column(spelled: value, in: $0) != nil }
        if holders.count > 1 {
            throw Diagnostic(.ambiguousColumn(value, datasets: holders.map(\.name)), at: name.range)
        }
        if let holder = holders.first, let column = Self.column(spelled: value, in: holder) {
            guard column.isNumeric else {
                throw Diagnostic(
                    .notNumeric(value, grouped: GroupedNumber.example(in: column)), at: name.range)
            }
            return SeriesReference(dataset: holder.name, column: column.name)
        }
        // Bare column names too, so `revenu` is met with "did you mean 'revenue'?".
        let candidates =
            s.datasets.map(\.name)
            + s.datasets.flatMap { d in d.numericColumns.map(\.name) }
            + s.datasets.flatMap { d in
                d.numericColumns.map { SeriesName(dataset: d.name, column: $0.name).description }
            }
        throw Diagnostic(
            .unknown(.series, value, candidates: candidates),
            at: name.range)
    }

    /// The dataset and column of `dataset.column`, or a diagnostic at the part that is wrong.
    private func explicitColumn(
        _ name: Located<SeriesName>, _ datasetName: String,
        in s: Session
    ) throws(Diagnostic) -> (Dataset, Column) {
        guard let dataset = s.dataset(named: datasetName) else {
            throw Diagnostic(
                .unknown(.dataset, datasetName, candidates: s.datasets.map(\.name)),
                at: SourceRange(start: name.range.start, length: datasetName.count))
        }
        guard let column = Self.column(spelled: name.value.column, in: dataset) else {
            throw Diagnostic(
                .unknown(
                    .column, name.value.column, context: "dataset '\(datasetName)'",
                    candidates: dataset.columns.map(\.name)), at: columnRange(of: name))
        }
        return (dataset, column)
    }

    /// A column by its name, or by the id a plot of it gets — the legend's spelling
    /// (`Jan_2024` for `Jan 2024`) — when exactly one column has that id.
    static func column(spelled name: String, in dataset: Dataset) -> Column? {
        if let column = dataset.column(named: name) { return column }
        let matches = dataset.columns.filter {
            Identifier.made(from: $0.name, fallback: "") == name
        }
        return matches.count == 1 ? matches[0] : nil
    }

    /// Where the column part of `dataset.column` was typed.
    private func columnRange(of name: Located<SeriesName>) -> SourceRange {
        let skip = (name.value.dataset?.count ?? -1) + 1
        return SourceRange(
            line: name.range.start.line, column: name.range.start.column + skip,
            length: max(1, name.range.length - skip))
    }

    func labelSource(_ name: Located<SeriesName>, in s: Session) throws(Diagnostic) -> LabelSource?
    {
        let series = name.value
        if series.dataset == nil && !series.quoted {
            switch series.column.lowercased() {
            case "auto": return nil
            case "index": return .index
            default: break
            }
            if let dataset = s.dataset(named: series.column) {
                if dataset.labels != nil { return .datasetLabels(dataset.name) }
                let textColumns = dataset.columns.filter { !$0.isNumeric }
                if textColumns.count == 1 {
                    return .column(
                        SeriesReference(dataset: dataset.name, column: textColumns[0].name))
                }
                throw Diagnostic(
                    .needsColumn(dataset: dataset.name, columns: dataset.columns.map(\.name)),
                    at: name.range)
            }
        }
        if let datasetName = series.dataset {
            let (dataset, column) = try explicitColumn(name, datasetName, in: s)
            return .column(SeriesReference(dataset: dataset.name, column: column.name))
        }
        // A bare column name found in exactly one dataset.
        let holders = s.datasets.filter { $0.column(named: series.column) != nil }
        if holders.count == 1, let holder = holders.first,
            let column = holder.column(named: series.column)
        {
            return .column(SeriesReference(dataset: holder.name, column: column.name))
        }
        if holders.count > 1 {
            throw Diagnostic(
                .ambiguousColumn(series.column, datasets: holders.map(\.name)), at: name.range)
        }
        let candidates =
            ["auto", "index"] + s.datasets.map(\.name)
            + s.datasets.flatMap { $0.columns.map(\.name) }
        throw Diagnostic(.unknown(.dataset, series.column, candidates: candidates), at: name.range)
    }
}

extension Executor {
    /// A `gen` dataset, cancellable with Ctrl-C (the session then stays as it was).
    func generated(_ name: String, _ generator: Generator, at range: SourceRange)
        throws(Diagnostic) -> Dataset
    {
        do {
            return try DataGenerator.dataset(
                named: name, generator: generator, shouldCancel: isCancelled)
        } catch {
            throw Diagnostic(.cancelled, at: range)
        }
    }
}

extension Executor {
    /// The dataset `save csv` writes: the named one, else the first plot's, else the only one.
    func csvDataset(_ name: Located<String>?, in s: Session, at range: SourceRange)
        throws(Diagnostic) -> Dataset
    {
        if let name { return try datasetOrDrawnTable(name, in: s) }
        if let plot = s.plots.first, let dataset = s.dataset(named: plot.series.dataset) {
            return dataset
        }
        if s.datasets.count == 1, let only = s.datasets.first { return only }
        throw Diagnostic(
            .expected(.csvDataset(s.datasets.map(\.name)), found: nil), at: range)
    }
}
