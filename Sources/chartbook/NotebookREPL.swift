#if canImport(Glibc)
    @preconcurrency import Glibc
#endif
import ChartbookModel
import ChartbookCommands
import ChartbookKit
import ChartbookTerminal
import LineEditor

/// The interactive notebook on a terminal: libedit line editing, Tab completion, persistent
/// history, and the chart drawn again after every command that changes it.
struct NotebookREPL {
    let runner: ScriptRunner
    let environment: TerminalEnvironment
    let files: LocalFiles
    /// The colour mode `auto` means on this terminal.
    let colorMode: ColorMode
    /// `--size`, standing in for the terminal's size.
    let fixedSize: (columns: Int, rows: Int)?

    /// Holds the current session for the completion callback.
    final class SessionBox {
        var session = Session()
        /// A continued line (`\`) is being typed: keys edit it.
        var continuing = false
        /// The main plot whose points ← → step along (Tab moves on).
        var walked = 0
    }

    func run(_ notebook: inout Notebook) {
        // Through tmux a kitty picture is the terminal's, not the pane's: not left behind.
        defer { if environment.tmux != nil { StandardStreams.out(environment.pictureClearing()) } }
        TerminalLocale.useUTF8()
        let box = SessionBox()
        box.session = notebook.session
        let editor: LineEditor
        do { editor = try makeEditor(completingIn: box) } catch {
            StandardStreams.err("chartbook: cannot start line editing: \(error.reason)\n")
            return
        }
        let historyFile = HistoryFile(variables: environment.variables)
        var history = historyFile.load(files: files)
        editor.load(history.entries)

        StandardStreams.out(
            "chartbook 0.1.0 · help lists the commands · Tab completes · Ctrl-D leaves\n"
        )
        var continued = ContinuedEntry()
        var typed = ""
        // Every command run, typed or a key's, is remembered for Up/Down and in the file.
        func remember(_ entry: String) -> HistoryStore {
            editor.remember(entry)
            history.add(entry)
            historyFile.save(history)
            return history
        }
        while true {
            box.continuing = continued.isContinuing
            let prompt = continued.isContinuing ? "... " : self.prompt(for: notebook.session)
            // Back from a window too small: a clean screen with the chart at the new size
            // (issue 31: the old chart stayed, garbled, until Ctrl-L).
            if waitUntilWindowFits(prompt) {
                StandardStreams.out(ANSIWriter.clearScreen)
                draw(notebook.session, below: [], clear: true)
            }
            let input = editor.readLine(prompt: prompt, typed: typed)
            typed = ""
            switch input {
            case .redraw(let line, _):
                // A new size, or Ctrl-L: a clean screen with the chart, then the line again.
                typed = line
                StandardStreams.out(ANSIWriter.clearScreen)
                draw(notebook.session, below: [], clear: true)
            case .endOfInput:
                StandardStreams.out("\n")
                historyFile.save(history)
                return
            case .hangUp:
                return
            case .interrupted:
                StandardStreams.out("\n")
                continued.reset()
            case .key(let key):
                if explore(key, in: &notebook, box: box, remember: remember) == .quit { return }
            case .line(let line):
                guard let (text, entry) = continued.take(line),
                    !text.allSatisfy(\.isWhitespace)
                else { continue }
                if execute(text, in: &notebook, history: remember(entry)) == .quit { return }
                box.session = notebook.session
            }
        }
    }

    /// The line editor: Tab completes against the session in `box`; a resize while a line is
    /// typed redraws the chart at once (the line is kept).
    func makeEditor(completingIn box: SessionBox) throws(LineEditor.Unavailable) -> LineEditor {
        let editor = try LineEditor(program: "chartbook")
        let completer = Completer(files: files)
        editor.completion = { text in
            let result = completer.complete(text, session: box.session)
            return LineEditor.Completion(partial: result.partial, candidates: result.candidates)
        }
        editor.terminalWidth = { [environment] in environment.size().columns }
        editor.explores = { key in Self.explores(key, in: box) }
        if fixedSize == nil { editor.windowSize = { [environment] in environment.size() } }
        return editor
    }

    /// Holds the prompt back while the window is too small for it (a window narrower than
    /// the prompt crashed libedit): says so once, then checks every 100 ms. Typed input waits
    /// in the terminal's buffer.
    /// Returns whether it waited (the screen then holds the note, not the chart).
    @discardableResult
    func waitUntilWindowFits(_ prompt: String) -> Bool {
        guard fixedSize == nil else { return false }
        var told = false
        while true {
            let size = environment.size()
            if LineEditor.fits(prompt: prompt, columns: size.columns, rows: size.rows) {
                return told
            }
            if !told {
                StandardStreams.out(
                    "\r\nchartbook: the window is too small (\(size.columns)×\(size.rows)); widen it to go on\r\n"
                )
                told = true
            }
            usleep(100_000)
        }
    }

