import ChartbookCommands
import ChartbookKit
import ChartbookModel
import ChartbookTerminal
import LineEditor

/// The progressive chart (issue 28): while an engine computes what a remote dataset's exact
/// chart needs — opening a query, a plot's groups, a drawing's M4 rows — the REPL draws the
/// same session from a sample of each remote dataset's rows (`Executor.sampled`), marked
/// approximate, and replaces it with the exact chart when that arrives. The work runs on a
/// thread of its own (`BackgroundWork`); the preview is thrown away, never committed.
/// Scripts, exports and `--follow` never preview: they wait for the exact chart.
extension NotebookREPL {
    /// Seconds an entry waits on engines before an approximate chart is drawn: the longest
    /// `previewPatience` of the engines of `session`'s remote datasets and of the servers
    /// `commands` load from.
    static func patience(_ session: Session, loading commands: [Command] = []) -> Double {
        let kept = session.datasets.compactMap { dataset -> DatabaseQuery? in
            guard dataset.remote != nil, case .query(let query) = dataset.source else {
                return nil
            }
            return query
        }
        let loaded = commands.compactMap(serverQuery)
        return (kept + loaded).compactMap { $0.engineStatements(dialects: [:])?.previewPatience }
            .max() ?? 0.25
    }

    /// The query `command` loads from a server, unless it loads it whole (`mode=local`).
    static func serverQuery(_ command: Command) -> DatabaseQuery? {
        guard case .loadQuery(let engine, let location, let sql, _, let options, _) = command,
            engine.isServer, options.mode != .local
        else { return nil }
        return DatabaseQuery(
            engine: engine, location: location.value, sql: sql.value, options: options)
    }

    /// What is said under an approximate chart.
    static let approximateRemark =
        "≈ approximate: drawn from a sample of the rows; the exact chart follows (Ctrl-C stops it)"

    /// Whether an entry of `commands` runs on a thread of its own, so that a preview can be
    /// drawn while it waits: the session holds a remote dataset or the entry loads from a
    /// server, and none of its commands takes the screen or the terminal (`play`, `source` —
    /// which may play — `history`, `help`).
    static func mayWaitOnEngine(_ commands: [Command], session: Session) -> Bool {
        guard
            commands.contains(where: { serverQuery($0) != nil })
                || session.datasets.contains(where: { $0.remote != nil })
        else { return false }
        return !commands.contains {
            switch $0 {
            case .play, .source, .history, .help, .quit, .pause: true
            default: false
            }
        }
    }

    /// Whether running `commands` on samples is cheap apart from what engines answer, so
    /// that a preview may run them: loads from servers, reloads of remote datasets, plots,
    /// lines, annotations, panels, settings, selections and views. Not a file's load, data
    /// typed or generated, computed columns, listings, writes: a preview would do their work
    /// a second time beside the exact run (a big file loaded twice at once).
    static func previewable(_ commands: [Command], in session: Session) -> Bool {
        commands.allSatisfy { command in
            switch command {
            case .loadQuery: return serverQuery(command) != nil
            case .reload(let names):
                let named =
                    names.isEmpty
                    ? session.datasets.filter(\.source.isReloadable)
                    : names.compactMap { session.dataset(named: $0.value) }
                return !named.isEmpty && named.allSatisfy { $0.remote != nil }
            case .addPlot, .setPlot, .removePlot, .setReflines, .addRefline, .removeRefline,
                .addAnnotation, .setAnnotation, .removeAnnotation, .addPanel, .selectPanel,
                .removePanel, .setLayout, .setLink, .setLabels, .setRange, .setZero,
                .setFacetScales, .setTitle, .setLegend, .setXScale, .setYScale, .setAxisTitle,
                .setAxis, .setGrid, .setLegendPosition, .setSelectionStyle,
                .setTimeZone, .select, .selectX, .setSpacing, .scroll, .view, .setDirection,
                .setPadding, .show, .setSize, .setColor, .setCanvas, .setTheme, .setRedraw:
                return true
            default:
                return false
            }
        }
    }

