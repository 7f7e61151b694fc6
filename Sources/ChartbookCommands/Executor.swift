import ChartbookModel
import ChartbookData

/// Runs commands against a notebook. Each command is a transaction: it computes a new
/// session from the old one and either commits it whole or throws a diagnostic and leaves
/// the notebook exactly as it was.
public struct Executor: Sendable {
    public var files: any FileAccess
    /// How deep `source` may nest.
    public var maxSourceDepth: Int
    /// Polled by long work (reading a big file, running a script); true stops the command
    /// with `Diagnostic.Kind.cancelled` and nothing changed. The shell wires it to Ctrl-C.
    public var isCancelled: @Sendable () -> Bool
    /// The width in cells of the plot area a session is drawn into now (the shell knows the
    /// terminal); needed by commands that move the window by a page or to a point.
    public var plotWidth: @Sendable (Session) -> Int
    /// Told how far a `load` or `reload` has got: the path as typed and the fraction read
    /// (0...1, then 1 when done), possibly from several threads. The shell decides whether
    /// to show it.
    public var progress: @Sendable (String, Double) -> Void = { _, _ in }
    /// What a command may take (fields, columns, memory, plots); refused with a diagnostic
    /// before the work is done.
    public var limits = ResourceLimits()
    /// The width in cells that text (help) is wrapped to: the terminal's at the prompt.
    public var textWidth: @Sendable () -> Int = { 80 }

    public init(
        files: any FileAccess, maxSourceDepth: Int = 16,
        isCancelled: @escaping @Sendable () -> Bool = { false },
        plotWidth: @escaping @Sendable (Session) -> Int = { _ in 72 }
    ) {
        self.files = files
        self.maxSourceDepth = maxSourceDepth
        self.isCancelled = isCancelled
        self.plotWidth = plotWidth
    }

    /// Where a command runs: relative paths resolve against `directory`; `depth` counts nested `source`s.
    public struct Context: Sendable {
        public var directory: String?
        public var depth: Int
        public init(directory: String? = nil, depth: Int = 0) {
            self.directory = directory
            self.depth = depth
        }
    }

    /// Runs `command` (typed as `text`). On success the notebook holds the new session; on
    /// failure it is unchanged and the diagnostic is thrown.
    /// `range` is where the command was typed (its first word), for errors about the whole command.
    public func run(
        _ command: Command, text: String, at range: SourceRange, in notebook: inout Notebook,
        context: Context = Context()
    ) throws(Diagnostic) -> [Effect] {
        switch command {
        case .undo(let count):
            return try step(count, "undo", "undid", available: notebook.undoStack.count, at: range)
            { notebook.undo() }
        case .redo(let count):
            return try step(count, "redo", "redid", available: notebook.redoStack.count, at: range)
            { notebook.redo() }
        case .history(let all):
            return [.history(changes: SessionReport.history(notebook), all: all)]
        case .source(let path):
            var inner = notebook
            let effects = try source(path, into: &inner, context: context)
            notebook.commit(inner.session, command: text)
            return effects
        default:
            let (session, effects) = try apply(
                command, to: notebook.session, at: range, context: context)
            notebook.commit(session, command: text)
            return effects
        }
    }

    /// `undo N` / `redo N`: all N steps or none, each named as it is taken.
    private func step(
        _ count: Int, _ verb: String, _ done: String, available: Int, at range: SourceRange,
        _ take: () -> String?
    ) throws(Diagnostic) -> [Effect] {
        guard available >= count else {
            throw Diagnostic(.notEnough(verb, asked: count, available: available), at: range)
        }
        let steps = (0..<count).compactMap { _ in take() }
        return [.print(steps.map { "\(done): \(TextMetrics.sanitized($0))\n" }.joined()), .render]
    }

