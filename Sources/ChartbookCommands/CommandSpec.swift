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
    public let operands: [Operand]
    /// Where its `key=value` options come from.
    public let options: OptionSource
    /// Reads the tokens after `words` into a command.
    let parse: @Sendable (inout TokenCursor) throws(Diagnostic) -> Command

    init(
        _ words: String, aliases: [String] = [], _ synopsis: String, _ summary: String,
        example: String, group: HelpGroup, changes: Bool = true, operands: [Operand] = [],
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

/// A word after a command's own words, by what it names.
public enum Operand: Equatable, Sendable {
    /// One of these words, or options instead (`set reflines on`, `set reflines labels=both`).
    case keyword([String])
    /// One of these words, required (`gen NAME walk`).
    case word([String])
    /// An existing dataset.
    case dataset
    /// Datasets that can be read again (any number of them).
    case reloadable
    /// A new name (nothing to complete).
    case newName
    /// A series: `dataset.column`, a one-column dataset, or a column only one dataset has.
    case series
    /// A plot kind (or an alias).
    case plotKind
    /// An existing plot's id.
    case plot
    /// A marked line's id or value.
    case refline
    /// A statistic, or a number (`add refline`).
    case statistic
    /// A file or directory path.
    case path
    /// Free text or a number (nothing to complete).
    case text
    /// The x labels' source: `auto`, `index`, a dataset or a column (`set labels`).
    case labelSource
    /// A help topic: a group, command, kind or option.
    case helpTopic
    /// `as NAME`, allowed here.
    case asName
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
    public let values: OptionValues

    public init(_ name: String, _ values: OptionValues = .free) {
        self.name = name
        self.values = values
    }
}

/// What may follow `key=`, for completion.
public enum OptionValues: Equatable, Sendable {
    case free
    case choices([String])
    /// A column of the dataset in question (the file's header for `load`).
    case column
    /// `COLUMN=VALUE`, `COLUMN>N`, …: columns, then a column's cells.
    case filter
    case color
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
