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
    /// An annotation's id.
    case annotation
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
    /// A `let` expression: the rest of the command.
    case expression
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

    /// The fixed words a value of this kind may be (`on`, `off`); none for free values.
    public var keywords: [String] {
        switch self {
        case .keyword(let words): words
        case .either(let a, let b): a.keywords + b.keywords
        case .optional(let inner): inner.keywords
        default: []
        }
    }

    /// Whether it may be left out.
    public var isOptional: Bool {
        switch self {
        case .optional, .asName, .reloadable: true
        default: false
        }
    }
}