    /// What one typed entry produced, held until it has run and then shown together.
    struct EntryOutput {
        var outcome: ScriptRunner.Outcome = .completed
        /// The session to draw, when the chart changed.
        var drawn: Session?
        /// Feedback goes under the chart, just above the prompt, where it is read.
        var feedback = ""
        /// Listings (help, describe, list), paged when taller than the window.
        var listing = ""
        /// Diagnostics go under the chart too, which makes room for them.
        var diagnostics = ""
        /// An approximate chart was drawn while the entry ran: its drawing draws none again.
        var previewed = false
    }

    /// Runs one typed entry; draws when the chart changed.
    /// `note`: said under the chart before the entry's own feedback (an explore key's).
    func execute(
        _ text: String, in notebook: inout Notebook, history: HistoryStore, note: String? = nil
    ) -> ScriptRunner.Outcome {
        // An entry that does not parse runs as any other (and fails there).
        let commands = Self.parsed(text)
        // `set canvas auto` typed asks the terminal again (passthrough may be on now).
        if commands?.contains(.setCanvas(.auto)) == true {
            environment.pictureAnswer.value = nil
            environment.pictureAnswer.toldWhyNot = false
        }
        var output =
            if let commands, Self.mayWaitOnEngine(commands, session: notebook.session) {
                runWithPreview(text, commands, in: &notebook, history: history)
            } else {
                run(text, in: &notebook, history: history)
            }
        if let note { output.feedback = note + "\n" + output.feedback }
        return show(output, session: output.drawn ?? notebook.session)
    }

    /// Runs one typed entry, drawing after each command that changes the chart, and collects
    /// what it printed; a `play` it asks for runs here, full screen.
    func run(_ text: String, in notebook: inout Notebook, history: HistoryStore) -> EntryOutput {
        var output = EntryOutput()
        var each = runner
        each.drawEach = true
        each.keepGoing = false
        each.interactivePlay = true
        // `draw` fetches a remote dataset's rows, once, for the room the chart gets.
        each.fetchesForDrawings = false
        var lesson: Lesson?
        let now = target()
        each.target = { now }
        each.executor.plotWidth = { ChartRenderer.plotWidth(of: $0, on: now) }
        each.executor.textWidth = { now.columns }
        output.outcome = each.run(ScriptSource(typed: text), in: &notebook) { event in
            switch event {
            case .output(let text): output.listing += text
            case .feedback(let text): output.feedback += text
            case .diagnostic(let text):
                // After Ctrl-C the terminal has echoed ^C: start on a fresh line.
                output.diagnostics += (Interrupts.take() ? "\n" : "") + text
            case .draw(let session): output.drawn = session
            case .play(let asked): lesson = asked
            // A listing like any other: under the chart drawn in place, or paged (issue 54:
            // printed at once, it was drawn over by the chart of the command after it).
            case .history(let changes, all: false): output.listing += changes
            case .history(_, all: true):
                let numbered = history.entries.enumerated().map {
                    "\(String($0.offset + 1).leftPadded(5))  \($0.element)"
                }
                output.listing += TextMetrics.sanitizedLines(
                    numbered.joined(separator: "\n") + "\n")
            }
        }
        if let lesson {
            // A lesson's screen draws what the runner gives it: the rows fetched.
            each.fetchesForDrawings = true
            LessonScreen(environment: environment, colorMode: colorMode, fixedSize: fixedSize)
                .run(lesson, runner: each, notebook: &notebook)
            // Back at the prompt with the session as the lesson left it.
            output.drawn = notebook.session
        }
        return output
    }

