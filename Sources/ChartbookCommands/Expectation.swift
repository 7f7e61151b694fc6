import ChartbookModel

/// What was expected where a diagnostic points (`Diagnostic.Kind.expected`): a value of the
/// language, by what it is. The message says it in words (`description`); a hint is chosen by
/// the case, never by the words.
public enum Expectation: Equatable, Sendable {
    /// The first word of a command.
    case command
    /// A noun after `set`.
    case setting
    /// One of a verb's nouns (`'plot' or 'refline'` after `add`).
    case nouns([String])
    /// One of these words.
    case words([String])
    /// A plot kind.
    case plotKind
    /// A generator (`gen`).
    case generator
    /// An existing dataset's name.
    case datasetName
    /// An existing plot's id.
    case plotID
    /// A new name after `as` (a dataset's or a plot's).
    case newName(Diagnostic.Role)
    /// What was expected, which must be a name: letters, digits, `_` or `-`.
    indirect case validName(Expectation)
    /// A series: `dataset.column` (for a statistic: named).
    case series(for: String?)
    /// `DATASET.COLUMN` naming a column `let` computes.
    case derivedColumn
    /// An expression after `let DATASET.COLUMN =`.
    case expression
    /// A series, `auto` or `index` (`set labels`), or `sparsity=N` with none.
    case labelSource(orSparsity: Bool)
    /// A number.
    case number
    /// A quantity (`a seed`, `cells`) in a range.
    case quantity(String, ClosedRange<Int>?)
    /// A number, `nan`, or `LABEL:NUMBER`.
    case labelledNumber
    /// `= V V …` after `data NAME`.
    case dataValues(name: String)
    /// Values after a word (`=`, `push NAME`, `relative`).
    case values(after: String)
    /// Text in quotes, or `off`.
    case title
    /// `auto`, or a size in cells (`100x30`) or of memory (`2GiB`).
    case cellSize, memorySize
    /// `auto`, `adapt` or `MIN..MAX`.
    case yRange
    /// A number of cells, or `auto`.
    case spacing
    /// A point index, `x=VALUE`, `last` or `none`.
    case selection
    /// `+N`, `-N`, `+N%` (a duration on a time axis), `start` or `end`.
    case scroll(durations: Bool)
    /// `A..B` or `all`.
    case interval
    /// A time zone.
    case zone
    /// A value or a statistic (`add refline`).
    case reflineValue
    /// A marked line's value or id.
    case refline
    /// `auto`, `relative`, `absolute`, `on`, `off` or options (`set reflines`).
    case reflines
    /// An annotation's point: its x, its y.
    case annotationX, annotationY
    /// An annotation's text in quotes.
    case annotationText
    /// An annotation's id.
    case annotation
    /// A path (`what` it is: `an SVG file path`), or a file to load.
    case path(String)
    case loadSource
    /// The query after a database location.
    case query(DatabaseQuery.Engine)
    /// `x=COLUMN` with `time=`.
    case epochColumn
    /// A dataset after `save csv PATH`, one of these.
    case csvDataset([String])
    /// An option's name before `=`, or the value after `key=`.
    case optionName
    case optionValue(key: String)

    /// In words, for the message (`expected a dataset name, found '='`).
    public var description: String {
        switch self {
        case .command: "a command"
        case .setting: "a setting"
        case .nouns(let nouns): ValueParser.listed(nouns.map { "'\($0)'" }, "or")
        case .words(let words): ValueParser.listed(words, "or")
        case .plotKind:
            "a plot kind (" + ValueParser.listed(Plot.Kind.allCases.map(\.rawValue), "or") + ")"
        case .generator:
            "a generator (" + Generator.Kind.allCases.map(\.rawValue).joined(separator: ", ") + ")"
        case .datasetName: "a dataset name"
        case .plotID: "a plot id"
        case .newName(let role):
            "a \(role.rawValue == "plot id" ? "plot id" : "dataset name") after 'as'"
        case .validName(let inner): inner.description + " (letters, digits, _ or -)"
        case .derivedColumn: "DATASET.COLUMN, the column to compute"
        case .expression: "an expression (like year + (quarter - 1) / 4)"
        case .series(let statistic):
            statistic.map { "a series for \($0)" } ?? "a series (dataset.column)"
        case .labelSource(let sparsity):
            sparsity ? "a series, 'auto', 'index' or sparsity=N" : "a series, 'auto' or 'index'"
        case .number: "a number"
        case .quantity(let what, let range):
            range.map { "\(what) (\($0.lowerBound)...\($0.upperBound))" } ?? what
        case .labelledNumber: "a number or label:number"
        case .dataValues(let name): "'=' and values, as in 'data \(name) = 3 1 4'"
        case .values(let word): word == "push" ? "values to push" : "values after '\(word)'"
        case .title: "a title in quotes, or off"
        case .cellSize: "a size like 100x30, or auto"
        case .memorySize: "a size like 2GiB or 512MiB, or auto"
        case .yRange: "auto, adapt or a range like 0..100"
        case .spacing: "a number of cells, or auto"
        case .selection: "a point index (0, 1, ...), x=VALUE, last or none"
        case .scroll(let durations):
            durations
                ? "+N, -N, +N%, a duration like +30d, next, prev, start or end"
                : "+N, -N, +N%, next, prev, start or end"
        case .interval: "a range like 120..180 or 2004-01-01..2006-12-31, or all"
        case .zone: "a zone: UTC, +05:30 or a name like Europe/Paris"
        case .reflineValue: "a value or a statistic (\(StatisticKind.listed))"
        case .refline: "a reference line value or id"
        case .reflines: "auto, relative, absolute, on, off or key=value options"
        case .annotationX: "an x value (a number, or a time like 2008-09-15)"
        case .annotationY: "a y value (a number)"
        case .annotationText: "the text in quotes"
        case .annotation: "an annotation id (a1, a2, ...)"
        case .path(let what): what
        case .loadSource: "a file path, or sqlite:PATH, postgres://… or clickhouse://… and a query"
        case .query(let engine):
            "a query in quotes after \(engine == .sqlite ? "sqlite:PATH" : "the connection URL")"
        case .epochColumn: "x=COLUMN with time= (the column that holds epoch times)"
        case .csvDataset(let names):
            "a dataset name after the path (\(names.joined(separator: ", ")))"
        case .optionName: "an option name before '='"
        case .optionValue(let key): "a value for '\(key)'"
        }
    }

    /// The hint a case carries, if any.
    var hint: String? {
        switch self {
        case .reflines: "options are written key=value"
        default: nil
        }
    }
}
