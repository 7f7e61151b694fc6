import ChartbookModel
import ChartbookData

extension Executor {
    /// `add plot`, `set plot`, `remove plot`, `plots`, `set reflines`, `add refline`, `remove refline`.
    /// Nil for any other command; otherwise the effects, with `s` changed.
    func applyPlots(
        _ command: Command, to s: inout Session, at range: SourceRange, context: Context
    ) throws(Diagnostic) -> [Effect]? {
        switch command {
        case .addPlot(let kind, let series, let id, let style, let binding):
            return try addPlot(
                kind, series, as: id, style: style, binding: binding, in: &s, at: range)
        case .setPlot(let id, let options): try setPlot(id, options, in: &s)
        case .removePlot(let id):
            guard s.plot(id: id.value) != nil else {
                throw Diagnostic(
                    .unknown(.plot, id.value, candidates: s.plots.map(\.id)), at: id.range)
            }
            s.plots.removeAll { $0.id == id.value }
        case .plots:
            return [.print(SessionReport.plots(s))]
        case .setReflines(let change):
            s.referenceLines = change.applied(to: s.referenceLines)
        case .addRefline(let spec): try addRefline(spec, in: &s, at: range)
        case .removeRefline(let target): try removeRefline(target, in: &s)
        case .addAnnotation(let spec): try addAnnotation(spec, in: &s, at: range)
        case .setAnnotation(let id, let change): try setAnnotation(id, change, in: &s)
        case .removeAnnotation(let id):
            guard s.annotations.contains(where: { $0.id == id.value }) else {
                throw Diagnostic(
                    .unknown(.annotation, id.value, candidates: s.annotations.map(\.id)),
                    at: id.range)
            }
            s.annotations.removeAll { $0.id == id.value }
        default: return nil
        }
        return [.render]
    }

    /// `add plot KIND SERIES [as ID] …`: the series, its binding and the chart checked first.
    func addPlot(
        _ kind: Plot.Kind, _ seriesText: Located<SeriesName>, as id: Located<String>?,
        style: PlotStyle, binding bindingSpec: PlotBindingSpec, in s: inout Session,
        at range: SourceRange
    ) throws(Diagnostic) -> [Effect] {
        let series: SeriesReference
        if let counted = countedRows(seriesText, bindingSpec, in: s) {
            series = counted
        } else {
            series = try resolveSeries(seriesText, in: s)
        }
        try checkChartType(kind, in: s, at: range)
        let dataset = try existingDataset(Located(series.dataset, at: seriesText.range), in: s)
        let binding = try completedColumns(
            resolvedBinding(bindingSpec, over: PlotBinding(), dataset: dataset, session: s),
            kind: kind, dataset: dataset, at: seriesText.range)
        try checkRemote(kind, binding, dataset, at: seriesText.range)
        try checkHeatmapMatrix(kind, binding, bindingSpec)
        if let id, s.plot(id: id.value) != nil {
            throw Diagnostic(.duplicateName(.plot, id.value), at: id.range)
        }
        let taken = Set(s.plots.map(\.id))
        var base = Identifier.made(from: Self.defaultID(kind, series), fallback: "plot")
        // A second plot of a column is named by what it shows (`latency_ms_p95`), not by a
        // number (`latency_ms2`).
        if taken.contains(base), let shown = Self.shownAs(kind, binding) {
            base = Identifier.made(from: base + "_" + shown, fallback: base)
        }
        let plotID = id?.value ?? Identifier.unique(base, taken: taken)
        guard s.plots.count < limits.maxPlots else {
            throw Diagnostic(.tooMany("plots", limit: limits.maxPlots), at: range)
        }
        var plot = Plot(
            id: plotID, kind: kind, series: series, style: style,
            paletteSlot: s.freePaletteSlot, binding: binding)
        plot.palette = s.output.theme.palette
        s.plots.append(plot)
        try refreshDrawnTables(&s, at: bindingSpec.transformRange ?? seriesText.range)
        try checkXScale(s, at: seriesText.range)
        return alignmentNote(s) + [.render]
    }

    /// A new plot's id when `as` gives none: its column's name; `count` for counted rows,
    /// `trend` for a trend (drawn beside the points it fits, which have the column's name).
    static func defaultID(_ kind: Plot.Kind, _ series: SeriesReference) -> String {
        if kind == .trend { return "trend" }
        return series.column.isEmpty ? "count" : series.column
    }

