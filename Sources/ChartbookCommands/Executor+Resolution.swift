import ChartbookModel
import ChartbookData

/// Looking names up in the session and reading data files, for the executor's commands.
extension Executor {

    func existingDataset(_ name: Located<String>, in s: Session) throws(Diagnostic) -> Dataset {
        guard let dataset = s.dataset(named: name.value) else {
            throw Diagnostic(.unknown(.dataset, name.value, candidates: s.datasets.map(\.name)), at: name.range)
        }
        return dataset
    }

    /// Puts `dataset` in the session, refusing when a plot would lose its column.
    func replace(_ dataset: Dataset, in s: inout Session, at range: SourceRange) throws(Diagnostic) {
        let broken = s.plots.filter { $0.series.dataset == dataset.name && dataset.column(named: $0.series.column)?.isNumeric != true }
        if !broken.isEmpty { throw Diagnostic(.datasetInUse(dataset.name, plots: broken.map(\.id)), at: range) }
        s.upsert(dataset)
    }

    func load(_ path: Located<String>, as name: Located<String>?, options: LoadOptions, context: Context) throws(Diagnostic) -> Dataset {
        let resolved = files.resolve(path.value, relativeTo: context.directory)
        let bytes: MappedBytes
        do { bytes = try files.map(resolved) } catch {
            if error == .cancelled { throw Diagnostic(.cancelled, at: path.range) }
            throw Diagnostic(.cannotRead(path: path.value, reason: error.reason), at: path.range)
        }
        let table: DelimitedReader.Table
        let report = progress, typed = path.value
        defer { report(typed, 1) }
        do {
            if resolved.lowercased().hasSuffix(".json") || JSONTableReader.looksLikeJSON(bytes.buffer) {
                table = try JSONTableReader(labelColumn: options.labelColumn, limits: limits).read(bytes.buffer)
            } else {
                table = try DelimitedReader(options: options, limits: limits).read(bytes.buffer, shouldCancel: isCancelled,
                                                                  release: { bytes.release($0, $1) },
                                                                  progress: { report(typed, $0) })
            }
        } catch {
            if error == .cancelled { throw Diagnostic(.cancelled, at: path.range) }
            throw Diagnostic(.unreadableData(path: path.value, error), at: path.range)
        }
        // Ctrl-C late in the read (after the last poll) still means: nothing changes.
        if isCancelled() { throw Diagnostic(.cancelled, at: path.range) }
        return Dataset(name: name?.value ?? Self.datasetName(forPath: resolved), columns: table.columns,
                       labels: table.labels, source: .file(path: resolved, options: options))
    }

    /// Refuses a series of `rows` values in `columns` columns that would pass the memory budget.
    func checkBudget(_ rows: Int, columns: Int = 1, at range: SourceRange) throws(Diagnostic) {
        let bytes = columns.multipliedReportingOverflow(by: MemoryLayout<Double>.stride)
        guard !bytes.overflow, limits.fits(rows, of: bytes.partialValue) else {
            throw Diagnostic(.overBudget(rows: rows, budget: limits.memoryBudget), at: range)
        }
    }

    /// `data/Sales 2024.csv` → `Sales_2024`.
    static func datasetName(forPath path: String) -> String {
        var base = Substring(path.split(separator: "/").last ?? "data")
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = base[..<dot] }
        var name = Identifier.replacingInvalidCharacters(base)
        if let first = name.first, !(first.isLetter || first == "_") { name = "_" + name }
        return name.isEmpty ? "data" : name
    }

    /// `dataset.column`, `dataset` (one numeric column) or `column` (in exactly one dataset).
    func resolveSeries(_ text: Located<String>, in s: Session) throws(Diagnostic) -> SeriesReference {
        let value = text.value
        if let dot = value.firstIndex(of: "."), dot != value.startIndex {
            let datasetName = String(value[..<dot]), columnName = String(value[value.index(after: dot)...])
            let datasetRange = SourceRange(start: text.range.start, length: datasetName.count)
            guard let dataset = s.dataset(named: datasetName) else {
                throw Diagnostic(.unknown(.dataset, datasetName, candidates: s.datasets.map(\.name)), at: datasetRange)
            }
            let columnRange = SourceRange(line: text.range.start.line, column: text.range.start.column + datasetName.count + 1,
                                          length: columnName.count)
            guard let column = dataset.column(named: columnName) else {
                throw Diagnostic(.unknown(.column, columnName, context: "dataset '\(datasetName)'",
                                          candidates: dataset.columns.map(\.name)), at: columnRange)
            }
            guard column.isNumeric else { throw Diagnostic(.notNumeric(value), at: columnRange) }
            return SeriesReference(dataset: datasetName, column: columnName)
        }
        if let dataset = s.dataset(named: value) {
            let numeric = dataset.numericColumns
            guard numeric.count == 1 else { throw Diagnostic(.needsColumn(dataset: value, columns: numeric.map(\.name)), at: text.range) }
            return SeriesReference(dataset: value, column: numeric[0].name)
        }
        let holders = s.datasets.filter { $0.column(named: value) != nil }
        if holders.count > 1 { throw Diagnostic(.ambiguousColumn(value, datasets: holders.map(\.name)), at: text.range) }
        if let holder = holders.first {
            guard holder.column(named: value)?.isNumeric == true else { throw Diagnostic(.notNumeric(value), at: text.range) }
            return SeriesReference(dataset: holder.name, column: value)
        }
        let candidates = s.datasets.map(\.name) + s.datasets.flatMap { d in d.numericColumns.map { "\(d.name).\($0.name)" } }
        throw Diagnostic(.unknown(.dataset, value, candidates: candidates), at: text.range)
    }

    func labelSource(_ text: Located<String>, in s: Session) throws(Diagnostic) -> LabelSource? {
        switch text.value.lowercased() {
        case "auto": return nil
        case "index": return .index
        default: break
        }
        if let dataset = s.dataset(named: text.value) {
            if dataset.labels != nil { return .datasetLabels(text.value) }
            let textColumns = dataset.columns.filter { !$0.isNumeric }
            if textColumns.count == 1 { return .column(SeriesReference(dataset: text.value, column: textColumns[0].name)) }
            throw Diagnostic(.needsColumn(dataset: text.value, columns: dataset.columns.map(\.name)), at: text.range)
        }
        if let dot = text.value.firstIndex(of: ".") {
            let datasetName = String(text.value[..<dot]), columnName = String(text.value[text.value.index(after: dot)...])
            guard let dataset = s.dataset(named: datasetName) else {
                throw Diagnostic(.unknown(.dataset, datasetName, candidates: s.datasets.map(\.name)),
                                 at: SourceRange(start: text.range.start, length: datasetName.count))
            }
            guard dataset.column(named: columnName) != nil else {
                throw Diagnostic(.unknown(.column, columnName, context: "dataset '\(datasetName)'", candidates: dataset.columns.map(\.name)),
                                 at: SourceRange(line: text.range.start.line, column: text.range.start.column + datasetName.count + 1, length: columnName.count))
            }
            return .column(SeriesReference(dataset: datasetName, column: columnName))
        }
        let candidates = ["auto", "index"] + s.datasets.map(\.name)
        throw Diagnostic(.unknown(.dataset, text.value, candidates: candidates), at: text.range)
    }
}