    /// Runs a script file as one transaction: every command applies to a scratch notebook, and
    /// the first error aborts the whole script, pointing at its own line in its own file.
    func source(_ path: Located<String>, into notebook: inout Notebook, context: Context)
        throws(Diagnostic) -> [Effect]
    {
        guard context.depth < maxSourceDepth else {
            throw Diagnostic(.sourceTooDeep(maxSourceDepth), at: path.range)
        }
        let resolved = files.resolve(path.value, relativeTo: context.directory)
        let bytes: [UInt8]
        do { bytes = try files.read(resolved) } catch {
            if error == .cancelled { throw Diagnostic(.cancelled, at: path.range) }
            throw Diagnostic(.cannotRead(path: path.value, reason: error.reason), at: path.range)
        }
        let script = ScriptSource(
            name: path.value, text: String(decoding: bytes, as: UTF8.self),
            directory: ScriptSource.directory(containing: resolved))
        let inner = Context(directory: script.directory, depth: context.depth + 1)
        var scratch = notebook
        var effects = [Effect]()
        do throws(Diagnostic) {
            lines: for line in Lexer.logicalLines(script) {
                for tokens in try Lexer.commands(in: line) {
                    if isCancelled() { throw Diagnostic(.cancelled, at: tokens.tokens[0].range) }
                    let command = try Parser.parse(tokens)
                    effects += try run(
                        command, text: tokens.text, at: tokens.tokens[0].range, in: &scratch,
                        context: inner)
                    // `quit` ends the sourced script too.
                    if effects.contains(.quit) { break lines }
                }
            }
        } catch {
            if error.innermost.kind == .cancelled { throw Diagnostic(.cancelled, at: path.range) }
            throw Diagnostic(.inScript(error.located(in: script)), at: path.range)
        }
        notebook = scratch
        return effects
    }

    // MARK: - Session changes

