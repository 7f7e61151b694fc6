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
        // `set memory`: the session's budget replaces the machine's for this command.
        if let budget = notebook.session.memoryBudget, budget != limits.memoryBudget {
            var held = self
            held.limits.memoryBudget = budget
            return try held.run(command, text: text, at: range, in: &notebook, context: context)
        }
        let effects: [Effect]
        switch command {
        case .undo(let count):
            effects = try step(
                count, "undo", "undid", available: notebook.undoStack.count, at: range
            ) { notebook.undo() }
        case .redo(let count):
            effects = try step(
                count, "redo", "redid", available: notebook.redoStack.count, at: range
            ) { notebook.redo() }
        case .history(let all):
            effects = [.history(changes: SessionReport.history(notebook), all: all)]
        case .save(let request):
            effects = try save(request, notebook: notebook, context: context)
        case .source(let path):
            // The script's own effects are bound to its own steps already.
            var inner = notebook
            effects = try source(path, into: &inner, context: context)
            notebook.commit(inner.session, command: text)
        default:
            let (session, made) = try apply(
                command, to: notebook.session, at: range, context: context)
            notebook.commit(session, command: text)
            effects = made
        }
        return effects.map { $0.bound(to: notebook.session, command: text) }
    }

    /// `save FORMAT PATH …`: what the format writes, to be written once the command committed.
    func save(_ request: ExportRequest, notebook: Notebook, context: Context) throws(Diagnostic)
        -> [Effect]
    {
        guard let format = ExportFormat.named(request.format) else { return [] }
        let path = outputPath(request.path.value, context: context)
        let output = try format.output(
            request, ExportContext(executor: self, notebook: notebook, path: path))
        return [.write(output, path: path, range: request.path.range)]
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

    /// Where a save writes: `-` is standard output (`save svg -`, as `--svg -`), anything else a
    /// path resolved like every other.
    func outputPath(_ typed: String, context: Context) -> String {
        typed == "-" ? "/dev/stdout" : files.resolve(typed, relativeTo: context.directory)
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
        let script: ScriptSource
        do {
            script = try ScriptSource(
                name: path.value, bytes: bytes,
                directory: ScriptSource.directory(containing: resolved))
        } catch {
            throw Diagnostic(.cannotRead(path: path.value, reason: error.reason), at: path.range)
        }
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

    /// The pure part: a session and a command give a new session and effects. Whatever the
    /// command, a `select x=` and a `view A..B` do not outlive the x scale they were given on
    /// (a plot, a `set xscale`, a reload can each change it), and every column the new
    /// session draws has been read (columns on demand).
    public func apply(
        _ command: Command, to old: Session, at range: SourceRange, context: Context = Context()
    ) throws(Diagnostic) -> (Session, [Effect]) {
        var (s, effects) = try applyCommand(command, to: old, at: range, context: context)
        s.forgetXPlaces(unless: old.xScaleKind)
        try checkRemoteUse(s, at: range)
        try checkYScale(s, at: range)
        try readColumnsInUse(&s, at: range)
        switch command {
        case .addPlot(_, _, _, _, let binding):
            try checkFilter(of: s.plots.last?.id, in: s, at: binding.filter?.range ?? range)
        case .setPlot(let id, _): try checkFilter(of: id.value, in: s, at: range)
        default: break
        }
        return (s, effects)
    }

    private func applyCommand(
        _ command: Command, to old: Session, at range: SourceRange, context: Context
    ) throws(Diagnostic) -> (Session, [Effect]) {
        var s = old
        if let effects = try applyData(command, to: &s, at: range, context: context) {
            return (s, effects)
        }
        if let effects = try applyPlots(command, to: &s, at: range, context: context) {
            return (s, effects)
        }
        switch command {
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
        case .setMemory(let bytes): s.memoryBudget = bytes
        case .selectX(let text):
            try selectX(text, in: &s)
            return (s, [.render])
        case .setRange(let mode): s.axes.range = mode
        case .setZero(let on): s.axes.includeZero = on
        case .setTitle(let title): s.output.title = title.map(TextMetrics.sanitized)
        case .setLegend(let on): s.output.legend = on
        case .select(.index(let i), let place) where s.xScaleKind != .index:
            try selectRow(i, at: place.range, in: &s)
            return (s, [.render])
        case .select(let selection, let place):
            let selectRange = place.range
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
        case .scroll where !s.chartType.hasXAxis,
            .view(.some, .some, _) where !s.chartType.hasXAxis:
            throw Diagnostic(
                .notForChart(command: "scroll and view", chart: s.chartType.noun), at: range)
        case .scroll(let amount) where s.xScaleKind != .index:
            try scrollInterval(amount, in: &s)
        case .scroll(let amount): try scrollPoints(amount, in: &s)
        case .view(nil, _, _), .view(_, nil, _):
            s.view.xInterval = nil
            s.view.spacing = .auto
            s.view.anchor = s.view.direction == .rtl ? .end(0) : .start(0)
        case .view(.some(let lower), .some(let upper), _) where s.xScaleKind != .index:
            try viewInterval(lower, upper, in: &s)
        case .view(.some(let lower), .some(let upper), let place):
            try viewPoints(lower, upper, at: place.range, in: &s)
        case .setDirection(let direction):
            s.view.direction = direction
            s.view.anchor = direction == .rtl ? .end(0) : .start(0)
        case .setPadding(let left, let right):
            if let left { s.view.paddingLeft = left }
            if let right { s.view.paddingRight = right }
        case .show: return (old, [.render])
        case .showData(let name, let rows):
            let dataset = try readAllColumns(of: existingDataset(name, in: s), at: name.range)
            return (old, [.print(DatasetTable.table(dataset, rows: rows))])
        case .list: return (old, [.print(SessionReport.list(s))])
        case .setSize(let size): s.output.size = size
        case .setColor(let mode): s.output.colorMode = mode
        case .setCanvas(let canvas): s.output.canvas = canvas
        case .setTheme(let theme): s.output.theme = theme
        case .setRedraw(let redraw): s.output.redraw = redraw
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
            return (old, [.print(try HelpText.help(topic, width: textWidth()))])
        case .echo(let text): return (old, [.print(TextMetrics.sanitizedLines(text) + "\n")])
        case .pause: return (old, [])
        case .play(let path):
            // The lesson's steps run one deeper (ScriptRunner.depth): a script that plays
            // itself stops here.
            guard context.depth < maxSourceDepth else {
                throw Diagnostic(.sourceTooDeep(maxSourceDepth), at: path.range)
            }
            let resolved = files.resolve(path.value, relativeTo: context.directory)
            let script: ScriptSource
            do {
                script = try ScriptSource(
                    name: path.value, bytes: try files.read(resolved),
                    directory: ScriptSource.directory(containing: resolved))
            } catch {
                throw Diagnostic(
                    .cannotRead(path: path.value, reason: error.reason), at: path.range)
            }
            return (old, [.play(script)])
        case .quit: return (old, [.quit])
        case .undo, .redo, .history, .source, .save:
            // Handled by `run`, which owns the notebook.
            return (old, [])
        case .data, .load, .loadQuery, .gen, .reload, .drop, .describe, .push, .setDataWindow,
            .addPlot,
            .setPlot, .removePlot, .plots, .setReflines, .addRefline, .removeRefline:
            // Answered above (applyData, applyPlots); listed so a new command is not missed.
            return (old, [])
        }
        return (s, [.render])
    }

}
