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
        } else if arguments == ["--version"] {
            StandardStreams.out(version + "\n")
        } else if let quick = Invocation.quick(arguments) {
            // The plain forms a chart is drawn with, read without the parser (issue 53).
            do { try quick.run() } catch let code as ExitCode { Glibc.exit(code.rawValue) } catch {
                exit(withError: error)
            }
        } else {
            main(nil)
        }
    }

    @Argument(help: "Script files to run, in order.", completion: .file(extensions: ["cb"]))
    var scripts: [String] = []

    @Option(
        name: QuickOption.commands.name,
        help: ArgumentHelp(
            "Commands to run (several separated by ';'); may be repeated.",
            valueName: "commands"))
    var commands: [String] = []

    @Flag(
        name: QuickOption.each.name,
        help: "Draw the chart after every command that changes it, not only at the end.")
    var each = false

    @Option(
        name: QuickOption.size.name,
        help: "Chart size in cells, COLUMNSxROWS (default: the terminal's, else 80x24).")
    var size: CellSize?

    @Option(
        name: QuickOption.color.name,
        help:
            "Colour: auto, off, 16, 256 or truecolor (auto: off when stdout is not a terminal or NO_COLOR is set)."
    )
    var color: ColorSetting = Invocation().color

    @Option(
        name: QuickOption.canvas.name,
        help:
            "Drawing canvas: braille, block, ascii, or auto (a picture where the terminal shows pictures, braille elsewhere)."
    )
    var canvas: Canvas?

    @Option(
        help:
            "The terminal shows pictures this way, where chartbook cannot tell (inside tmux with passthrough, a remote terminal): kitty, iterm2 or sixel; the chart is then drawn as a picture (--canvas auto, unless --canvas names another), even into a pipe."
    )
    var pictures: PictureProtocol?

    @Flag(
        name: QuickOption.keepGoing.name,
        help: "Go on after a failing command (exit status is still 1).")
    var keepGoing = false

    @Option(
        name: QuickOption.svg.name,
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
    var window: Int = Invocation().window

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

    /// What a run does, from the flags parsed.
    var invocation: Invocation {
        Invocation(
            scripts: scripts, commands: commands, each: each, size: size, color: color,
            canvas: canvas, pictures: pictures, keepGoing: keepGoing, svg: svg, png: png,
            pdf: pdf, html: html, play: play, follow: follow, window: window, followX: followX,
            remoteRows: remoteRows, noInit: noInit)
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
        try invocation.run()
    }
}
