#if canImport(Glibc)
    @preconcurrency import Glibc
#endif
import ChartbookModel
import ChartbookCommands
import ChartbookKit
import ChartbookTerminal

/// What `--follow` holds while it reads: the notebook, the bytes of a line not yet ended, the
/// column names, and what was drawn.
struct FollowStream {
    let mode: FollowMode
    var notebook: Notebook
    var pending = [UInt8]()
    var names: [String]?
    var started = false
    /// Rows the last frame took (the cursor goes back up this many to draw the next).
    var drawnRows = 0
    /// When the last frame was drawn, in milliseconds.
    var lastDraw = 0
    var dirty = false
    var ok = true
    /// Lines read so far (for the report of skipped ones).
    var lineNumber = 0
    /// Lines after the first values that could not be drawn, and the first of them.
    var skipped = 0
    var firstSkipped: (line: Int, text: String)?

    var limits: ResourceLimits { mode.runner.executor.limits }

    init(mode: FollowMode, notebook: Notebook) {
        self.mode = mode
        self.notebook = notebook
    }

    mutating func draw() {
        let text = ChartRenderer.text(for: notebook.session, on: mode.target)
        let back = drawnRows > 0 ? ANSIWriter.cursorUp(drawnRows) + mode.clearPictures : ""
        StandardStreams.out(back + text)
        drawnRows = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        lastDraw = MonotonicClock.milliseconds()
        dirty = false
    }

    /// Bytes read: every line they end is handled; a line longer than the limit is skipped.
    mutating func take(_ bytes: ArraySlice<UInt8>) {
        pending.append(contentsOf: bytes)
        // Lines are taken from the front, then removed once (removing each in turn would be
        // quadratic in the lines of one read).
        var lineStart = 0
        while let newline = pending[lineStart...].firstIndex(of: 10) {
            handle(String(decoding: pending[lineStart..<newline], as: UTF8.self))
            lineStart = newline + 1
        }
        pending.removeSubrange(..<lineStart)
        if pending.count > limits.maxLineBytes {
            StandardStreams.err(
                "chartbook: --follow: a line longer than \(ResourceLimits.bytesText(limits.maxLineBytes)) (the limit) was skipped\n"
            )
            pending.removeAll()
        }
    }

    /// The end of input: a last line without its newline, and the last frame.
    mutating func finish() {
        if !pending.isEmpty { handle(String(decoding: pending, as: UTF8.self)) }
        if started && (dirty || drawnRows == 0) { draw() }
        if let first = firstSkipped {
            let text = TextMetrics.truncated(TextMetrics.sanitized(first.text), toWidth: 60)
            StandardStreams.err(
                "chartbook: --follow: skipped \(skipped) line\(skipped == 1 ? "" : "s") that held words, not values (the first, line \(first.line): \"\(text)\")\n"
            )
        }
        // Lines came, and none could be drawn: that is a failure, not an empty success.
        if !started && lineNumber > 0 && skipped > 0 { ok = false }
    }

    mutating func handle(_ line: String) {
        lineNumber += 1
        switch StreamLine.parse(line, timeZone: notebook.session.timeZone) {
        case .blank: return
        case .names(let fields):
            if !started && names == nil && lineNumber == 1 {
                names = FollowMode.uniqueNames(fields)
            } else {
                skipped += 1
                if firstSkipped == nil { firstSkipped = (lineNumber, line) }
            }
        case .values(let values, let times):
            if !started { start(columns: names?.count ?? values.count, times: times) }
            let width =
                notebook.session.dataset(named: "stdin")?.numericColumns.count ?? values.count
            var row = Array(values.prefix(width))
            while row.count < width { row.append(.nan) }
            let here = SourceRange(line: 1, column: 1, length: 1)
            let push = Command.push(name: Located("stdin", at: here), values: row)
            _ = try? mode.runner.executor.run(push, text: "push", at: here, in: &notebook)
            dirty = true
        }
    }

    /// The first values: the dataset `stdin` is made, the scripts run, and a line per column
    /// is added when they added no plot.
    mutating func start(columns: Int, times: Set<Int>) {
        var columnNames = names ?? (1...max(columns, 1)).map { "c\($0)" }
        if columnNames.count > limits.maxColumns {
            StandardStreams.err(
                "chartbook: --follow: \(columnNames.count) columns; reading the first \(limits.maxColumns) (the limit)\n"
            )
            columnNames = Array(columnNames.prefix(limits.maxColumns))
        }
        var session = notebook.session
        // A column of dates or times is the x of the lines drawn (`--x NAME` names another).
        let columns = columnNames.enumerated().map { index, name in
            times.contains(index) ? Column(name: name, times: []) : Column(name: name, numbers: [])
        }
        let x = mode.x ?? columns.first(where: \.isTime)?.name
        session.upsert(
            Dataset(
                name: "stdin", columns: columns, source: .inline, window: mode.window,
                xColumn: x))
        // A stream has no undo: keeping a step per line would hold a copy of the columns per
        // step and make every push copy them.
        notebook = Notebook(session: session, undoLimit: 0)
        for source in mode.sources {
            let outcome = mode.runner.run(source, in: &notebook) { event in
                if case .diagnostic(let d) = event { StandardStreams.err(d) }
            }
            if outcome == .failed { ok = false }
        }
        if notebook.session.plots.isEmpty { addLines(columnNames.filter { $0 != x }) }
        started = true
    }

    /// `add plot line stdin.COLUMN` for each column (up to the plot limit).
    mutating func addLines(_ columnNames: [String]) {
        if columnNames.count > limits.maxPlots {
            StandardStreams.err(
                "chartbook: --follow: plotting the first \(limits.maxPlots) of \(columnNames.count) columns (the limit)\n"
            )
        }
        let plots = columnNames.prefix(limits.maxPlots).map { "add plot line stdin.\($0)" }
            .joined(separator: "; ")
        _ = mode.runner.run(ScriptSource(name: "--follow", text: plots), in: &notebook) { _ in }
    }
}