    /// The pure part: a session and a command give a new session and effects.
    public func apply(
        _ command: Command, to old: Session, at range: SourceRange, context: Context = Context()
    ) throws(Diagnostic) -> (Session, [Effect]) {
        var s = old
        switch command {
        case .data(let name, let values, let labels):
            let dataset = Dataset(
                name: name.value, columns: [Column(name: name.value, numbers: values)],
                labels: labels.map { $0.map(TextMetrics.sanitized) }, source: .inline)
            try replace(dataset, in: &s, at: name.range)
            return (s, [.feedback(Feedback.loaded(dataset, verb: "made", in: s)), .render])
        case .load(let path, let name, let options, let columns):
            let dataset = try load(
                path, as: name, options: options, context: context, timeZone: s.timeZone,
                columns: columns)
            try replace(dataset, in: &s, at: name?.range ?? path.range)
            try checkXScale(s, at: name?.range ?? path.range)
            return (s, [.feedback(Feedback.loaded(dataset, verb: "loaded", in: s)), .render])
        case .gen(let name, let generator):
            try checkBudget(generator.count, at: name.range)
            let dataset = try generated(name.value, generator, at: name.range)
            try replace(dataset, in: &s, at: name.range)
            return (s, [.feedback(Feedback.loaded(dataset, verb: "made", in: s)), .render])
        case .reload(let names):
            let targets: [Located<String>]
            if names.isEmpty {
                targets = s.datasets.filter { if case .file = $0.source { true } else { false } }
                    .map { Located($0.name, at: range) }
                guard !targets.isEmpty else {
                    throw Diagnostic(
                        .nothingTo("reload: no dataset was loaded from a file"), at: range)
                }
            } else {
                targets = names
            }
            var notes = [Effect]()
            for name in targets {
                let dataset = try existingDataset(name, in: s)
                switch dataset.source {
                case .file(let path, let options):
                    var fresh = try load(
                        Located(path, at: name.range), as: name, options: options, context: context,
                        timeZone: s.timeZone)
                    fresh.name = dataset.name
                    fresh.window = dataset.window
                    fresh.applyWindow()
                    try replace(fresh, in: &s, at: name.range)
                    notes.append(.feedback(Feedback.loaded(fresh, verb: "reloaded", in: s)))
                case .generated(let generator):
                    try replace(
                        try generated(dataset.name, generator, at: name.range), in: &s,
                        at: name.range)
                case .inline:
                    throw Diagnostic(.notReloadable(name.value), at: name.range)
                }
            }
            return (s, notes + [.render])
        case .drop(let name, let force):
            _ = try existingDataset(name, in: s)
            let users = s.plots.filter { $0.series.dataset == name.value }.map(\.id)
            if !users.isEmpty && !force {
                throw Diagnostic(.datasetInUse(name.value, plots: users), at: name.range)
            }
            s.plots.removeAll { $0.series.dataset == name.value }
            s.markedLines.removeAll {
                if case .statistic(_, let ref) = $0.value {
                    ref.dataset == name.value
                } else {
                    false
                }
            }
            switch s.axes.labelSource {
            case .datasetLabels(name.value): s.axes.labelSource = nil
            case .column(let ref) where ref.dataset == name.value: s.axes.labelSource = nil
            default: break
            }
            s.datasets.removeAll { $0.name == name.value }
        case .describe(let name):
            return (old, [.print(SessionReport.describe(try existingDataset(name, in: s)))])
        case .push(let name, let values):
            var dataset =
                s.dataset(named: name.value)
                ?? Dataset(
                    name: name.value, columns: [Column(name: name.value, numbers: [])],
                    source: .inline)
            let width = max(dataset.numericColumns.count, 1)
            try checkBudget(
                dataset.count + values.count / width, columns: max(dataset.columns.count, 1),
                at: name.range)
            guard values.count % width == 0 else {
                throw Diagnostic(
                    .invalidValue(
                        key: "push", value: "\(values.count) values",
                        expected:
                            "a multiple of \(width), one per numeric column of '\(name.value)'"),
                    at: name.range)
            }
            for start in stride(from: 0, to: values.count, by: width) {
                dataset.append(row: Array(values[start..<(start + width)]))
            }
            s.upsert(dataset)
        case .setDataWindow(let name, let window):
            var dataset = try existingDataset(name, in: s)
            dataset.window = window
            dataset.applyWindow()
            s.upsert(dataset)
        case .addPlot(let kind, let seriesText, let id, let style, let bindingSpec, _):
            let series = try resolveSeries(seriesText, in: s)
            let binding = try resolvedBinding(
                bindingSpec, over: PlotBinding(),
                dataset: try existingDataset(Located(series.dataset, at: seriesText.range), in: s),
                session: s)
            let plotID: String
            if let id {
                guard s.plot(id: id.value) == nil else {
                    throw Diagnostic(.duplicateName(.plot, id.value), at: id.range)
                }
                plotID = id.value
            } else {
                plotID = Identifier.unique(
                    Identifier.made(from: series.column, fallback: "plot"),
                    taken: Set(s.plots.map(\.id)))
            }
            guard s.plots.count < limits.maxPlots else {
                throw Diagnostic(.tooMany("plots", limit: limits.maxPlots), at: range)
            }
            s.plots.append(
                Plot(
                    id: plotID, kind: kind, series: series, style: style,
                    paletteSlot: s.freePaletteSlot, binding: binding))
            try checkXScale(s, at: seriesText.range)
            return (s, alignmentNote(s) + [.render])
        case .setPlot(let id, let style, let bindingSpec, let keys):
            guard let index = s.plots.firstIndex(where: { $0.id == id.value }) else {
                throw Diagnostic(
                    .unknown(.plot, id.value, candidates: s.plots.map(\.id)), at: id.range)
            }
            let kind = s.plots[index].kind
            let allowed = Parser.plotOptions[kind] ?? []
            for key in keys where !allowed.contains(key.value) {
                throw Diagnostic(.optionNotFor(key.value, kind: kind.rawValue), at: key.range)
            }
            s.plots[index].style = s.plots[index].style.merged(with: style)
            s.plots[index].binding = try resolvedBinding(
                bindingSpec, over: s.plots[index].binding,
                dataset: try existingDataset(
                    Located(s.plots[index].series.dataset, at: id.range), in: s),
                session: s)
            try checkXScale(s, at: id.range)
        case .removePlot(let id):
            guard s.plot(id: id.value) != nil else {
                throw Diagnostic(
                    .unknown(.plot, id.value, candidates: s.plots.map(\.id)), at: id.range)
            }
            s.plots.removeAll { $0.id == id.value }
        case .plots:
            return (old, [.print(SessionReport.plots(s))])
        case .setReflines(let change):
            s.referenceLines = change.applied(to: s.referenceLines)
        case .addRefline(let spec):
            let value: MarkedLine.Value
            switch spec.value {
            case .constant(let v): value = .constant(v)
            case .statistic(let kind, let text):
                value = .statistic(kind, try resolveSeries(text, in: s))
            }
            guard s.markedLines.count < limits.maxMarkedLines else {
                throw Diagnostic(
                    .tooMany("marked reference lines", limit: limits.maxMarkedLines), at: range)
            }
            s.markedLines.append(
                MarkedLine(
                    id: "r\(s.nextMarkedLineNumber)", value: value,
                    label: spec.label.map(TextMetrics.sanitized),
                    color: spec.color, style: spec.style ?? .dashed, fit: spec.fit ?? true,
                    axis: spec.axis ?? .left))
            s.nextMarkedLineNumber += 1
        case .removeRefline(let target):
            if let index = s.markedLines.firstIndex(where: { $0.id == target.value }) {
                s.markedLines.remove(at: index)
            } else if let number = ValueParser.number(target.value),
                let index = s.markedLines.firstIndex(where: { $0.value == .constant(number) })
            {
                s.markedLines.remove(at: index)
            } else {
                let candidates =
                    s.markedLines.map(\.id)
                    + s.markedLines.compactMap { line in
                        if case .constant(let v) = line.value {
                            NumberText.shortest(v)
                        } else {
                            nil
                        }
                    }
                throw Diagnostic(
                    .unknown(.refline, target.value, candidates: candidates), at: target.range)
            }
        case .setLabels(let source, let sparsity):
            if let source { s.axes.labelSource = try labelSource(source, in: s) }
            if let sparsity { s.axes.labelSparsity = sparsity }
            if case .column(let ref) = s.axes.labelSource,
                s.dataset(named: ref.dataset)?.column(named: ref.column)?.isNumeric == true
            {
                return (
                    s,
                    [
                        .render,
                        .feedback(
                            "note: '\(TextMetrics.sanitized(ref.column))' holds numbers; as labels they are spaced evenly, not to scale. To draw against them, give the plots x=\(TextMetrics.sanitized(ref.column))\n"
                        ),
                    ]
                )
            }
        case .setXScale(let kind):
            s.axes.xScale = kind
            s.view.xInterval = nil
            try checkXScale(s, at: range)
        case .setYScale(let kind): s.axes.yScale = kind
        case .setAxisTitle(let isX, let text):
            if isX { s.axes.xTitle = text } else { s.axes.yTitle = text }
        case .setTimeZone(let zone): s.timeZone = zone
        case .selectX(let text):
            try selectX(text, in: &s)
            return (s, [.render])
        case .setRange(let mode): s.axes.range = mode
        case .setZero(let on): s.axes.includeZero = on
        case .setTitle(let title): s.output.title = title.map(TextMetrics.sanitized)
        case .setLegend(let on): s.output.legend = on
        case .select(.index(let i), let selectRange) where s.xScaleKind != .index:
            try selectRow(i, at: selectRange, in: &s)
            return (s, [.render])
        case .select(let selection, let selectRange):
            if case .index(let i) = selection {
                let count = s.pointCount
                guard !s.plots.isEmpty else { throw Diagnostic(.noPlots, at: selectRange) }
                guard i < count else {
                    throw Diagnostic(.indexOutOfRange(i, count: count), at: selectRange)
                }
            } else if selection == .last, s.plots.isEmpty {
                throw Diagnostic(.noPlots, at: selectRange)
            }
            s.selection = selection
            // A point outside the window scrolls into view.
            if case .index(let i) = selection {
                let count = s.pointCount, width = plotWidth(s)
                let window = s.view.window(count: count, widthCells: width)
                if !window.contains(i) {
                    let first = i < window.lowerBound ? i : i - window.count + 1
                    s.view.anchor = s.view.anchor(
                        showingFrom: first, count: count, widthCells: width)
                }
            }
            return (s, [.render])
        case .setSpacing(let spacing): s.view.spacing = spacing
        case .scroll(let amount) where s.xScaleKind != .index:
            try scrollInterval(amount, in: &s)
        case .scroll(let amount): try scrollPoints(amount, in: &s)
        case .view(nil, _, _), .view(_, nil, _):
            s.view.xInterval = nil
            s.view.spacing = .auto
            s.view.anchor = s.view.direction == .rtl ? .end(0) : .start(0)
        case .view(.some(let lower), .some(let upper), _) where s.xScaleKind != .index:
            try viewInterval(lower, upper, in: &s)
        case .view(.some(let lower), .some(let upper), let viewRange):
            try viewPoints(lower, upper, at: viewRange, in: &s)
        case .setDirection(let direction):
            s.view.direction = direction
            s.view.anchor = direction == .rtl ? .end(0) : .start(0)
        case .setPadding(let left, let right):
            if let left { s.view.paddingLeft = left }
            if let right { s.view.paddingRight = right }
        case .show: return (old, [.render])
        case .showData(let name, let rows):
            return (old, [.print(DatasetTable.table(try existingDataset(name, in: s), rows: rows))])
        case .saveCSV(let path, let name):
            let dataset = try csvDataset(name, in: s, at: path.range)
            let resolved = files.resolve(path.value, relativeTo: context.directory)
            do { try files.write(Array(DatasetTable.csv(dataset).utf8), to: resolved) } catch {
                throw Diagnostic(
                    .cannotWrite(path: path.value, reason: error.reason), at: path.range)
            }
            return (
                old,
                [
                    .feedback(
                        "wrote \(TextMetrics.sanitized(path.value)) (\(dataset.count) rows of \(TextMetrics.sanitized(dataset.name)))\n"
                    )
                ]
            )
        case .list: return (old, [.print(SessionReport.list(s))])
        case .setSize(let size): s.output.size = size
        case .setColor(let mode): s.output.colorMode = mode
        case .setCanvas(let canvas): s.output.canvas = canvas
        case .setTheme(let theme): s.output.theme = theme
        case .setRedraw(let redraw): s.output.redraw = redraw
        case .saveSVG(let path, let size):
            let resolved = files.resolve(path.value, relativeTo: context.directory)
            return (old, [.saveSVG(path: resolved, range: path.range, size: size)])
        case .saveScript(let path):
            let resolved = files.resolve(path.value, relativeTo: context.directory)
            let text = SessionScript.text(
                for: s, scriptDirectory: ScriptSource.directory(containing: resolved))
            do { try files.write(Array(text.utf8), to: resolved) } catch {
                throw Diagnostic(
                    .cannotWrite(path: path.value, reason: error.reason), at: path.range)
            }
            return (old, [.print("saved \(TextMetrics.sanitized(path.value))\n")])
        case .snapshot(let on, let directory):
            s.output.snapshotDirectory =
                on
                ? files.resolve(directory?.value ?? "snapshots", relativeTo: context.directory)
                : nil
            let note =
                s.output.snapshotDirectory.map {
                    "snapshots on: every change writes \(TextMetrics.sanitized($0))/NNNN.svg\n"
                } ?? "snapshots off\n"
            return (s, [.feedback(note), .render])
        case .reset: s = Session()
        case .help(let topic):
            return (old, [.print(try CommandCatalog.help(topic, width: textWidth()))])
        case .echo(let text): return (old, [.print(TextMetrics.sanitizedLines(text) + "\n")])
        case .quit: return (old, [.quit])
        case .undo, .redo, .history, .source:
            // Handled by `run`, which owns the notebook.
            return (old, [])
        }
        return (s, [.render])
    }

}
