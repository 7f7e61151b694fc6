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
    /// Set for a preview (the REPL's approximate chart while an engine works): a query that
    /// would stay in its engine is loaded as a sample of about this many rows instead
    /// (`RemoteEngine.sample`), each statement limited to `previewTimeout`. Nil: never.
    public var sampleRows: Int?
    /// The x interval a preview's samples are taken in (the view shown), nil: all the data.
    public var sampleInterval: ClosedRange<Double>?
    /// Where the loads of remote queries tell the extent of x as soon as their engine learns
    /// it, and a preview's load of the same query reads it (the REPL shares one between its
    /// exact run and its preview); nil: nowhere.
    public var remoteExtents: RemoteExtents?
    /// The SQL each engine of a remote dataset is asked in, by engine: its own dialect where
    /// none is given here. A test gives a broken one (one quoting rule, one calendar word
    /// changed) to prove that the remote-versus-local property tests catch a wrong
    /// statement (issue 52); `RemoteData` is given the same for the drawings' questions.
    public var dialects: [DatabaseQuery.Engine: SQLDialect] = [:]
    /// Who answers what the executor asks of engines (`EngineQuestion`, issue 52: questions
    /// are values) — nil: an `EngineRunner` asking them in `dialects`, telling x's extent to
    /// `remoteExtents`. The executor itself connects to no engine: a test gives a table of
    /// answers and runs remote datasets' commands with no server.
    public var engineAnswers: (any EngineAnswering)?
    /// What the engines have answered this command so far (issue 52): `apply` reads its
    /// engines' answers here, never asks them, and stops with the questions it needs where
    /// an answer is missing (`Diagnostic.Kind.unanswered`); `run` answers those (through
    /// `engines`) and applies the command again with them added.
    public var answers = EngineAnswers()
    /// What the command's files have given so far (issue 52): `apply` reads a file's
    /// answer here (`FileQuestion`), never the file, and stops needing it where it is
    /// missing (`Diagnostic.Kind.unread`); `answering` reads it, once per command.
    public var fileAnswers = FileAnswers()

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
    ///
    /// The command runs as two pure steps with the engines' answers between them: where it
    /// needs an answer it has not been given, nothing is committed, the questions are
    /// answered (`answering`), and it runs again from the same notebook.
    public func run(
        _ command: Command, text: String, at range: SourceRange, in notebook: inout Notebook,
        context: Context = Context()
    ) throws(Diagnostic) -> [Effect] {
        let before = notebook
        // `set memory`: the session's budget replaces the machine's for this command — its
        // files' reads between the runs too.
        var held = self
        if let budget = notebook.session.memoryBudget { held.limits.memoryBudget = budget }
        return try held.answering { executor throws(Diagnostic) in
            notebook = before
            return try executor.runAnswered(
                command, text: text, at: range, in: &notebook, context: context)
        }
    }

    /// `body` run with this executor's answers, and again with each batch of questions it
    /// stops on answered — by `engines` (Ctrl-C stops them), or by reading the files
    /// (`readFile`) — until it runs through or fails. The one place the executor's
    /// questions reach an engine or a file.
    public func answering<Result>(
        _ body: (Executor) throws(Diagnostic) -> Result
    ) throws(Diagnostic) -> Result {
        var answered = self
        while true {
            do throws(Diagnostic) {
                return try body(answered)
            } catch {
                // (An answer for each: a command asking again what it was answered is a bug,
                // not a reason to ask forever.)
                switch error.kind {
                case .unanswered(let wanted) where !wanted.questions.isEmpty:
                    let shouldCancel =
                        wanted.waitingFor.map {
                            Self.waiting(for: $0, progress: progress, isCancelled: isCancelled)
                        } ?? isCancelled
                    let known = answered.answers.count
                    answered.answers.answer(wanted, by: engines, shouldCancel: shouldCancel)
                    guard answered.answers.count > known else { throw error }
                case .unread(let questions) where !questions.isEmpty:
                    let known = answered.fileAnswers.count
                    for question in answered.fileAnswers.unanswered(questions) {
                        answered.fileAnswers.record(answered.readFile(question), for: question)
                    }
                    guard answered.fileAnswers.count > known else { throw error }
                default: throw error
                }
            }
        }
    }

    /// `run` with the answers given so far.
    private func runAnswered(
        _ command: Command, text: String, at range: SourceRange, in notebook: inout Notebook,
        context: Context
    ) throws(Diagnostic) -> [Effect] {
        let effects: [Effect]
        if let own = try runOnNotebook(
            command, text: text, at: range, in: &notebook, context: context)
        {
            effects = own
        } else {
            let (session, made) = try apply(
                command, to: notebook.session, at: range, context: context)
            notebook.commit(session, command: text)
            effects = made
        }
        return effects.map { $0.bound(to: notebook.session, command: text) }
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
        try readColumnsInUse(&s, at: range)
        try refreshDrawnTables(&s, at: command.transformRange ?? range)
        try refreshEngineStatistics(&s, at: range)
        if s.plots.contains(where: { $0.drawn != nil }) { try checkXScale(s, at: range) }
        // (A panel made current keeps its places: it was on that x scale.)
        let samePanels = old.currentPanel == s.currentPanel && old.panels.count == s.panels.count
        if samePanels { s.forgetXPlaces(unless: old.xScaleKind) }
        try checkRemoteUse(s, at: range) { command.typedRange(ofOption: $0) }
        try checkFacets(s, chartSize: panelSize(s), at: range)
        try refreshEngineRowSets(&s, at: range)
        try checkRemoteTies(s, at: range)
        try checkYScale(s, at: range)
        try checkHorizontalXScale(s, at: range)
        try maintainOtherPanels(&s, old: samePanels ? old : nil, at: range)
        try checkPageFits(s, at: range)
        switch command {
        case .addPlot(_, _, _, _, let binding):
            try checkFilter(of: s.plots.last?.id, in: s, at: binding.filter?.range ?? range)
            try checkLabelColumn(of: s.plots.last?.id, in: s, at: range)
            // At the x the rows share (`x=`, else the series, whose dataset's x it is).
            try checkRepeatedX(of: s.plots.last?.id, in: s, at: binding.x?.range ?? range)
        case .setPlot(let id, _):
            try checkFilter(of: id.value, in: s, at: range)
            try checkLabelColumn(of: id.value, in: s, at: range)
            try checkRepeatedX(of: id.value, in: s, at: range)
        default: break
        }
        return (s, effects)
    }

    /// Hands the command to the part of the executor that owns it; the switch is exhaustive,
    /// so a new command is placed here or the build fails.
    private func applyCommand(
        _ command: Command, to old: Session, at range: SourceRange, context: Context
    ) throws(Diagnostic) -> (Session, [Effect]) {
        var s = old
        let effects: [Effect]
        switch command {
        case .data, .load, .loadQuery, .gen, .reload, .drop, .describe, .push, .setDataWindow,
            .setTimeZone, .setMemory, .derive, .fold:
            effects = try applyData(command, to: &s, at: range, context: context) ?? []
        case .addPlot, .setPlot, .removePlot, .plots, .setReflines, .addRefline, .removeRefline,
            .addAnnotation, .setAnnotation, .removeAnnotation:
            effects = try applyPlots(command, to: &s, at: range, context: context) ?? []
        case .setLabels, .setXScale, .setYScale, .setAxisTitle, .setRange, .setZero,
            .setFacetScales, .setTitle, .setLegend, .setLegendPosition, .setAxis, .setGrid,
            .setSelectionStyle:
            effects = try applyAxes(command, to: &s, at: range)
        case .select, .selectX, .setSpacing, .scroll, .view, .setDirection, .setPadding:
            effects = try applyViewing(command, to: &s, at: range)
            try applyLinked(command, to: &s, at: range)
        case .show, .showData, .list, .setSize, .setColor, .setCanvas, .setTheme, .setRedraw,
            .snapshot:
            effects = try applyOutput(command, to: &s, context: context)
        case .addPanel, .selectPanel, .removePanel, .setLayout, .setLink:
            effects = try applyPanels(command, to: &s, at: range)
        case .reset, .help, .echo, .pause, .play, .quit:
            effects = try applySession(command, to: &s, context: context)
        case .undo, .redo, .history, .source, .save:
            effects = []  // the notebook's: `run` answers them
        }
        return (s, effects)
    }
}