    /// What a plot shows of its column, for its id beside another plot of it: its `agg=`
    /// (`p95`), its window (`rolling`, `running`, `change`), `top`, or its kind when that is a
    /// statistic of its own (`ecdf`, `density`, `violin`, `histogram`, `box`); nil otherwise.
    static func shownAs(_ kind: Plot.Kind, _ binding: PlotBinding) -> String? {
        if let aggregate = binding.aggregate { return aggregate.rawValue }
        if let window = binding.window { return window.option }
        if binding.top != nil { return "top" }
        let statistics: Set<Plot.Kind> = [.ecdf, .density, .violin, .histogram, .box]
        return statistics.contains(kind) ? kind.rawValue : nil
    }

    /// `add plot KIND DATASET … agg=count`: the dataset's rows counted, no column drawn
    /// (a series whose column is empty); nil for any other series.
    func countedRows(
        _ text: Located<SeriesName>, _ spec: PlotBindingSpec, in s: Session
    ) -> SeriesReference? {
        guard spec.aggregate?.value == .count, text.value.dataset == nil, !text.value.quoted,
            s.dataset(named: text.value.column) != nil
        else { return nil }
        return SeriesReference(dataset: text.value.column, column: "")
    }

    /// `set plot ID key=value …`: the options read against the plot's kind, merged into it.
    func setPlot(_ id: Located<String>, _ options: [TypedOption], in s: inout Session)
        throws(Diagnostic)
    {
        guard let index = s.plots.firstIndex(where: { $0.id == id.value }) else {
            throw Diagnostic(
                .unknown(.plot, id.value, candidates: s.plots.map(\.id)), at: id.range)
        }
        let kind = s.plots[index].kind
        let settings = try Parser.plotSettings(options, kind: kind) { option in
            Diagnostic(.optionNotFor(option.name, kind: kind.rawValue), at: option.key.range)
        }
        s.plots[index].style = s.plots[index].style.merged(with: settings.style)
        var binding = settings.binding
        // A constant colour or size given takes the place of a channel (`color=red` after
        // `color=origin`).
        if settings.style.color != nil, binding.color == nil {
            binding.color = Located(nil, at: id.range)
        }
        if settings.style.marker.size != nil, binding.size == nil {
            binding.size = Located(nil, at: id.range)
        }
        if settings.style.marker.opacity != nil, binding.opacity == nil {
            binding.opacity = Located(nil, at: id.range)
        }
        s.plots[index].binding = try resolvedBinding(
            binding, over: s.plots[index].binding,
            dataset: try existingDataset(
                Located(s.plots[index].series.dataset, at: id.range), in: s),
            session: s)
        try checkHeatmapMatrix(kind, s.plots[index].binding, settings.binding)
        try refreshDrawnTables(&s, at: id.range)
        try checkXScale(s, at: id.range)
    }

    /// `add refline VALUE|STATISTIC SERIES …`.
    func addRefline(_ spec: MarkedLineSpec, in s: inout Session, at range: SourceRange)
        throws(Diagnostic)
    {
        let value: MarkedLine.Value
        var filter: RowFilter?
        switch spec.value {
        case .constant(let v):
            value = .constant(v)
            if let given = spec.filter {
                throw Diagnostic(
                    .invalidValue(
                        key: "where", value: given.value.description,
                        expected: "a statistic to filter (\(StatisticKind.listed) of a series)"),
                    at: given.range)
            }
        case .x(let text):
            value = try verticalLine(at: text, in: s)
        case .statistic(let kind, let text):
            let series = try resolveSeries(text, in: s)
            value = .statistic(kind, series)
            if spec.placement == .x {
                try checkFollowsX(
                    Located("\(kind.rawValue) \(series)", at: text.range), in: s,
                    what: "statistics at x (x=\(kind.rawValue))", key: "x")
            }
            if let given = spec.filter {
                let dataset = try existingDataset(Located(series.dataset, at: text.range), in: s)
                let resolved = try resolvedFilter(given, in: dataset, session: s)
                try checkFilterKeeps(resolved, dataset)
                filter = resolved.value
            }
        }
        guard s.markedLines.count < limits.maxMarkedLines else {
            throw Diagnostic(
                .tooMany("marked reference lines", limit: limits.maxMarkedLines), at: range)
        }
        var line = MarkedLine(
            id: "r\(s.nextMarkedLineNumber)", value: value,
            label: spec.label.map(TextMetrics.sanitized),
            color: spec.color, style: spec.style ?? .dashed, fit: spec.fit ?? true,
            axis: spec.axis ?? .left, filter: filter)
        line.placement = spec.placement
        line.width = spec.width
        s.markedLines.append(line)
        s.nextMarkedLineNumber += 1
    }

