import ChartbookModel
import ChartbookRaster
import ChartbookCommands

/// Runs script text command by command against a notebook, as if each line were typed:
/// every command is its own transaction and undo step. Reports through `emit`.
public struct ScriptRunner: Sendable {
    public enum Event: Equatable, Sendable {
        /// Text for standard output (listings, help).
        case output(String)
        /// The chart changed and should be drawn now (with `each`, or after `show`): this session.
        case draw(Session)
        /// A formatted diagnostic for standard error.
        case diagnostic(String)
        /// What a command did, for a person at the prompt (`Effect.feedback`).
        case feedback(String)
        /// `history` ran: a shell with a command history shows it; others print `changes`.
        case history(changes: String, all: Bool)
        /// `play` asked for a lesson and `interactivePlay` is on: the shell drives it.
        case play(Lesson)
    }

    public enum Outcome: Equatable, Sendable {
        case completed
        /// At least one command failed (with `keepGoing` the rest still ran).
        case failed
        case quit
    }

    public var executor: Executor
    /// Draw after every command that changes the chart, not only at the end.
    public var drawEach: Bool
    /// Go on after a failing command instead of stopping.
    public var keepGoing: Bool
    /// The terminal now (for `auto` sizes in SVG output).
    public var target: @Sendable () -> TerminalTarget
    /// A shell that can drive a lesson with keys (`Event.play`); otherwise `play` runs the
    /// lesson through here, drawing after every step.
    public var interactivePlay = false
    /// What remote datasets hold for a drawing, kept between drawings (shared by copies).
    public var remote = RemoteData()
    /// How deep inside `source` and `play` this runner's scripts run: a lesson played from a
    /// script runs one deeper, so a script that plays itself (or a play/source cycle) meets
    /// the executor's `maxSourceDepth` instead of the end of the stack.
    public var depth = 0
    /// Whether a drawing (`drawEach`) is given the rows remote datasets need for it before
    /// it is emitted. The REPL turns it off: it fetches them once, for the room the chart
    /// gets under the prompt's feedback (fetched here too, they were fetched twice).
    public var fetchesForDrawings = true
    /// A preview's run (the REPL's approximate chart): no file is written (`save`,
    /// snapshots) and no kept answer forgotten — its caller throws the session away.
    public var isPreview = false

    public init(
        executor: Executor, drawEach: Bool = false, keepGoing: Bool = false,
        target: @escaping @Sendable () -> TerminalTarget = {
            TerminalTarget(columns: 80, rows: 24, colorMode: .none)
        }
    ) {
        self.executor = executor
        self.drawEach = drawEach
        self.keepGoing = keepGoing
        self.target = target
    }

    public func run(_ source: ScriptSource, in notebook: inout Notebook, emit: (Event) -> Void)
        -> Outcome
    {
        remote.forgetInterruptions()
        let context = Executor.Context(directory: source.directory, depth: depth)
        var failed = false
        func report(_ diagnostic: Diagnostic) {
            let d = diagnostic.located(in: source)
            emit(.diagnostic(DiagnosticFormatter.format(d)))
            if d.severity == .error { failed = true }
        }
        // Comment lines since the last command: the narration of the next one.
        var narration = [String]()
        for line in Lexer.logicalLines(source) {
            if let comment = Self.comment(line) {
                // `# pause` directs a lesson; it is not words of the next step (issue 30:
                // the HTML notebook printed it).
                if !Lesson.isPause(comment) { narration.append(comment) }
                continue
            }
            let commands: [CommandTokens]
            do { commands = try Lexer.commands(in: line) } catch {
                report(error)
                if keepGoing { continue } else { return .failed }
            }
            for tokens in commands {
                do throws(Diagnostic) {
                    let command = try Parser.parse(tokens)
                    let commits = notebook.commits
                    let effects = try executor.run(
                        command, text: tokens.text, at: tokens.tokens[0].range, in: &notebook,
                        context: context)
                    // Narration belongs to the next step that changes the session (a
                    // `show` or `echo` between keeps it waiting).
                    if notebook.commits > commits {
                        notebook.narrate(narration)
                        narration = []
                    }
                    if let end = try carryOut(
                        effects, of: command, at: tokens.tokens[0].range, in: &notebook,
                        failed: &failed, emit: emit)
                    {
                        return end
                    }
                } catch {
                    report(error)
                    // Ctrl-C stops the whole script, --keep-going or not.
                    if !keepGoing || error.kind == .cancelled { return .failed }
                }
            }
        }
        return failed ? .failed : .completed
    }

