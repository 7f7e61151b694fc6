import ArgumentParser
import Foundation
import ChartbookModel
import ChartbookCommands
import ChartbookKit
import LineEditor
#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

extension Invocation {
    /// `chartbook plot …` (PlotShortcut): its load runs first, and its plots are made for the
    /// dataset as loaded (the default x and y columns); `printOnly` prints the commands
    /// instead of drawing.
    func runOneShot(_ shot: OneShot, printOnly: Bool) throws {
        var setup = setUp()
        let load = ScriptSource(name: "chartbook plot", generated: shot.loadScript)
        func plots(after session: Session) -> ScriptSource {
            ScriptSource(
                name: "chartbook plot",
                generated: shot.plotScript(for: session.dataset(named: shot.dataset)))
        }
        guard printOnly else {
            var pieces = [load].makeIterator()
            var planned = false
            return try runSources(
                next: { session in
                    if let piece = pieces.next() { return piece }
                    if planned { return nil }
                    planned = true
                    return plots(after: session)
                }, runner: setup.runner, files: setup.files, target: setup.target,
                notebook: &setup.notebook)
        }
        guard shot.needsData else { return StandardStreams.out(shot.script(for: nil)) }
        try Self.runOrExit(load, runner: setup.runner, notebook: &setup.notebook)
        StandardStreams.out(
            shot.script(for: setup.notebook.session.dataset(named: shot.dataset)))
    }

    /// The script files, then the -e commands, as sources (a file that cannot be read ends
    /// the run).
    func readSources(files: LocalFiles) throws -> [ScriptSource] {
        var sources = [ScriptSource]()
        for path in scripts {
            let resolved = files.resolve(path, relativeTo: nil)
            do {
                sources.append(
                    try ScriptSource(
                        name: path, bytes: try files.read(resolved),
                        directory: ScriptSource.directory(containing: resolved)))
            } catch {
                StandardStreams.err(
                    "chartbook: cannot read '\(TextMetrics.sanitized(path))': \(error.reason)\n")
                throw ExitCode(1)
            }
        }
        for (index, text) in commands.enumerated() {
            sources.append(
                ScriptSource(name: commands.count > 1 ? "-e#\(index + 1)" : "-e", text: text))
        }
        return sources
    }

    /// No scripts: the notebook on a terminal (after the init script), else standard input
    /// read as a script a command at a time — unless it looks like data.
    func runWithoutScripts(_ setup: inout Setup) throws {
        let (environment, runner) = (setup.environment, setup.runner)
        if environment.stdinIsTerminal {
            if !noInit {
                InitScript(variables: environment.variables).run(
                    with: runner, files: setup.files, into: &setup.notebook)
            }
            let fixed = size.map { _ in (setup.target.columns, setup.target.rows) }
            NotebookREPL(
                runner: runner, environment: environment, files: setup.files,
                colorMode: setup.target.colorMode, fixedSize: fixed
            ).run(&setup.notebook)
            return
        }
        // Read as it arrives, a command at a time (an endless pipe runs in bounded memory).
        var stream = StreamedScript(limits: setup.limits)
        let first = stream.next()
        if let first, PipedInput.looksLikeData(first.text) {
            StandardStreams.err(
                "chartbook: standard input looks like data (CSV), not commands.\n"
                    + "  to draw it:   … | chartbook plot line - COLUMN [--x COLUMN]\n"
                    + "  in a script:  load - as stdin; add plot line stdin.COLUMN\n")
            throw ExitCode(2)
        }
        let pieces = StreamedPieces(first: first, rest: stream)
        try runSources(
            pieces, runner: runner, files: setup.files, target: setup.target,
            notebook: &setup.notebook)
        if let failure = pieces.failure {
            StandardStreams.err("chartbook: <stdin>: \(failure)\n")
            throw ExitCode(1)
        }
    }

    /// `--play PATH`: on a terminal, the other scripts first, then the lesson step by step,
    /// then the prompt; otherwise the lesson runs through with the other scripts.
    func playLesson(
        _ play: String, after sources: [ScriptSource], runner: ScriptRunner, files: LocalFiles,
        environment: TerminalEnvironment, target: TerminalTarget, notebook: inout Notebook
    ) throws {
        guard environment.stdinIsTerminal && environment.stdoutIsTerminal else {
            // Not a terminal: the lesson runs through, a chart after every step.
            let lesson = ScriptSource(name: "--play", text: "play " + ScriptQuoting.quoted(play))
            return try runSources(
                sources + [lesson], runner: runner, files: files, target: target,
                notebook: &notebook)
        }
        var interactive = runner
        interactive.interactivePlay = true
        for source in sources {
            if interactive.run(source, in: &notebook, emit: { _ in }) == .failed {
                throw ExitCode(1)
            }
        }
        let resolved = files.resolve(play, relativeTo: nil)
        do {
            let lesson = Lesson(
                try ScriptSource(
                    name: play, bytes: try files.read(resolved),
                    directory: ScriptSource.directory(containing: resolved)))
            LessonScreen(
                environment: environment, colorMode: target.colorMode,
                fixedSize: size.map { _ in (target.columns, target.rows) }
            ).run(lesson, runner: interactive, notebook: &notebook)
        } catch {
            StandardStreams.err(
                "chartbook: cannot read '\(TextMetrics.sanitized(play))': \(error.reason)\n")
            throw ExitCode(1)
        }
        NotebookREPL(
            runner: runner, environment: environment, files: files,
            colorMode: target.colorMode,
            fixedSize: size.map { _ in (target.columns, target.rows) }
        ).run(&notebook)
    }

