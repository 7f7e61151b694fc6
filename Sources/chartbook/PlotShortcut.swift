import ArgumentParser
import ChartbookModel
import ChartbookCommands
import ChartbookKit
import ChartbookTerminal

/// `chartbook plot KIND FILE|- COLUMN… [--x COLUMN] [--by COLUMN]`: a one-line chart, run
/// as the commands it stands for (`OneShot`).
struct PlotShortcut: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw a file (or - for stdin) in one line, as YouPlot and plotext do.",
        usage:
            "chartbook plot <kind> <file> [<columns> ...] [--x <column> [--time <format>]] [--by <column>] [--agg <op>] [--bin <bin>] [--where <filter>] [--facet <column>] [options]",
        discussion: """
            Sugar for commands: 'chartbook plot line sales.csv revenue cost --x month' runs \
            'load sales.csv x=month', 'add plot line sales.revenue', 'add plot line sales.cost'. \
            --print-script shows them instead of drawing.
            """)

    @Argument(
        help: ArgumentHelp(
            "The plot kind: "
                + PlotKindSpec.all.map {
                    $0.name
                        + ($0.aliases.isEmpty
                            ? "" : " (" + $0.aliases.joined(separator: ", ") + ")")
                }.joined(separator: ", ") + ".", valueName: "kind"),
        completion: .list(Plot.Kind.allNames))
    var kind: String

    @Argument(
        help: "A CSV/TSV/JSON file, or - for standard input.",
        completion: .file(extensions: ["csv", "tsv", "txt", "json", "jsonl"]))
    var file: String

    @Argument(
        help:
            "The columns to draw (default: the first numeric one that is not the x nor named as a code, like status or user_id; a lone date or time column is the x)."
    )
    var columns: [String] = []

    @Option(help: "The x column (numbers, dates or text).")
    var x: String?

    @Option(
        help:
            "How the --x column's cells read as times: epoch, epochms (seconds or milliseconds since 1970) or a pattern like %d/%m/%Y (time=)."
    )
    var time: String?

    @Option(help: "One series per distinct value of this column (long-format data).")
    var by: String?

    @Option(help: "A title.")
    var title: String?

    @Option(
        help: "Combine the rows that share an x: sum, count, mean, median, min, max, p95 … (agg=).")
    var agg: String?

    @Option(
        help: "Group x into bins before --agg: a count, step:W, or month, week, day, hour … (bin=)."
    )
    var bin: String?

    @Option(
        name: .customLong("where"),
        help: ArgumentHelp(
            "Keep some rows: COLUMN=A,B, COLUMN!=A, COLUMN>N … (where=).", valueName: "filter"))
    var filter: String?

    @Option(help: "Small panels, one per value of this column (facet=).")
    var facet: String?

    @Option(
        help:
            "Drawing canvas: braille, block, ascii, or auto (a picture where the terminal shows pictures)."
    )
    var canvas: Canvas?

    @Option(
        help:
            "The terminal shows pictures this way: kitty, iterm2 or sixel (as chartbook --pictures)."
    )
    var pictures: PictureProtocol?

    @Option(
        help: ArgumentHelp("Also write the chart as SVG to this file.", valueName: "path"),
        completion: .file(extensions: ["svg"]))
    var svg: String?

    @Option(help: "Chart size in cells, COLUMNSxROWS.")
    var size: CellSize?

    @Option(help: "Colour: auto, off, 16, 256 or truecolor.")
    var color: ColorSetting = .auto

    @Flag(help: "Print the commands this stands for, and do nothing else.")
    var printScript = false

    func run() throws {
        guard let kind = Plot.Kind.named(kind) else {
            let hint = Suggestion.closest(to: kind, in: Plot.Kind.allNames).map {
                "did you mean '\($0)'? "
            }
            throw ValidationError(
                "unknown plot kind '\(kind)'; \(hint ?? "")expected one of: "
                    + Plot.Kind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if time != nil, x == nil {
            throw ValidationError("--time reads the --x column as times: give --x COLUMN too")
        }
        var shot = OneShot(
            kind: kind, file: file, columns: columns, x: x, by: by, title: title,
            typedKind: self.kind)
        shot.time = time
        shot.options = [("agg", agg), ("bin", bin), ("where", filter), ("facet", facet)]
            .compactMap { name, value in value.map { OneShot.PlotFlag(name, $0) } }
        var arguments = ["--color", color.rawValue]
        if let canvas { arguments += ["--canvas", canvas.rawValue] }
        if let pictures { arguments += ["--pictures", pictures.rawValue] }
        if let svg { arguments += ["--svg", svg] }
        if let size { arguments += ["--size", "\(size.columns)x\(size.rows)"] }
        do {
            try ChartbookCLI.parse(arguments).invocation.runOneShot(shot, printOnly: printScript)
        } catch {
            ChartbookCLI.exit(withError: error)
        }
    }

    /// Options of the one-line form that take a value (what may stand before `plot`). An
    /// array: it is read once a run, and building a set was 2.5 % of a start's samples.
    static let valued: [String] = [
        "--size", "--color", "--svg", "--canvas", "--pictures", "--x", "--time", "--by", "--title",
        "--agg", "--bin", "--where", "--facet",
    ]

    /// `[options before plot]` and `[what follows plot]` when `arguments` are the one-line
    /// form: `plot` after nothing but options `valued` (with their values) or flags.
    static func split(_ arguments: [String]) -> ([String], [String])? {
        var i = 0
        while i < arguments.count, arguments[i].hasPrefix("-"), arguments[i] != "-" {
            let option = arguments[i]
            i += valued.contains(option) && !option.contains("=") ? 2 : 1
        }
        guard i < arguments.count, arguments[i] == "plot" else { return nil }
        return (Array(arguments[..<i]), Array(arguments[(i + 1)...]))
    }
}
