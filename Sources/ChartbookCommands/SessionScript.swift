import ChartbookModel
import ChartbookData

/// The shortest script that rebuilds a session (`save script`): datasets from their source,
/// then settings that differ from the defaults, plots, marked lines, the view and the
/// selection. Replaying it draws the same chart. It is a list of commands, written by the
/// grammar's printer (`CommandPrinter`), so what it writes is what the parser reads.
///
/// - A loaded dataset is a `load` of its file (relative to the script's directory when the
///   file is below it); values pushed onto it since are not kept — the file is the source.
///   A PostgreSQL URL is written without its password.
/// - A generated dataset is a `gen` while its values are still what the generator gives;
///   otherwise, like typed data, it is written out as `data NAME = ...`.
/// - Plot colours: a plot whose palette colour would differ on replay (plots were removed
///   since) gets an explicit `color=`.
/// - A dataset no plot, statistic or label uses is kept (the session had it), with a comment
///   saying so (issue 31).
public enum SessionScript {
    public static func text(for s: Session, scriptDirectory: String?) -> String {
        let lines =
            ["# chartbook script — rebuilds the session (save script)"]
            + commands(for: s, scriptDirectory: scriptDirectory).map(\.text)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A line of the script: a command, or a comment where no command can say it.
    enum Line {
        case command(Command)
        case comment(String)

        var text: String {
            switch self {
            case .command(let command): CommandPrinter.text(command)
            case .comment(let text): "# " + text
            }
        }
    }

    /// The lines that rebuild `s`, in order: the zone and budget, the datasets, the charts.
    static func commands(for s: Session, scriptDirectory: String?) -> [Line] {
        var lines = [Line]()
        let defaults = Session()
        // Before the loads: the zone decides how their times are read, the budget holds them.
        if s.timeZone != defaults.timeZone { lines.append(.command(.setTimeZone(s.timeZone))) }
        if let budget = s.memoryBudget { lines.append(.command(.setMemory(budget))) }
        return lines + datasetLines(s, scriptDirectory: scriptDirectory)
            + pageCommands(s, scriptDirectory: scriptDirectory).map(Line.command)
    }

    /// Each dataset made again, its window and steps; one no plot uses is kept, said so.
    static func datasetLines(_ s: Session, scriptDirectory: String?) -> [Line] {
        var lines = [Line]()
        var used = Set(s.datasetsInUse.map(\.name))
        switch s.axes.labelSource {
        case .datasetLabels(let name): used.insert(name)
        case .column(let ref): used.insert(ref.dataset)
        default: break
        }
        for d in s.datasets {
            if !used.contains(d.name) {
                // Kept (a later `describe`, `show data` or plot may want it), and said so.
                lines.append(
                    .comment("\(d.name): no plot draws it; kept as the session had it"))
            }
            guard let made = dataset(d, scriptDirectory: scriptDirectory) else {
                lines += emptied(d)
                continue
            }
            lines.append(.command(made))
            if let window = d.window {
                lines.append(.command(.setDataWindow(name: typed(d.name), window: window)))
            }
            lines += d.steps.map { .command(step($0, of: d)) }
        }
        return lines
    }

    /// An empty dataset: an emptied data source (`reset NAME`) of one column, as `push`
    /// makes it, is made by a push and emptied again, so its plots replay; any other is
    /// said in a comment.
    static func emptied(_ d: Dataset) -> [Line] {
        guard d.count == 0, d.columns.count == 1, d.columns.first?.name == d.name,
            d.columns.first?.isNumeric == true
        else { return [.comment("dataset \(d.name) is empty")] }
        return [
            .command(.push(name: typed(d.name), values: [0])),
            .command(.reset(dataset: typed(d.name))),
        ]
    }

    /// The command of a dataset's step: a `let` or a `fold`.
    static func step(_ step: DatasetStep, of d: Dataset) -> Command {
        switch step {
        case .derive(let derivation):
            .derive(
                dataset: typed(d.name), column: typed(derivation.name),
                expression: typed(derivation.expression))
        case .fold(let fold):
            .fold(
                dataset: typed(d.name), columns: typed(fold.written), key: typed(fold.key),
                value: typed(fold.value))
        }
    }

    /// The chart, or a page's panels (the settings they share, then each chart, `add panel`
    /// between them, then the layout and the panel that was current); then snapshots.
    static func pageCommands(_ s: Session, scriptDirectory: String?) -> [Command] {
        var commands: [Command]
        if s.panels.count > 1 {
            var shared = s.output
            (shared.title, shared.legend, shared.legendPosition) = (nil, nil, .top)
            commands = output(shared)
            for index in s.panels.indices {
                if index > 0 { commands.append(.addPanel) }
                let chart = s.panel(index)
                commands += chartCommands(chart, chartOutput: titleAndLegend(chart.output))
            }
            if s.panelLayout != .auto { commands.append(.setLayout(s.panelLayout)) }
            if s.panelLink != .none { commands.append(.setLink(s.panelLink)) }
            if s.currentPanel != s.panels.count - 1 {
                commands.append(.selectPanel(typed(s.currentPanel + 1)))
            }
        } else {
            commands = chartCommands(s, chartOutput: output(s.output))
        }
        if let dir = s.output.snapshotDirectory {
            commands.append(
                .snapshot(on: true, directory: typed(relative(dir, to: scriptDirectory))))
        }
        return commands
    }

    /// One chart's commands: its reference lines, axes, `output` (settings, or a panel's
    /// title and legend), plots, marked lines, annotations, labels, view and selection.
    static func chartCommands(_ s: Session, chartOutput: [Command]) -> [Command] {
        var commands = reflines(s.referenceLines, defaults: ReferenceLines())
        commands += axes(s.axes, session: s) + chartOutput
        commands += plots(s) + s.markedLines.map(refline) + s.annotations.map(annotation)
        return commands + labels(s.axes) + view(s) + selection(s)
    }

    /// A panel's title and legend setting.
    static func titleAndLegend(_ o: OutputSettings) -> [Command] {
        var commands = [Command]()
        if let t = o.title { commands.append(.setTitle(t)) }
        if let l = o.legend { commands.append(.setLegend(l)) }
        if o.legendPosition != .top { commands.append(.setLegendPosition(o.legendPosition)) }
        return commands
    }

    /// The command that makes dataset `d` again from its source.
    static func dataset(_ d: Dataset, scriptDirectory: String?) -> Command? {
        switch d.source {
        case .file(let path, let options):
            return .load(
                path: typed(relative(path, to: scriptDirectory)), name: typed(d.name),
                options: options)
        case .query(let query):
            let location =
                query.engine == .sqlite
                ? relative(query.location, to: scriptDirectory) : query.shownLocation
            return .loadQuery(
                engine: query.engine, location: typed(location), query: typed(query.sql),
                name: typed(d.name), options: query.options)
        case .generated(let g)
        where DataGenerator.values(for: g) == d.columns.first?.numbers && d.window == nil:
            return .gen(name: typed(d.name), generator: g)
        default:
            let values = d.columns.first?.numbers ?? []
            guard !values.isEmpty else { return nil }
            return .data(name: typed(d.name), values: values, labels: d.labels)
        }
    }

    /// `set reflines …` for what differs from the defaults; `off` on a line of its own, as it
    /// cannot be combined with positions.
    static func reflines(_ r: ReferenceLines, defaults dr: ReferenceLines) -> [Command] {
        var change = ReflinesChange()
        if r.positions != dr.positions { change.positions = r.positions }
        if r.labels != dr.labels { change.labels = r.labels }
        if r.units != dr.units { change.units = r.units }
        if let d = r.decimals { change.decimals = .some(d) }
        if r.format != dr.format { change.format = r.format }
        if r.showMinMax != dr.showMinMax { change.showMinMax = r.showMinMax }
        if r.intermediate != dr.intermediate { change.intermediate = r.intermediate }
        change.color = r.color
        if r.style != dr.style { change.style = r.style }
        change.width = r.width
        var commands = change == ReflinesChange() ? [] : [Command.setReflines(change)]
        if !r.visible {
            var off = ReflinesChange()
            off.visible = false
            commands.append(.setReflines(off))
        }
        return commands
    }

    static func axes(_ a: Axes, session: Session) -> [Command] {
        var commands = [Command]()
        if a.range != .auto { commands.append(.setRange(a.range)) }
        if a.includeZero { commands.append(.setZero(true)) }
        if a.facetScales != .shared { commands.append(.setFacetScales(a.facetScales)) }
        if let kind = a.xScale { commands.append(.setXScale(kind)) }
        if a.yScale != .linear { commands.append(.setYScale(a.yScale)) }
        if let t = a.xTitle { commands.append(.setAxisTitle(x: true, t)) }
        if let t = a.yTitle { commands.append(.setAxisTitle(x: false, t)) }
        if var change = AxisChange.difference(a.xGuide, from: .x) {
            // Tick values in the words the x scale reads back (dates, category names).
            if case .values(let values)? = a.xGuide.step {
                change.at = values.map { value in
                    Located(
                        XValueText.text(
                            value, scale: session.xScaleKind, timeZone: session.timeZone,
                            categories: session.xCategories), at: .generated)
                }
            }
            commands.append(.setAxis(x: true, change))
        }
        if let change = AxisChange.difference(a.yGuide, from: .y) {
            commands.append(.setAxis(x: false, change))
        }
        return commands
    }

    static func output(_ o: OutputSettings) -> [Command] {
        let d = OutputSettings()
        var commands = [Command]()
        if case .fixed = o.size { commands.append(.setSize(o.size)) }
        if o.colorMode != d.colorMode { commands.append(.setColor(o.colorMode)) }
        if o.canvas != d.canvas { commands.append(.setCanvas(o.canvas)) }
        if o.theme != d.theme || o.themeChosen {
            commands.append(
                .setTheme(
                    o.theme, colors: o.themeOverrides.mapValues { $0 },
                    fontSize: o.fontSize.map { .some($0) }))
        }
        if o.redraw != d.redraw { commands.append(.setRedraw(o.redraw)) }
        let selection = o.selectionStyle
        if selection != SelectionStyle() {
            commands.append(
                .setSelectionStyle(
                    color: selection.color.map { .some($0) }, line: selection.line.map { .some($0) }
                ))
        }
        return commands + titleAndLegend(o)
    }

    /// The plots, with the palette colour spelled out where replay would pick another.
    static func plots(_ s: Session) -> [Command] {
        var replayed = Session()
        return s.plots.map { p in
            var settings = PlotSettings(p)
            let slot = replayed.freePaletteSlot
            if p.style.color == nil && slot != p.paletteSlot {
                settings.style.color = p.resolvedColor
            }
            var added = p
            added.paletteSlot = slot
            replayed.plots.append(added)
            return .addPlot(
                kind: p.kind,
                series: typed(
                    p.series.column.isEmpty
                        ? SeriesName(dataset: nil, column: p.series.dataset)
                        : SeriesName(dataset: p.series.dataset, column: p.series.column)),
                id: typed(p.id), style: settings.style, binding: settings.binding)
        }
    }

    /// `add text …` or `add arrow …`, its defaults left out.
    static func annotation(_ a: Annotation) -> Command {
        let points = a.points.map {
            AnnotationSpec.PointSpec(x: typed($0.xText), y: typed($0.yText))
        }
        var spec = AnnotationSpec(
            kind: .text, points: points, text: a.text, color: a.color,
            axis: a.axis == .left ? nil : a.axis)
        switch a.kind {
        case .text(_, let anchor): spec.anchor = anchor == .left ? nil : anchor
        case .arrow:
            spec.kind = .arrow
            spec.style = a.style == .solid ? nil : a.style
        }
        return .addAnnotation(spec)
    }

    /// `add refline …`, its defaults left out.
    static func refline(_ m: MarkedLine) -> Command {
        let value: MarkedLineSpec.Value
        switch m.value {
        case .constant(let v): value = .constant(v)
        case .statistic(let k, let ref):
            value = .statistic(k, typed(SeriesName(dataset: ref.dataset, column: ref.column)))
        case .x(_, let text), .span(_, _, let text): value = .x(typed(text))
        }
        var spec = MarkedLineSpec(
            value: value, label: m.label, color: m.color,
            style: m.style == .dashed ? nil : m.style, fit: m.fit ? nil : false,
            axis: m.axis == .left ? nil : m.axis,
            filter: m.filter.map { typed($0) })
        spec.placement = m.placement
        spec.width = m.width
        return .addRefline(spec)
    }

    static func labels(_ a: Axes) -> [Command] {
        var commands = [Command]()
        switch a.labelSource {
        case .none: break
        case .index:
            commands.append(.setLabels(source: typed(SeriesName(word: "index")), sparsity: nil))
        case .datasetLabels(let name):
            commands.append(.setLabels(source: typed(SeriesName(word: name)), sparsity: nil))
        case .column(let ref):
            commands.append(
                .setLabels(
                    source: typed(SeriesName(dataset: ref.dataset, column: ref.column)),
                    sparsity: nil))
        }
        if a.labelSparsity != 1 {
            commands.append(.setLabels(source: nil, sparsity: a.labelSparsity))
        }
        return commands
    }

    /// Padding, spacing, direction, then the window: `view A..B` for a window of points or of
    /// a real x, `scroll` for a place in it.
    static func view(_ s: Session) -> [Command] {
        let v = s.view
        var commands = [Command]()
        let padded = View.Side.allCases.filter { v[padding: $0] != 0 }
        if !padded.isEmpty {
            commands.append(
                .setPadding(Dictionary(uniqueKeysWithValues: padded.map { ($0, v[padding: $0]) })))
        }
        if case .cells = v.spacing { commands.append(.setSpacing(v.spacing)) }
        if v.direction == .rtl { commands.append(.setDirection(.rtl)) }
        switch (v.spacing, v.anchor) {
        case (.points(let n), .start(let first)): commands.append(points(first, n))
        case (.points(let n), .end(let k)): commands.append(points(max(s.pointCount - n - k, 0), n))
        case (_, .start(let first)) where first > 0: commands.append(.scroll(.points(first)))
        case (_, .end(let k)) where v.direction == .rtl && k > 0:
            commands.append(.scroll(.points(-k)))
        case (_, .end(let k)) where v.direction == .ltr:
            commands.append(.scroll(.end))
            if k > 0 { commands.append(.scroll(.points(-k))) }
        default: break
        }
        if let interval = v.xInterval, s.xScaleKind != .index {
            let (a, b) = viewEnds(interval, in: s)
            commands.append(.view(lower: typed(a), upper: typed(b), at: TypedPlace(.generated)))
        }
        return commands
    }

    /// `view A..B` for points `first` on, `count` of them.
    static func points(_ first: Int, _ count: Int) -> Command {
        .view(
            lower: typed(String(first)), upper: typed(String(first + count - 1)),
            at: TypedPlace(.generated))
    }

    static func selection(_ s: Session) -> [Command] {
        switch s.selection {
        case .none: return []
        case .last: return [.select(.last, at: TypedPlace(.generated))]
        case .index(let i): return [.select(.index(i), at: TypedPlace(.generated))]
        case .x(let x): return [.selectX(typed(SessionReport.xText(x, in: s)))]
        }
    }

    /// The ends of a real-x view as `view` reads them (categories by the names of the slots
    /// inside).
    static func viewEnds(_ interval: ClosedRange<Double>, in s: Session) -> (String, String) {
        var lower = interval.lowerBound, upper = interval.upperBound
        if s.xScaleKind == .category {
            lower = (lower + 0.5).rounded(.up)
            upper = max(lower, (upper - 0.5).rounded(.down))
        }
        return (SessionReport.xText(lower, in: s), SessionReport.xText(upper, in: s))
    }

    /// A value this script made, at no place in a file.
    static func typed<Value>(_ value: Value) -> Located<Value> {
        Located(value, at: .generated)
    }

    /// `path` as the script at `directory` reads it: below the directory, its rest
    /// (`data/cars.csv`); beside it under a common folder other than the root, with `..`
    /// (`../data/cars.csv`: the project moves as a whole); else as it is (absolute).
    static func relative(_ path: String, to directory: String?) -> String {
        guard let directory, path.hasPrefix("/"), directory.hasPrefix("/") else { return path }
        if path.hasPrefix(directory + "/") { return String(path.dropFirst(directory.count + 1)) }
        let target = path.split(separator: "/"), base = directory.split(separator: "/")
        var common = 0
        while common < min(target.count - 1, base.count), target[common] == base[common] {
            common += 1
        }
        guard common > 0 else { return path }
        let up = Array(repeating: "..", count: base.count - common)
        return (up + target[common...].map(String.init)).joined(separator: "/")
    }
}