    /// `add refline x=VALUE` (a line) or `x=A..B` (a band): the values read by the chart's
    /// x scale — numbers and times (linear, time or log); on row numbers and categories a
    /// line would follow no x value when the data changes, so it is refused (the parser
    /// refuses the options of lines across: `where=`, `axis=`, `fit=`).
    func verticalLine(at text: Located<String>, in s: Session)
        throws(Diagnostic) -> MarkedLine.Value
    {
        try checkFollowsX(text, in: s, what: "vertical reference lines (x=)", key: "x")
        // `A..B`: a band between two values.
        if let (lower, upper) = ValueParser.ends(of: text.value) {
            let a = try xValue(Located(lower, at: text.range), in: s)
            let b = try xValue(Located(upper, at: text.range), in: s)
            guard a < b else {
                throw Diagnostic(
                    .invalidValue(key: "x", value: text.value, expected: "A..B with A before B"),
                    at: text.range)
            }
            return .span(a, b, text: text.value)
        }
        return .x(try xValue(text, in: s), text: text.value)
    }

    /// Refuses a mark at `text`, an x value, where it would follow no x value when the data
    /// changes: no plot, a chart without an x axis, an x of row numbers or categories.
    func checkFollowsX(
        _ text: Located<String>, in s: Session, what: String, key: String,
        categories: Bool = false
    ) throws(Diagnostic) {
        guard !s.plots.isEmpty else { throw Diagnostic(.noPlots, at: text.range) }
        guard s.chartType.hasXAxis else {
            throw Diagnostic(.notForChart(command: what, chart: s.chartType.noun), at: text.range)
        }
        let kind = s.xScaleKind
        guard kind != .index, kind != .category || categories else {
            throw Diagnostic(
                .invalidValue(
                    key: key, value: text.value,
                    expected:
                        "a number or time x (this chart's x is \(kind == .index ? "row numbers" : "categories"))"
                ),
                at: text.range)
        }
    }

    /// One x value of a mark, read by the chart's x scale (above 0 on a log x, 0 or more on
    /// a sqrt x).
    func xValue(_ text: Located<String>, in s: Session, key: String = "x") throws(Diagnostic)
        -> Double
    {
        let value = try xReader(s).value(text)
        if let admitted = s.xScaleKind.admitted, !s.xScaleKind.transform.admits(value) {
            throw Diagnostic(
                .invalidValue(key: key, value: text.value, expected: admitted), at: text.range)
        }
        return value
    }

    /// `remove refline ID|VALUE`.
    func removeRefline(_ target: Located<String>, in s: inout Session) throws(Diagnostic) {
        if let index = s.markedLines.firstIndex(where: { $0.id == target.value }) {
            s.markedLines.remove(at: index)
        } else if let number = ValueParser.number(target.value),
            let index = s.markedLines.firstIndex(where: { $0.value == .constant(number) })
        {
            s.markedLines.remove(at: index)
        } else {
            let values = s.markedLines.compactMap { line -> String? in
                if case .constant(let v) = line.value { return NumberText.shortest(v) }
                return nil
            }
            throw Diagnostic(
                .unknown(.refline, target.value, candidates: s.markedLines.map(\.id) + values),
                at: target.range)
        }
    }

    /// A remote dataset draws lines: its drawing holds only the rows that set dots of a
    /// line (M4), which other kinds would misdraw (what else a line may not ask of it is
    /// `checkRemoteUse`'s, on every new session).
    func checkRemote(
        _ kind: Plot.Kind, _ binding: PlotBinding, _ dataset: Dataset,
        at range: SourceRange
    ) throws(Diagnostic) {
        guard dataset.remote != nil else { return }
        // Aggregates are computed by the engine, for any kind, and so is a composite mark's
        // statistic where its compiler can say it (`engineDrawnTable` refuses the others).
        if binding.aggregate != nil || kind.spec.distribution != nil { return }
        guard kind == .line else {
            throw Diagnostic(
                .remoteNeedsLocal(dataset: dataset.name, needs: "\(kind.rawValue) plots"),
                at: range)
        }
    }