    /// The commands of `text`, nil when any fails to lex or parse.
    static func parsed(_ text: String) -> [Command]? {
        var commands = [Command]()
        for line in Lexer.logicalLines(ScriptSource(typed: text)) {
            guard let tokens = try? Lexer.commands(in: line) else { return nil }
            for command in tokens {
                guard let parsed = try? Parser.parse(command) else { return nil }
                commands.append(parsed)
            }
        }
        return commands
    }

    /// Runs `text` (its `commands`) on a thread of its own; past its `patience`, draws the
    /// session it would make from samples of the remote datasets' rows, marked approximate,
    /// until it ends.
    func runWithPreview(
        _ text: String, _ commands: [Command], in notebook: inout Notebook,
        history: HistoryStore
    ) -> EntryOutput {
        let before = notebook
        let work = BackgroundWork { [self] in
            var changed = before
            let output = run(text, in: &changed, history: history)
            return (changed, output)
        }
        var previewed = false
        // Drawn only if the exact run has not ended while the sample was read.
        if work.wait(seconds: Self.patience(before.session, loading: commands)) == nil,
            Self.previewable(commands, in: before.session),
            let preview = previewSession(after: text, from: before),
            work.wait(seconds: 0) == nil
        {
            drawPreview(preview)
            previewed = true
        }
        var (changed, output) = work.wait()
        output.previewed = previewed
        notebook = changed
        return output
    }

    /// The session `text` makes from `notebook` with every remote dataset a sample of its
    /// rows (queries that would stay remote loaded as samples too): nil when there is no
    /// quick sample or the entry draws nothing. Nothing is written; the caller discards it.
    func previewSession(after text: String, from notebook: Notebook) -> Session? {
        let rows = sampleRows()
        // A notebook of its own (what `undo` would go back to is not sampled: it fails).
        guard let session = try? runner.executor.sampled(notebook.session, rows: rows) else {
            return nil
        }
        var sampled = Notebook(session: session)
        var preview = runner
        preview.executor.sampleRows = rows
        preview.isPreview = true
        preview.drawEach = true
        preview.fetchesForDrawings = false
        preview.keepGoing = false
        var drawn: Session?
        let outcome = preview.run(ScriptSource(typed: text), in: &sampled) { event in
            if case .draw(let session) = event { drawn = session }
        }
        guard outcome == .completed, let drawn, !drawn.plotsOfEveryPanel.isEmpty else {
            return nil
        }
        return drawn
    }

    /// How many rows a sample holds: about two a dot column of the window's width.
    func sampleRows() -> Int {
        min(max(target().columns * 2, 100), 2000)
    }

    /// `materialize` for the terminal, on a thread of its own when a remote dataset needs
    /// rows: past its `patience`, `session` is drawn from samples, marked approximate.
    func fetched(_ session: Session, on room: TerminalTarget, previewing: Bool)
        -> (session: Session, problems: [String])
    {
        guard session.datasets.contains(where: { $0.remote != nil }) else {
            return (session, [])
        }
        let work = BackgroundWork { [runner] in
            runner.remote.forTerminal(
                session, on: room, shouldCancel: runner.executor.isCancelled)
        }
        if let done = work.wait(seconds: Self.patience(session)) { return done }
        if previewing, let sampled = try? runner.executor.sampled(session, rows: sampleRows()),
            work.wait(seconds: 0) == nil
        {
            drawPreview(sampled)
        }
        return work.wait()
    }

    /// Draws `preview` as the chart is drawn — without a selection's readout — the remark
    /// under it (wrapped to the window), and a row under that free for the waiting line.
    func drawPreview(_ preview: Session) {
        // No readout: a sample's nearest row is not the data's (its number would be wrong).
        var preview = preview
        preview.selection = nil
        let remark = TextMetrics.wrapped(
            Self.approximateRemark, toWidth: target().columns, separator: " ")
        draw(preview, below: remark, reserve: 1, clear: false)
    }
}
