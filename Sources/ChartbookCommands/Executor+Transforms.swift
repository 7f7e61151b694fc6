import ChartbookModel
import ChartbookTransform

extension Command {
    /// Where a transform option of `add plot` was typed, for a transform's error.
    var transformRange: SourceRange? {
        if case .addPlot(_, _, _, _, let binding) = self { return binding.transformRange }
        return nil
    }

    /// Where plot option `name` (`labels`, `style`, `x` …) was typed in this command, key
    /// through value: `add plot`'s or `set plot`'s; nil where it was not.
    func typedRange(ofOption name: String) -> SourceRange? {
        switch self {
        case .addPlot(_, _, _, _, let binding): return binding.typed[name]
        case .setPlot(_, let options):
            return options.last { $0.name == name }?.range
        default: return nil
        }
    }
}

/// Keeping every plot's drawn table (`DrawnTable`) in step with the session, and the rule
/// that bars never hide each other.
extension Executor {
    /// Makes the drawn table of every plot with transforms whose inputs changed (a new
    /// plot, new options, a reload, another time zone) and drops those of plots without;
    /// a table whose inputs are unchanged is kept, so `view`, `scroll` and `select` cost
    /// nothing. A transform that cannot be computed refuses the command at `range`.
    func refreshDrawnTables(_ s: inout Session, at range: SourceRange) throws(Diagnostic) {
        for i in s.plots.indices {
            let plot = s.plots[i]
            guard let pipeline = TransformPipeline(plot: plot, in: s),
                let dataset = s.dataset(named: plot.series.dataset)
            else {
                s.plots[i].drawn = nil
                continue
            }
            var inputs = TableExecutor.inputs(of: plot, pipeline, dataset, s)
            // A faceted plot's table depends on its facet columns too.
            for name in plot.binding.facet?.columns ?? []
            where !inputs.columns.contains(where: { $0.name == name }) {
                if let column = dataset.column(named: name) { inputs.columns.append(column) }
            }
            if plot.drawn?.inputs == inputs { continue }
            // Columns on demand are read before the session is committed; until then the
            // plot waits (the refresh after `readColumnsInUse` makes its table).
            guard inputs.columns.allSatisfy(\.isRead) else {
                s.plots[i].drawn = nil
                continue
            }
            if dataset.remote != nil {
                s.plots[i].drawn = try engineDrawnTable(plot, pipeline, dataset, inputs, at: range)
                continue
            }
            if let facet = plot.binding.facet {
                s.plots[i].drawn = try facetedDrawnTable(
                    plot, pipeline, dataset, facet, inputs, at: range)
                continue
            }
            do throws(TransformError) {
                let result = try Self.run(plot, pipeline, on: dataset)
                var drawn = DrawnTable(
                    table: result.table, y: result.y, rows: result.rows, notes: result.notes,
                    inputs: inputs)
                drawn.chartNotes = result.chartNotes
                (drawn.low, drawn.high) = (result.low, result.high)
                let timeX = pipeline.x.flatMap { dataset.column(named: $0) }?.isTime == true
                drawn.fits = result.fits.mapValues { $0.summary(timeX: timeX) }
                s.plots[i].drawn = drawn
            } catch { throw Self.refused(error, plot: plot.id, at: range) }
        }
    }

    /// A transform that cannot be computed, as the diagnostic of the plot that asked for it.
    static func refused(_ error: TransformError, plot: String, at range: SourceRange) -> Diagnostic
    {
        Diagnostic(.transform(plot: plot, message: error.message, hint: error.hint), at: range)
    }

    /// Refuses a bar plot (`bar`, `stacked`, `grouped`) without `agg=` where several rows
    /// of a group share an x: the bars would be drawn over each other and show only one.
    func checkRepeatedX(of id: String?, in s: Session, at range: SourceRange)
        throws(Diagnostic)
    {
        guard let plot = s.plots.first(where: { $0.id == id }), plot.binding.aggregate == nil,
            plot.kind.chart == .cartesian, plot.kind.spec.mark == .bars,
            plot.kind.spec.traits.contains(.aggregates),
            let x = s.xColumn(of: plot), let dataset = s.dataset(named: plot.series.dataset)
        else { return }
        guard
            let (rows, at) = TableExecutor.mostRowsPerX(
                x.name, by: plot.binding.by, filter: plot.binding.filter, in: dataset,
                zone: s.timeZone)
        else { return }
        throw Diagnostic(.repeatedX(plot: plot.id, rows: rows, x: "\(x.name)=\(at)"), at: range)
    }