    /// Shows what an entry printed around `session` (the chart as it now is): feedback and
    /// short listings or errors under a chart redrawn in place, long listings paged.
    func show(_ output: EntryOutput, session: Session) -> ScriptRunner.Outcome {
        var (feedback, listing) = (output.feedback, output.listing)
        // A short output of a command that also redraws (`undid: …`, `redid: …`) goes under
        // the chart with the feedback: printed above it, the redraw in place covered it.
        if output.drawn != nil, listing.split(separator: "\n").count <= 3 {
            feedback = listing + feedback
            listing = ""
        }
        let screen = target()
        let width = screen.columns
        var lines = feedback.split(separator: "\n").flatMap {
            TextMetrics.wrapped(String($0), toWidth: width, separator: " · ")
        }
        // Rows each takes on the screen (a line wider than the window wraps).
        func rows(_ text: String) -> Int {
            text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().reduce(0) {
                $0 + max(1, (TextMetrics.width(of: String($1)) + width - 1) / max(width, 1))
            }
        }
        let errors = rows(output.diagnostics)
        let shown = listing.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        // A short listing or error under a chart drawn in place: the chart again, shorter,
        // the message under it, so its title and legend stay on screen (issue 31).
        let room = screen.rows
        // An approximate chart on the screen is always drawn over: also when the entry
        // failed, or left no plot.
        let redraws =
            output.outcome != .quit && session.output.redraw == .inplace
            && (output.previewed
                || (!session.plotsOfEveryPanel.isEmpty
                    && (output.drawn != nil || rows(listing) + errors + lines.count <= room / 2)))
        if redraws, output.drawn == nil || listing.isEmpty {
            lines = shown.map(String.init) + lines
            // A listing line wider than the window takes more rows: keep them free too.
            let wrapped = rows(lines.map { $0 + "\n" }.joined()) - lines.count
            draw(
                session, below: lines, reserve: errors + wrapped, clear: false,
                previewing: !output.previewed)
            StandardStreams.err(output.diagnostics)
            return output.outcome
        }
        StandardStreams.err(output.diagnostics)
        Pager(command: environment.variables["PAGER"]).show(listing, rows: room)
        if let drawn = output.drawn, output.outcome != .quit {
            draw(drawn, below: lines, clear: false, previewing: !output.previewed)
        } else {
            for line in lines { StandardStreams.out(line + "\n") }
        }
        return output.outcome
    }

    /// The chart sized to the window above `below` (feedback) lines and the prompt: in place
    /// from the top of the screen (`set redraw inplace`, or `clear`), else after what is there.
    /// `reserve`: rows left free under `below` for what follows on stderr (diagnostics).
    /// `previewing`: while a remote dataset's rows are fetched, an approximate chart may be
    /// drawn (`fetched`).
    func draw(
        _ session: Session, below: [String], reserve: Int = 0, clear: Bool,
        previewing: Bool = true
    ) {
        let inPlace = clear || session.output.redraw == .inplace
        var room = environment.target(
            target(), for: session, startingAt: inPlace ? .row(0) : .cursor)
        var below = below
        // `set canvas auto` that draws no picture says why, once.
        if session.output.canvas == .auto, !environment.pictureAnswer.toldWhyNot,
            let why = environment.whyNoPictures(room)
        {
            environment.pictureAnswer.toldWhyNot = true
            below.append(why)
        }
        room.rows = max(1, room.rows - below.count - reserve)
        let drawn = fetched(session, on: room, previewing: previewing)
        var text = ChartRenderer.text(for: drawn.session, on: room)
        // In place, a feedback line lands on what the last chart drew there: erase the rest.
        let lineEnd = inPlace ? ANSIWriter.clearToLineEnd + "\n" : "\n"
        for line in below + drawn.problems {
            text += TextMetrics.sanitized(line) + lineEnd
        }
        // A picture drawn in place covers the last; kitty's must be deleted (also when
        // the chart is text now), and through tmux in any case (it would not scroll away).
        let clear = inPlace || environment.tmux != nil ? environment.pictureClearing() : ""
        StandardStreams.out(
            inPlace ? ANSIWriter.home + clear + text + ANSIWriter.clearBelow : clear + text)
    }

    /// The terminal now, minus the prompt's row.
    func target() -> TerminalTarget {
        let size = fixedSize ?? environment.size()
        return TerminalTarget(
            columns: size.columns, rows: max(1, size.rows - 1), colorMode: colorMode)
    }

    /// `chartbook [2 plots] > `, the name in bold blue when colour is on.
    func prompt(for session: Session) -> String {
        let count = session.plots.count
        let plots = count == 0 ? "" : "\(count) plot\(count == 1 ? "" : "s")"
        // On a page of panels, which one commands change.
        let panel =
            session.panels.count > 1
            ? "panel \(session.currentPanel + 1)/\(session.panels.count)" : ""
        let parts = [panel, plots].filter { !$0.isEmpty }
        let state = parts.isEmpty ? "" : " [" + parts.joined(separator: " · ") + "]"
        let mode = session.output.colorMode.resolved(environment: colorMode)
        var grid = CellGrid(width: 9 + TextMetrics.width(of: state) + 3, height: 1)
        grid.put(
            "chartbook", column: 0, row: 0,
            style: CellStyle(foreground: Color(hex: 0x4e79a7), bold: true))
        grid.put(state + " > ", column: 9, row: 0)
        return ANSIWriter(mode: mode).line(grid, row: 0)
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }

    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
