import ChartbookModel

/// One command of the language, declared once (`Grammar.commands`): its words, what it takes,
/// its help, and the function that reads it. The parser dispatches on `words`, `help` prints
/// `synopsis`, `summary` and `example`, the completer walks `operands` and `options`, the
/// reference in Docs/commands.md and the man page are generated from it, and the generated
/// round-trip test builds commands from its operands and options.
public struct CommandSpec: Sendable {
    /// `["load"]`, `["set", "range"]`: the verb, then the noun for commands that have one.
    public let words: [String]
    /// Other spellings of the verb (`exit` for `quit`).
    public let aliases: [String]
    public let synopsis: String
    /// Whole sentences: what it does.
    public let summary: String
    /// A line that runs as typed on the tutorial's data.
    public let example: String
    public let group: HelpGroup
    /// Whether it can change the session (and so makes an undo step when it does).
    public let changesSession: Bool
    /// What comes after the words, in order (options aside): for completion and tests.
    public let operands: [ValueKind]
    /// Where its `key=value` options come from.
    public let options: OptionSource
    /// Reads the tokens after `words` into a command.
    let parse: @Sendable (inout TokenCursor) throws(Diagnostic) -> Command

    init(
        _ words: String, aliases: [String] = [], _ synopsis: String, _ summary: String,
        example: String, group: HelpGroup, changes: Bool = true, operands: [ValueKind] = [],
        options: OptionSource = .none,
        parse: @escaping @Sendable (inout TokenCursor) throws(Diagnostic) -> Command
    ) {
        self.words = words.split(separator: " ").map(String.init)
        self.aliases = aliases
        self.synopsis = synopsis
        self.summary = summary
        self.example = example
        self.group = group
        self.changesSession = changes
        self.operands = operands
        self.options = options
        self.parse = parse
    }

    /// `set range`: how help and messages name it.
    public var topic: String { words.joined(separator: " ") }
    public var verb: String { words[0] }
}

/// What a word of a command is (an operand after the command's own words, or an option's
/// value): the completer offers what may fill it, and the round-trip test makes one.
public indirect enum ValueKind: Equatable, Sendable {
    /// One of these words.
    case keyword([String])
    /// A new name (letters, digits, `_`, `-`).
    case name
    /// An existing dataset.
    case dataset
    /// Datasets that can be read again (any number of them).
    case reloadable
    /// A series: `dataset.column`, a one-column dataset, or a column only one dataset has.
    case series
    /// Where x labels come from: a dataset (its labels) or any column (`set labels`).
    case labelSource
    /// A column of the dataset in question (the file's header for `load`).
    case column
    /// `COLUMN=VALUE`, `COLUMN>N`, …: columns, then a column's cells.
    case filter
    /// A plot kind (or an alias).
    case plotKind
    /// An existing plot's id.
    case plot
    /// A marked line's id or value.
    case refline
    /// A statistic (`mean`, `p95`, …), or a number.
    case statistic
    /// A file or directory path.
    case path
    /// A colour: a name, `#rrggbb[aa]`, `NAME@ALPHA`.
    case color
    /// Two colours, `C1..C2`.
    case colorPair
    /// A whole number in the range.
    case integer(ClosedRange<Int>)
    /// A number in the range.
    case number(ClosedRange<Double>)
    /// One or more numbers.
    case numbers
    /// `MIN..MAX`, either end open.
    case range
    /// `COLUMNSxROWS` (or pixels).
    case size
    /// A memory size: `512MiB`, `2GiB`.
    case bytes
    /// A duration: `30s`, `5min`, `off`.
    case duration
    /// Text in quotes.
    case text
    /// `UTC`, `+05:30`, `Europe/Paris`.
    case zone
    /// A value on the x axis: a number, a date, a category.
    case xValue
    /// `A..B` on the x axis (`view`).
    case interval
    /// `+N`, `-N`, `+N%`, `+30d`.
    case distance
    /// `= V V …` or `= LABEL:V …` (`data`).
    case inlineValues
    /// Rows `A..B` (`show data`).
    case rows
    /// Reference line positions: `relative F …` or `absolute V …`.
    case positions
    /// A help topic: a group, command, kind or option.
    case helpTopic
    /// One or the other.
    case either(ValueKind, ValueKind)
    /// It may be left out (options may come instead).
    case optional(ValueKind)
    /// `as NAME`, allowed here.
    case asName

    /// Whether it may be left out.
    public var isOptional: Bool {
        switch self {
        case .optional, .asName, .reloadable: true
        default: false
        }
    }
}

/// The `key=value` options a command takes.
public enum OptionSource: Equatable, Sendable {
    case none
    /// These, whatever came before.
    case fixed([OptionSpec])
    /// A plot's, by the kind typed at operand 0 (`add plot`) or by the plot named there
    /// (`set plot`): `PlotOption.all`.
    case plotKind, plotNamed
}

/// One `key=value` option of a command (plot options are `PlotOption`s).
public struct OptionSpec: Equatable, Sendable {
    public let name: String
    public let values: ValueKind

    public init(_ name: String, _ values: ValueKind) {
        self.name = name
        self.values = values
    }
}

/// The groups `help` shows, in order; every command is in one.
public enum HelpGroup: String, CaseIterable, Sendable {
    case data, plots, lines, axes, view, output, session

    public var title: String {
        switch self {
        case .data: "Data: read, make and describe datasets"
        case .plots: "Plots: draw series"
        case .lines: "Reference lines: the grid and marked lines"
        case .axes: "Axes: scales, ranges, labels and titles"
        case .view: "Viewing: windows, scrolling and selection"
        case .output: "Output: how and where the chart is drawn"
        case .session: "Session: lists, history, scripts"
        }
    }
}