    /// Carries out the effects of a committed command in order: a lesson is played (or run
    /// through), the others as `carryOut(_:show:at:emit:)` says. Returns how the script ends
    /// when it ends here (`quit`, a lesson step that failed without --keep-going), else nil.
    func carryOut(
        _ effects: [Effect], of command: Command, at range: SourceRange,
        in notebook: inout Notebook, failed: inout Bool, emit: (Event) -> Void
    ) throws(Diagnostic) -> Outcome? {
        for effect in effects {
            if effect == .quit { return .quit }
            if case .play(let script) = effect {
                let lesson = Lesson(script)
                if interactivePlay {
                    emit(.play(lesson))
                } else if !playThrough(lesson, in: &notebook, emit: emit) {
                    // Its step's error is shown; the script fails with it.
                    failed = true
                    if !keepGoing { return .failed }
                }
                continue
            }
            try carryOut(effect, show: drawEach || command == .show, at: range, emit: emit)
        }
        return nil
    }

    /// Carries out one effect of a committed command: output, drawing (when `show`), the
    /// snapshot of a drawn session, writing a file. Throws when a file cannot be written.
    func carryOut(
        _ effect: Effect, show: Bool, at range: SourceRange, emit: (Event) -> Void
    ) throws(Diagnostic) {
        switch effect {
        case .print(let text): emit(.output(text))
        case .feedback(let text): emit(.feedback(text))
        case .render, .quit, .play: break  // bound by the executor; the caller's
        case .draw(let session, let command):
            if show, !fetchesForDrawings {
                emit(.draw(session))
            } else if show {
                let (drawn, problems) = remote.forTerminal(
                    session, on: target(), shouldCancel: executor.isCancelled)
                problems.forEach { emit(.diagnostic($0 + "\n")) }
                emit(.draw(drawn))
            }
            if !isPreview, let failure = snapshot(session, command: command, at: range) {
                throw failure
            }
        case .history(let changes, let all): emit(.history(changes: changes, all: all))
        case .forgetRemoteAnswers(let query): if !isPreview { remote.forget(query) }
        case .write where isPreview: break
        case .write(.engineRows(let dataset, let shownPath), let path, let pathRange):
            let rows = try writeEngineRows(of: dataset, to: path, at: pathRange)
            emit(
                .feedback(
                    "wrote \(TextMetrics.sanitized(shownPath)) (\(rows) rows of \(TextMetrics.sanitized(dataset.name)))\n"
                ))
        case .write(let output, let path, let pathRange):
            let bytes: [UInt8], written: String
            do { (bytes, written) = try rendered(output, path: path) } catch {
                throw Diagnostic(.cannotWrite(path: path, reason: error.reason), at: pathRange)
            }
            do { try executor.files.write(bytes, to: path) } catch {
                throw Diagnostic(.cannotWrite(path: path, reason: error.reason), at: pathRange)
            }
            emit(.feedback(written))
        }
    }

    /// The bytes of an output and what to say once they are written; a PNG or PDF librsvg
    /// could not draw fails with its reason.
    func rendered(_ output: Output, path: String) throws(SVGRasterizer.Failure) -> (
        [UInt8], String
    ) {
        let text: String, detail: String
        switch output {
        case .chart(let session, .png(let size, let scale)):
            let svg = chartSVG(session, size: size)
            let bytes = try SVGRasterizer.png(
                svg, scale: scale,
                memoryBudget: session.memoryBudget ?? executor.limits.memoryBudget)
            // The image's own size, from its header (width and height at bytes 16 and 20).
            let size =
                bytes.count > 24
                ? [16, 20].map { bytes[$0..<($0 + 4)].reduce(0) { $0 << 8 | Int($1) } } : []
            let pixels = size.count == 2 ? "\(size[0])×\(size[1]) px" : "PNG"
            return (bytes, Self.wrote(path, pixels, bytes.count) + Self.themeNote(session))
        case .chart(let session, .pdf(let size)):
            let bytes = try SVGRasterizer.pdf(chartSVG(session, size: size))
            return (bytes, Self.wrote(path, "PDF", bytes.count) + Self.themeNote(session))
        case .chart(let session, .svg(let size)):
            text = chartSVG(session, size: size)
            detail = Self.pixelSize(ofSVG: text).map { "\($0) px" } ?? "SVG"
        case .chart(let session, .vegaLite(let urls)):
            // A remote dataset's rows: those of the terminal drawing (M4), not every row.
            let drawn = remote.forTerminal(
                session, on: target(), shouldCancel: executor.isCancelled
            ).session
            text = VegaLiteExporter.spec(for: drawn, on: target(), urls: urls)
            detail = "Vega-Lite"
        case .notebook(let entries, let title):
            // Each chart's remote rows asked of the engine, as `save svg` asks them.
            text = HTMLNotebook.page(entries, title: title, on: target()) { session in
                remote.forSVG(
                    session, on: target(), size: nil, shouldCancel: executor.isCancelled
                ).session
            }
            detail = "\(entries.count) steps"
        case .document(let document, let written):
            return (Array(document.utf8), written)
        case .engineRows:
            // Streamed by writeEngineRows, never made whole.
            return ([], "")
        }
        let bytes = Array(text.utf8)
        return (bytes, Self.wrote(path, detail, bytes.count))
    }

