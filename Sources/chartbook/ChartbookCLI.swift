import ArgumentParser
import Foundation
import ChartbookModel
import ChartbookCommands
import ChartbookData
import ChartbookKit
import ChartbookTerminal
import LineEditor
#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

extension ColorSetting: ExpressibleByArgument {}

extension Canvas: ExpressibleByArgument {}
extension PictureProtocol: ExpressibleByArgument {}
extension ShellCompletion.Shell: ExpressibleByArgument {}

@main
struct ChartbookCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chartbook",
        abstract: "A chart notebook for the terminal.",
        usage: """
            chartbook [<options>] [<scripts> ...] [-e <commands>]
            chartbook plot <kind> <file> [<columns> ...] [--x <col>] [--by <col>]
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

    @Option(
        help:
            "Drawing canvas: braille, block, ascii, or auto (a picture where the terminal shows pictures, braille elsewhere)."
    )
    var canvas: Canvas?

    @Option(
        help:
            "The terminal shows pictures this way, where chartbook cannot tell (inside tmux with passthrough, a remote terminal): kitty, iterm2 or sixel; the chart is then drawn as a picture (--canvas auto, unless --canvas names another), even into a pipe."
    )
    var pictures: PictureProtocol?

    @Flag(help: "Go on after a failing command (exit status is still 1).")
    var keepGoing = false

    @Option(
        help: ArgumentHelp("Also write the final chart as SVG to this file.", valueName: "path"),
        completion: .file(extensions: ["svg"]))
    var svg: String?

    @Option(
        help: ArgumentHelp(
            "Also write the final chart as a PNG image to this file.", valueName: "path"),
        completion: .file(extensions: ["png"]))
    var png: String?

    @Option(
        help: ArgumentHelp("Also write the final chart as a PDF to this file.", valueName: "path"),
        completion: .file(extensions: ["pdf"]))
    var pdf: String?

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
        var environment = TerminalEnvironment(variables: ProcessInfo.environmentDictionary)
        environment.declaredPictures = pictures
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
        // `--pictures` says the terminal shows pictures: it means them (`--canvas auto`)
        // unless a canvas is named.
        if let canvas = canvas ?? (pictures == nil ? nil : .auto) { session.output.canvas = canvas }
        let fixedTarget = target
        var executor = Executor(
            files: files, isCancelled: { Interrupts.pending },
            plotWidth: { ChartRenderer.plotWidth(of: $0, on: fixedTarget) })
        executor.limits = limits
        let progress = LoadProgress(enabled: isatty(STDERR_FILENO) == 1)
        executor.progress = { progress.report($0, $1) }
        // Shared by the REPL's exact runs and their previews (every copy of the executor).
        executor.remoteExtents = RemoteExtents()
        var runner = ScriptRunner(
            executor: executor, drawEach: each, keepGoing: keepGoing, target: { fixedTarget })
        runner.remote = RemoteData(progress: { progress.report($0, $1) })
        return Setup(
            environment: environment, limits: limits, files: files, target: target,
            runner: runner, notebook: Notebook(session: session))
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
            // With --canvas auto, the picture the terminal shows (asked once).
            var mode = FollowMode(
                runner: runner, sources: sources,
                target: environment.target(target, for: setup.notebook.session),
                window: max(window, 1),
                x: followX
            )
            mode.clearPictures = environment.pictureClearing()
            let ok = mode.run(&setup.notebook)
            if !ok { throw ExitCode(1) }
            return
        }
        if sources.isEmpty {
            return try runWithoutScripts(&setup)
        }
        try runSources(
            sources, runner: runner, files: files, target: target, notebook: &setup.notebook,
            environment: environment)
    }
}