    /// Runs the scripts and -e commands in order, printing every chart drawn, then the final
    /// chart and the --svg/--html files.
    func runSources(
        _ sources: some Sequence<ScriptSource>, runner: ScriptRunner, files: LocalFiles,
        target: TerminalTarget, notebook: inout Notebook, environment: TerminalEnvironment? = nil
    ) throws {
        var iterator = sources.makeIterator()
        try runSources(
            next: { _ in iterator.next() }, runner: runner, files: files, target: target,
            notebook: &notebook, environment: environment)
    }

    /// The same, each script asked for when the one before has run (`next` sees the session
    /// it made: the one-line form plans its plots for the file as loaded).
    func runSources(
        next: (Session) -> ScriptSource?, runner: ScriptRunner, files: LocalFiles,
        target: TerminalTarget, notebook: inout Notebook, environment: TerminalEnvironment? = nil
    ) throws {
        // With set canvas auto, the picture the terminal shows (asked once).
        let drawn = { (session: Session) in environment?.target(target, for: session) ?? target }
        var failed = false
        var lastDrawn: Session?
        while let source = next(notebook.session) {
            let outcome = runner.run(source, in: &notebook) { event in
                switch event {
                case .output(let text), .history(let text, _): StandardStreams.out(text)
                case .diagnostic(let text): StandardStreams.err(text)
                case .feedback, .play: break  // for the prompt; a script's output is its chart
                case .draw(let session):
                    StandardStreams.out(ChartRenderer.text(for: session, on: drawn(session)))
                    lastDrawn = session
                }
            }
            if outcome == .failed { failed = true; if !keepGoing { break } }
            if outcome == .quit { break }
        }
        // The final chart, unless the script drew this very session already. After an error
        // only with --keep-going: otherwise a half-built chart would pass for the real one.
        let final = runner.remote.forTerminal(
            notebook.session, on: target, shouldCancel: runner.executor.isCancelled)
        final.problems.forEach { StandardStreams.err($0 + "\n") }
        if remoteRows {
            StandardStreams.err(
                "remote rows received for the final chart: \(runner.remote.lastReceived)\n")
        }
        // `--svg -` or `--html -`: standard output holds that document alone.
        let documentToStdout = svg == "-" || html == "-"
        if (!failed || keepGoing) && !notebook.session.plotsOfEveryPanel.isEmpty
            && final.session != lastDrawn
            && !documentToStdout
        {
            StandardStreams.out(ChartRenderer.text(for: final.session, on: drawn(final.session)))
        }
        if !failed || keepGoing {
            try saveOutputs(runner: runner, notebook: &notebook)
        }
        if failed { throw ExitCode(1) }
    }

    /// `--svg PATH`, `--png PATH`, `--pdf PATH` and `--html PATH`: the `save …` commands they
    /// stand for, run after the scripts; an error in them points at the flag's value.
    func saveOutputs(runner: ScriptRunner, notebook: inout Notebook) throws {
        let flags = [
            ("--svg", "svg", svg), ("--png", "png", png), ("--pdf", "pdf", pdf),
            ("--html", "html", html),
        ]
        for (flag, format, path) in flags {
            guard let path else { continue }
            var script = GeneratedScript()
            let flagWord = script.typed(flag)
            let pathWord = script.typed(path)
            script.append("save " + format + " ", from: flagWord)
            script.append(ScriptQuoting.quoted(path), from: pathWord)
            script.endCommand()
            try Self.runOrExit(
                ScriptSource(name: "chartbook", generated: script), runner: runner,
                notebook: &notebook)
        }
    }

    /// Runs one generated source whose output is not a chart (a load, a save); its
    /// diagnostics go to standard error and end the run with status 1.
    static func runOrExit(
        _ source: ScriptSource, runner: ScriptRunner, notebook: inout Notebook
    ) throws {
        var failure = ""
        let outcome = runner.run(source, in: &notebook) { event in
            if case .diagnostic(let text) = event { failure += text }
        }
        guard outcome == .completed else {
            StandardStreams.err(failure)
            throw ExitCode(1)
        }
    }
}
