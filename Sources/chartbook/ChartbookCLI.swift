import ArgumentParser
import Foundation
import ChartbookModel
import ChartbookCommands
import ChartbookKit
import LineEditor
#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

extension ColorSetting: ExpressibleByArgument {}

/// `--size COLUMNSxROWS`, checked when the flags are parsed.
struct CellSize: ExpressibleByArgument {
    var columns: Int
    var rows: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]),
            (0...2000).contains(c), (0...1000).contains(r)
        else {
            return nil
        }
        (columns, rows) = (c, r)
    }
}
extension Canvas: ExpressibleByArgument {}
extension ShellCompletion.Shell: ExpressibleByArgument {}

@main
struct ChartbookCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chartbook",
        abstract: "A chart notebook for the terminal.",
        usage: """
            chartbook [<options>] [<scripts> ...] [-e <commands>]
            chartbook plot <kind> <file> [<columns> ...] [--x <column>] [--by <column>]
            chartbook check [--record] [<paths> ...]
            chartbook help [<topic>]
            """,
        discussion: """
            Runs script files, then -e commands, then prints the final chart. With no scripts and \
            a terminal on stdin, starts the interactive notebook; with stdin from a pipe, runs it \
            as a script ('load -' reads data from it instead). 'chartbook plot KIND FILE|- \
            COLUMN… [--x COLUMN] [--by COLUMN]' draws a file in one line (--print-script shows \
            the commands); 'chartbook check [--record] PATH…' checks scripts against their \
            recorded charts; 'chartbook help TOPIC' shows a command, plot kind or option of the \
            language (as 'help' inside chartbook does). 'chartbook --man' prints the man page.
            """,
        version: version,
        // For help and shell completion; `main()` dispatches them itself.
        subcommands: [PlotShortcut.self, CheckCommand.self]
    )

    static let version = "0.1.0"

    /// `chartbook plot …` is the one-line form (PlotShortcut), `chartbook check …` the chart
    /// regression check (CheckCommand); everything else is this.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let (before, after) = PlotShortcut.split(arguments) {
            // Options given before `plot` (`chartbook --size 80x16 plot line …`) are its own.
            PlotShortcut.main(after + before)
        } else if arguments.first == "check" {
            CheckCommand.main(Array(arguments.dropFirst()))
        } else if arguments.first == "help" {
            help(Array(arguments.dropFirst()))
        } else {
            main(nil)
        }
    }

    @Argument(help: "Script files to run, in order.", completion: .file(extensions: ["cb"]))
    var scripts: [String] = []

    @Option(
        name: .customShort("e"),
        help: ArgumentHelp(
            "Commands to run (several separated by ';'); may be repeated.",
            valueName: "commands"))
    var commands: [String] = []

    @Flag(help: "Draw the chart after every command that changes it, not only at the end.")
    var each = false

    @Option(help: "Chart size in cells, COLUMNSxROWS (default: the terminal's, else 80x24).")
    var size: CellSize?

    @Option(
        help:
            "Colour: auto, off, 16, 256 or truecolor (auto: off when stdout is not a terminal or NO_COLOR is set)."
    )
    var color: ColorSetting = .auto

    @Option(help: "Drawing canvas: braille, block or ascii.")
    var canvas: Canvas?

    @Flag(help: "Go on after a failing command (exit status is still 1).")
    var keepGoing = false

    @Option(
        help: ArgumentHelp("Also write the final chart as SVG to this file.", valueName: "path"),
        completion: .file(extensions: ["svg"]))
    var svg: String?

    @Option(
        help: ArgumentHelp(
            "Also write the run as an HTML notebook (every step, its comments, its chart).",
            valueName: "path"), completion: .file(extensions: ["html"]))
    var html: String?

    @Option(
        help: ArgumentHelp(
            "Step through a script as a lesson (Enter next, ← back, q quit), then stay at the prompt; without a terminal, draw after every step.",
            valueName: "path"), completion: .file(extensions: ["cb"]))
    var play: String?

    @Flag(
        help:
            "Read numbers from stdin as they arrive (a column per series) into the dataset 'stdin' and redraw live."
    )
    var follow = false

    @Option(help: "With --follow: keep the newest N rows.")
    var window: Int = 300

    @Option(
        name: .customLong("x"),
        help: ArgumentHelp(
            "With --follow: the column drawn along x (default: a column of dates or times, else the row).",
            valueName: "column"))
    var followX: String?

    @Flag(
        help:
            "After the final chart, say on stderr how many rows of remote datasets (mode=remote) crossed the wire for it."
    )
    var remoteRows = false

    @Flag(
        help:
            "Do not run the init script ($XDG_CONFIG_HOME/chartbook/init.cb, else ~/.config/chartbook/init.cb) before the interactive notebook's first prompt."
    )
    var noInit = false

    @Flag(help: "Print the man page (roff) and exit: chartbook --man > chartbook.1")
    var man = false

    @Option(
        help: ArgumentHelp(
            "Print the Tab completion script for bash, zsh or fish and exit (see the README).",
            valueName: "shell"))
    var completion: ShellCompletion.Shell?

    /// For the completion scripts: the column names of a file's header, one a line.
    @Option(name: .customLong("columns-of"), help: .hidden)
    var columnsOf: String?

    /// The completion script for `shell`, from this command line's own description.
    static func completionScript(_ shell: ShellCompletion.Shell) -> String {
        guard let model = ShellCompletion(toolInfo: Data(_dumpHelp().utf8)) else { return "" }
        return model.withHelp(topics: HelpText.topics)
            .withFileColumns(in: "plot", file: 1, options: ["--x", "--by"])
            .script(for: shell)
    }

    /// `chartbook help [TOPIC]`: the command line's usage and the language's groups, or one
    /// topic of the language (a command, kind or option), or a subcommand's usage.
    static func help(_ words: [String]) {
        let topic = words.joined(separator: " ").lowercased()
        switch topic {
        case "": StandardStreams.out(helpMessage() + "\n\n" + HelpText.overview(width: 80))
        case "plot" where words.count == 1:
            StandardStreams.out(
                PlotShortcut.helpMessage() + "\n\n"
                    + ((try? HelpText.help(Located(topic, at: .generated))) ?? ""))
        case "check": StandardStreams.out(CheckCommand.helpMessage() + "\n")
        default:
            do throws(Diagnostic) {
                StandardStreams.out(try HelpText.help(Located(topic, at: .generated)))
            } catch {
                StandardStreams.err(
                    "chartbook: " + error.message + (error.hint.map { "; " + $0 } ?? "") + "\n")
                Glibc.exit(1)
            }
        }
    }

    /// The man page: this usage, the subcommands', and the language.
    static func manualPage() -> String {
        ManualPage.roff(
            version: version, date: "2026-11",
            usages: [
                .init(title: "chartbook", text: helpMessage(columns: 78)),
                .init(title: "chartbook plot", text: PlotShortcut.helpMessage(columns: 78)),
                .init(title: "chartbook check", text: CheckCommand.helpMessage(columns: 78)),
            ])
    }

    /// What every run sets up from the flags and the environment.
    struct Setup {
        var environment: TerminalEnvironment
        var limits: ResourceLimits
        var files: LocalFiles
        var target: TerminalTarget
        var runner: ScriptRunner
        var notebook: Notebook
    }

    func setUp() -> Setup {
        let environment = TerminalEnvironment(variables: ProcessInfo.environmentDictionary)
        let limits = ResourceLimits(memoryBudget: MachineMemory.budget())
        Interrupts.install()
        MappedFileFaults.install()
        let files = LocalFiles(
            home: environment.home, workingDirectory: LocalFiles.currentDirectory(), limits: limits,
            isCancelled: { Interrupts.pending })
        var target = TerminalTarget(
            columns: 80, rows: 24,
            colorMode: color.resolved(environment: environment.detectedColorMode()))
        if let size {
            (target.columns, target.rows) = (size.columns, size.rows)
        } else {
            (target.columns, target.rows) = environment.size()
            // In a shell, the chart leaves the rows of the command typed and the prompt that
            // follows, so its title and legend do not scroll off (issue 31).
            if environment.stdoutIsTerminal { target.rows = max(target.rows - 2, 1) }
        }
        var session = Session()
        if let canvas { session.output.canvas = canvas }
        let fixedTarget = target
        var executor = Executor(
            files: files, isCancelled: { Interrupts.pending },
            plotWidth: { ChartRenderer.plotWidth(of: $0, on: fixedTarget) })
        executor.limits = limits
        let progress = LoadProgress(enabled: isatty(STDERR_FILENO) == 1)
        executor.progress = { progress.report($0, $1) }
        var runner = ScriptRunner(
            executor: executor, drawEach: each, keepGoing: keepGoing, target: { fixedTarget })
        runner.remote = RemoteData(progress: { progress.report($0, $1) })
        return Setup(
            environment: environment, limits: limits, files: files, target: target,
            runner: runner, notebook: Notebook(session: session))
    }

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
        var failure = ""
        let outcome = setup.runner.run(load, in: &setup.notebook) { event in
            if case .diagnostic(let text) = event { failure += text }
        }
        guard outcome == .completed else {
            StandardStreams.err(failure)
            throw ExitCode(1)
        }
        StandardStreams.out(
            shot.script(for: setup.notebook.session.dataset(named: shot.dataset)))
    }

    func run() throws {
        if man { return StandardStreams.out(Self.manualPage()) }
        if let completion { return StandardStreams.out(Self.completionScript(completion)) }
        if let columnsOf {
            // As Tab completes `load FILE x=` at the prompt (the same header rule).
            let environment = TerminalEnvironment(variables: ProcessInfo.environmentDictionary)
            let files = LocalFiles(
                home: environment.home, workingDirectory: LocalFiles.currentDirectory())
            let names = Completer(files: files).columns(ofFile: columnsOf)
            return StandardStreams.out(names.map { TextMetrics.sanitized($0) + "\n" }.joined())
        }
        var setup = setUp()
        let (environment, files, target, runner) = (
            setup.environment, setup.files, setup.target, setup.runner
        )

        let sources = try readSources(files: files)
        if let play {
            try playLesson(
                play, after: sources, runner: runner, files: files, environment: environment,
                target: target, notebook: &setup.notebook)
            return
        }
        if follow {
            let ok = FollowMode(
                runner: runner, sources: sources, target: target, window: max(window, 1),
                x: followX
            ).run(&setup.notebook)
            if !ok { throw ExitCode(1) }
            return
        }
        if sources.isEmpty {
            return try runWithoutScripts(&setup)
        }
        try runSources(
            sources, runner: runner, files: files, target: target, notebook: &setup.notebook)
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
        target: TerminalTarget, notebook: inout Notebook
    ) throws {
        var iterator = sources.makeIterator()
        try runSources(
            next: { _ in iterator.next() }, runner: runner, files: files, target: target,
            notebook: &notebook)
    }

    /// The same, each script asked for when the one before has run (`next` sees the session
    /// it made: the one-line form plans its plots for the file as loaded).
    func runSources(
        next: (Session) -> ScriptSource?, runner: ScriptRunner, files: LocalFiles,
        target: TerminalTarget, notebook: inout Notebook
    ) throws {
        var failed = false
        var lastDrawn: Session?
        while let source = next(notebook.session) {
            let outcome = runner.run(source, in: &notebook) { event in
                switch event {
                case .output(let text), .history(let text, _): StandardStreams.out(text)
                case .diagnostic(let text): StandardStreams.err(text)
                case .feedback, .play: break  // for the prompt; a script's output is its chart
                case .draw(let session):
                    StandardStreams.out(ChartRenderer.text(for: session, on: target))
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
        if (!failed || keepGoing) && !notebook.session.plots.isEmpty && final.session != lastDrawn
            && !documentToStdout
        {
            StandardStreams.out(ChartRenderer.text(for: final.session, on: target))
        }
        if !failed || keepGoing {
            try saveOutputs(runner: runner, notebook: &notebook)
        }
        if failed { throw ExitCode(1) }
    }
}

extension ChartbookCLI {
    /// `--svg PATH` and `--html PATH`: the `save svg` and `save html` commands they stand for,
    /// run after the scripts; an error in them points at the flag's value.
    func saveOutputs(runner: ScriptRunner, notebook: inout Notebook) throws {
        for (flag, format, path) in [("--svg", "svg", svg), ("--html", "html", html)] {
            guard let path else { continue }
            var script = GeneratedScript()
            let flagWord = script.typed(flag)
            let pathWord = script.typed(path)
            script.append("save " + format + " ", from: flagWord)
            script.append(ScriptQuoting.quoted(path), from: pathWord)
            script.endCommand()
            var failure = ""
            let outcome = runner.run(
                ScriptSource(name: "chartbook", generated: script), in: &notebook
            ) { event in
                if case .diagnostic(let text) = event { failure += text }
            }
            if outcome == .failed {
                StandardStreams.err(failure)
                throw ExitCode(1)
            }
        }
    }
}

/// The process environment as a dictionary (read once, by the executable only).
enum ProcessInfo {
    static var environmentDictionary: [String: String] {
        var result = [String: String]()
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let eq = text.firstIndex(of: "=") {
                result[String(text[..<eq])] = String(text[text.index(after: eq)...])
            }
            pointer += 1
        }
        return result
    }
}