    /// Under `wrote` for a PNG or PDF drawn in the default dark theme: how to get a light
    /// page (issue 54: a picture for a document came out dark with no word of why).
    static func themeNote(_ session: Session) -> String {
        session.output.themeChosen
            ? "" : "  in the dark theme; set theme light (or paper, for print) for a light page\n"
    }

    /// `wrote PATH (DETAIL, SIZE)`.
    static func wrote(_ path: String, _ detail: String, _ count: Int) -> String {
        "wrote \(TextMetrics.sanitized(path)) (\(detail), \(ResourceLimits.bytesText(count)))\n"
    }

    /// The chart of `session` as `save svg` writes it (a remote dataset's rows asked of its
    /// engine for this layout).
    func chartSVG(_ session: Session, size: PixelSize?) -> String {
        let drawn = remote.forSVG(
            session, on: target(), size: size, shouldCancel: executor.isCancelled
        ).session
        return SVGExporter.svg(for: drawn, on: target(), size: size)
    }

    /// A lesson without a terminal to drive it (`play` in a script, or output that is not a
    /// terminal): every step in turn, its narration and command printed, then its chart —
    /// what `--each` shows, with the words of the lesson. A step that fails shows its error
    /// and the lesson goes on; returns whether every step ran without one.
    func playThrough(_ lesson: Lesson, in notebook: inout Notebook, emit: (Event) -> Void)
        -> Bool
    {
        var succeeded = true
        var deeper = self
        deeper.depth += 1
        var player = LessonPlayer(lesson: lesson, runner: deeper)
        while player.done < lesson.steps.count {
            let before = notebook.commits
            let frame = player.forward(&notebook)
            var text = frame.narration.map { $0 + "\n" }.joined()
            if let command = frame.command { text += "> " + command + "\n" }
            emit(.output(TextMetrics.sanitizedLines(text)))
            if !frame.messages.isEmpty { emit(.diagnostic(frame.messages)) }
            if notebook.commits > before, !notebook.session.plotsOfEveryPanel.isEmpty {
                emit(.draw(notebook.session))
            }
            if frame.failed { succeeded = false }
        }
        return succeeded
    }

    /// The text of a comment-only line (`# text` → `text`); nil for other lines. A
    /// `# check:` header is a setting, not narration.
    static func comment(_ line: Lexer.LogicalLine) -> String? {
        let text = line.text.drop { $0 == " " || $0 == "\t" }
        guard text.hasPrefix("#"), !text.hasPrefix("# check:") else { return nil }
        let body = text.dropFirst()
        return String(body.hasPrefix(" ") ? body.dropFirst() : body)
    }

    /// `816×416` from an SVG document's `width` and `height`.
    static func pixelSize(ofSVG svg: String) -> String? {
        guard let start = svg.range(of: "width=\""), let end = svg.range(of: "\" height=\"")
        else { return nil }
        let rest = svg[end.upperBound...]
        guard let close = rest.firstIndex(of: "\"") else { return nil }
        return "\(svg[start.upperBound..<end.lowerBound])×\(rest[..<close])"
    }

    /// With `snapshot on`, writes the chart to the next `NNNN.svg` in the snapshot directory,
    /// the command in its `<desc>`. Returns an error when the file cannot be written: the
    /// script fails (exit 1), though the command's own change stays made (and undoable).
    func snapshot(_ session: Session, command: String, at range: SourceRange) -> Diagnostic? {
        guard let directory = session.output.snapshotDirectory else { return nil }
        let taken = executor.files.list(directory).compactMap { entry -> Int? in
            guard entry.name.hasSuffix(".svg") else { return nil }
            return Int(entry.name.dropLast(4))
        }
        let number = (taken.max() ?? 0) + 1
        var name = String(number)
        while name.count < 4 { name = "0" + name }
        let path = directory + "/" + name + ".svg"
        let drawn = remote.forSVG(session, on: target(), shouldCancel: executor.isCancelled)
        let svg = SVGExporter.svg(for: drawn.session, on: target(), description: command)
        do {
            // The directory `snapshot on` named is made when the first snapshot is written.
            try executor.files.makeDirectory(directory)
            try executor.files.write(Array(svg.utf8), to: path)
        } catch {
            return Diagnostic(.cannotWrite(path: path, reason: error.reason), at: range)
        }
        return nil
    }
}