    /// What the engine computes for a remote dataset is the M4 rows of lines along its x
    /// column (of every row, of the rows a `where=` keeps, of each `by=` group; on a linear
    /// or log y scale); anything the session asks beyond that — other kinds, a log x,
    /// statistics the engine was not asked for — would be computed from those rows, a
    /// sample, and be wrong. Checked on every new session, so the order of commands cannot
    /// get around it (`set plot` too).
    /// A refusal points at the option that asked where the command typed it (`typed`: its
    /// place by option name), else at `range`.
    func checkRemoteUse(
        _ s: Session, at range: SourceRange, typed: (String) -> SourceRange? = { _ in nil }
    ) throws(Diagnostic) {
        let remote = Set(s.datasets.filter { $0.remote != nil }.map(\.name))
        guard !remote.isEmpty else { return }
        func refuse(_ name: String, _ needs: String, option: String? = nil) -> Diagnostic {
            Diagnostic(
                .remoteNeedsLocal(dataset: name, needs: needs),
                at: option.flatMap(typed) ?? range)
        }
        for plot in s.plots where remote.contains(plot.series.dataset) {
            guard let table = s.dataset(named: plot.series.dataset)?.remote else { continue }
            // Groups of a time column (by=, color= a time): a drawing's rows are matched to
            // a group by its name, written to the millisecond, and the engine names a
            // computed table's groups by its seconds — only the groups a picked row named
            // alike were drawn, or groups named otherwise (issue 52, the covering lines).
            if let by = plot.binding.by, table.timeColumns.contains(by) {
                throw refuse(
                    plot.series.dataset, "groups of a time column (by=\(by))",
                    option: ["by", "color", "detail"].first { typed($0) != nil })
            }
            // A plot the engine computed (`engineDrawnTable`) draws its table, not the rows.
            if plot.drawn == nil, let needs = Self.remoteLineNeeds(plot, table, s.xScaleKind) {
                throw refuse(plot.series.dataset, needs.what, option: needs.option)
            }
        }
        for line in s.markedLines {
            if case .statistic(let kind, let series) = line.value, remote.contains(series.dataset),
                line.engineValue == nil
            {
                throw refuse(series.dataset, "statistics of its values (\(kind.rawValue))")
            }
        }
    }

    /// What `plot`, drawn from the M4 picks of `table`'s rows on an x scale of `xScale`,
    /// asks that they cannot give, and the option that asked it where one did (nil:
    /// nothing).
    static func remoteLineNeeds(_ plot: Plot, _ table: RemoteTable, _ xScale: XScaleKind)
        -> (what: String, option: String?)?
    {
        if plot.kind != .line { return ("\(plot.kind.rawValue) plots", nil) }
        // Aggregates, bins, windows and fits of the picks would be wrong; the engine
        // computes them with agg= (`engineDrawnTable`).
        if plot.binding.transforms || plot.kind == .trend {
            return ("transforms (agg=, bin=, windows, trends)", nil)
        }
        // A label per row (its share of every row's total, for percent) and a monotone
        // curve, whose slope at a row depends on its neighbours, need every row: drawn
        // through the picks, they labelled other rows with wrong shares and bent elsewhere
        // (issue 52, found by the covering lines).
        if let labels = plot.style.labels, labels != .off {
            return ("value labels (labels=\(labels.rawValue))", "labels")
        }
        if plot.style.stroke.curve == .smooth {
            return ("a smooth curve through every row (style=smooth)", "style")
        }
        // The engine buckets its own x (`set plot … x=` asked for another too).
        if let x = plot.binding.x, x.lowercased() != table.xColumn.lowercased() {
            return ("another x column than its own, \(table.xColumn) (x=\(x))", "x")
        }
        return remoteXScaleNeeds(table, xScale).map { ($0, nil) }
    }

    /// What an x scale of `xScale` asks of `table`'s picks that they cannot give (nil:
    /// nothing).
    static func remoteXScaleNeeds(_ table: RemoteTable, _ xScale: XScaleKind) -> String? {
        switch xScale {
        // On a log x the engine buckets log10(x), which needs every x above zero (the
        // layout leaves out the others, which the engine is not asked to count).
        case .log:
            guard let least = table.extent?.lowerBound, least <= 0 else { return nil }
            return "a log x scale over x values ≤ 0 (its least is \(NumberText.shortest(least)))"
        // The engine buckets x by value or its log10 only.
        case .sqrt, .symlog: return "a \(xScale.rawValue) x scale"
        // Row numbers and categories need every row's place in the query's order.
        case .index, .category: return "an x scale of \(xScale.rawValue)"
        default: return nil
        }
    }

    /// Refuses a remote dataset's line through rows that share an x: which of them comes
    /// first is the query's own order, which the engine's buckets do not keep, so its path
    /// (and where a missing value breaks it) could differ. Asked of each set of rows the
    /// line draws (`RemoteTable.mostRowsPerX(in:)`, known once `refreshEngineRowSets` ran):
    /// each `by=` group of a long-format table has an x of its own where all its rows share
    /// them. `agg=` combines them, in the engine.
    func checkRemoteTies(_ s: Session, at range: SourceRange) throws(Diagnostic) {
        for plot in s.plots where plot.drawn == nil {
            guard let table = s.dataset(named: plot.series.dataset)?.remote else { continue }
            let most = table.rowSets(for: plot.binding).map { table.mostRowsPerX(in: $0) }.max()
            if let most, most > 1 {
                throw Diagnostic(
                    .remoteNeedsLocal(
                        dataset: plot.series.dataset,
                        needs:
                            "lines through rows that share an x (up to \(most) per x; agg=mean, agg=max … combines them in the engine)"
                    ), at: range)
            }
        }
    }
}