    /// A faceted plot's computed table: its pipeline run over each panel's rows (the bins
    /// of `bin=N` resolved over all of them, so every panel has the same), one table after
    /// another, each row carrying its panel's values in the facet columns — which the page's
    /// panels then keep, as they keep a plot's own rows.
    func facetedDrawnTable(
        _ plot: Plot, _ pipeline: TransformPipeline, _ dataset: Dataset, _ facet: Facet,
        _ inputs: DrawnTable.Inputs, at range: SourceRange
    ) throws(Diagnostic) -> DrawnTable? {
        let pipeline = pipeline.resolved(on: dataset)
        let kept = plot.binding.filter.flatMap { filter in
            dataset.column(named: filter.column).map(filter.keeps)
        }
        var tables = [Dataset](), notes = [String](), chartNotes = [String](), y = ""
        var counted: String?
        var ends: (low: String?, high: String?) = (nil, nil)
        var panelFits = [Facet.Key: [String: String]]()
        let timeX = pipeline.x.flatMap { dataset.column(named: $0) }?.isTime == true
        for group in dataset.facetGroups(facet, keeping: kept) {
            do throws(TransformError) {
                let result = try Self.run(plot, pipeline, on: dataset.keeping(rows: group.rows))
                var table = result.table
                // (A facet by the by= column has its values already.)
                let values =
                    [(facet.column, group.key.column)]
                    + (facet.row.map { [($0, group.key.row ?? "")] } ?? [])
                for (name, value) in values where table.column(named: name) == nil {
                    table.columns.append(
                        Column(name: name, text: Array(repeating: value, count: table.count)))
                }
                tables.append(table)
                if !result.fits.isEmpty {
                    panelFits[group.key] = result.fits.mapValues { $0.summary(timeX: timeX) }
                }
                notes += result.notes.filter { !notes.contains($0) }
                chartNotes += result.chartNotes.filter { !chartNotes.contains($0) }
                (y, counted, ends) = (result.y, result.rows, (result.low, result.high))
            } catch { throw Self.refused(error, plot: plot.id, at: range) }
        }
        guard let table = Dataset.concatenated(tables) else { return nil }
        var drawn = DrawnTable(table: table, y: y, rows: counted, notes: notes, inputs: inputs)
        drawn.panelFits = panelFits
        drawn.chartNotes = chartNotes
        (drawn.low, drawn.high) = ends
        return drawn
    }

    /// `pipeline` run over `dataset` for `plot`: with `extent=`, its table also holds the
    /// whiskers' ends (`lowColumn`, `highColumn`) of each x (and group) — the mean ± the
    /// sample standard deviation or the standard error, or the first and third quartiles
    /// around the median — from the same rows, found by the same grouping.
    static func run(_ plot: Plot, _ pipeline: TransformPipeline, on dataset: Dataset)
        throws(TransformError) -> TableExecutor.Result
    {
        var result = try TableExecutor.run(pipeline, on: dataset)
        guard let extent = plot.binding.extent else { return result }
        func values(_ aggregate: Aggregation) throws(TransformError) -> [[String]: Double] {
            var aux = pipeline
            aux.aggregate = aggregate
            let other = try TableExecutor.run(aux, on: dataset)
            return Self.byKey(other.table, y: other.y, pipeline)
        }
        let center = result.table.column(named: result.y)?.numbers ?? []
        let keys = Self.keys(result.table, pipeline)
        var low = [Double](repeating: .nan, count: center.count)
        var high = low
        switch extent {
        case .stdev, .stderr:
            let spread = try values(.stdev)
            let counts = extent == .stderr ? try values(.count) : [:]
            for (i, key) in keys.enumerated() where i < center.count {
                guard var d = spread[key] else { continue }
                if extent == .stderr { d /= (counts[key] ?? .nan).squareRoot() }
                (low[i], high[i]) = (center[i] - d, center[i] + d)
            }
        case .iqr:
            let (q1, q3) = (try values(.q1), try values(.q3))
            for (i, key) in keys.enumerated() where i < center.count {
                (low[i], high[i]) = (q1[key] ?? .nan, q3[key] ?? .nan)
            }
        }
        result.table.columns += [
            Column(name: DrawnTable.lowColumn, numbers: low),
            Column(name: DrawnTable.highColumn, numbers: high),
        ]
        (result.low, result.high) = (DrawnTable.lowColumn, DrawnTable.highColumn)
        return result
    }

    /// Each row's key in a computed table: its x (and group) cells as text.
    static func keys(_ table: Dataset, _ pipeline: TransformPipeline) -> [[String]] {
        let columns = [pipeline.x, pipeline.by].compactMap { $0 }.compactMap {
            table.column(named: $0)
        }
        return (0..<table.count).map { row in columns.map { $0.text(at: row) } }
    }

    /// A computed table's values by row key (`keys`).
    static func byKey(_ table: Dataset, y: String, _ pipeline: TransformPipeline)
        -> [[String]: Double]
    {
        let values = table.column(named: y)?.numbers ?? []
        var found = [[String]: Double]()
        for (row, key) in keys(table, pipeline).enumerated() where row < values.count {
            found[key] = values[row]
        }
        return found
    }
}
