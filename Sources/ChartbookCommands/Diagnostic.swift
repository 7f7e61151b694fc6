import ChartbookModel
import ChartbookData

/// An error found in a command: what is wrong (as data) and where. Messages are made only by
/// `message` and `DiagnosticFormatter`; nothing else builds error strings.
public struct Diagnostic: Error, Equatable, Sendable {
    public var kind: Kind
    public var range: SourceRange
    public var severity: Severity = .error

    public enum Severity: String, Equatable, Sendable { case error, warning }
    /// The script's name and the text of the offending line; filled in by whoever holds the
    /// source (lexer, parser, runner) when the executor could not.
    public var file: String?
    public var lineText: String?
    /// Where the input it points into came from (`ScriptSource.origin`, without the text):
    /// a script is shown as `file:line:column`, a typed line and a command line by the caret.
    public var place: Place = .script

    public enum Place: Equatable, Sendable { case script, typed, commandLine }

    public init(_ kind: Kind, at range: SourceRange, file: String? = nil, lineText: String? = nil) {
        self.kind = kind
        self.range = range
        self.file = file
        self.lineText = lineText
    }

    /// What a word was expected to be, for "unknown ..." messages.
    public enum Role: String, Equatable, Sendable {
        case command, noun = "subcommand", plotKind = "plot kind", option, value, dataset, column
        case plot = "plot id", refline = "reference line", statistic, generator, setting
        case annotation
        case series = "dataset or column"
    }

    public enum Kind: Equatable, Sendable {
        /// `word` is not one of `candidates` (which give the "did you mean" hint).
        case unknown(Role, String, context: String? = nil, candidates: [String])
        /// A command typed without its verb (`plot line w.temp`): `command` is it with one.
        case withoutVerb(String, command: String)
        /// Something else was expected here: `expected` says what, `found` what was there (nil: end of command).
        case expected(Expectation, found: String?)
        /// More words than the command takes.
        case unexpected(String)
        /// More words after a text that takes one: `set title Seattle weather`.
        case unquotedText(word: String, command: String, text: String)
        case invalidValue(key: String, value: String, expected: String)
        case unterminatedString
        case invalidEscape(String)
        case duplicateName(Role, String)
        case datasetInUse(String, plots: [String])
        case ambiguousColumn(String, datasets: [String])
        /// A text column used as numbers; `grouped`: one of its cells, and the `decimal=` that
        /// would read it as numbers (`GroupedNumber.example`).
        case notNumeric(String, grouped: GroupedNumber.Example? = nil)
        case needsColumn(dataset: String, columns: [String])
        /// A column of a file loaded on demand, read whole, holds `read` (a kind's name), not
        /// `judged` as the sample of the file at `load` showed.
        case columnKindChanged(dataset: String, column: String, judged: String, read: String)
        case cannotRead(path: String, reason: String)
        case cannotWrite(path: String, reason: String)
        case unreadableData(path: String, DataError)
        /// The database engine refused or failed a query: its own message.
        case queryFailed(engine: String, message: String)
        case notReloadable(String)
        case nothingTo(String)
        /// `undo N` / `redo N` with fewer steps to take.
        case notEnough(String, asked: Int, available: Int)
        case indexOutOfRange(Int, count: Int)
        case noPlots
        case sourceTooDeep(Int)
        case optionNotFor(String, kind: String)
        case missingOptions(String)
        case labelsMismatch
        /// A session may hold at most `limit` of these (`ResourceLimits`).
        case tooMany(String, limit: Int)
        /// `rows` values would pass the memory budget (bytes).
        case overBudget(rows: Int, budget: Int)
        /// Plot `plot` cannot be drawn on the chart's x scale (`scale`): `reason` says why.
        case xMismatch(plot: String, reason: String, scale: String)
        /// A `kind` plot cannot join the chart the other plots make (`chart`, e.g. "a pie chart").
        case chartMismatch(kind: String, chart: String)
        /// `command` has nothing to act on in this kind of chart.
        case notForChart(command: String, chart: String)
        /// A plot kind needs a column it was not given and could not find.
        case needsOption(kind: String, option: String, why: String)
        /// Dataset `name` has `rows` rows, more than an export writes inline (`limit`).
        case tooLargeToInline(name: String, rows: Int, limit: Int)
        /// What a remote dataset (`mode=remote`) cannot give yet: the engine does not compute
        /// it, and the rows of a drawing are not the data.
        case remoteNeedsLocal(dataset: String, needs: String)
        /// `where=` keeps no row of the plot's dataset: what it holds instead (`holds`).
        case filterMatchesNothing(filter: String, rows: Int, dataset: String, holds: String)
        /// `value` cannot be read as an x value of the chart's `scale` (`expected` says what).
        case notAnXValue(String, scale: String, expected: String)
        /// Ctrl-C stopped the command; nothing changed.
        /// A `let` expression cannot be read, typed or computed.
        case expression(message: String, hint: String?)
        /// A plot's transforms cannot be computed (`TransformError`'s message and hint).
        case transform(plot: String, message: String, hint: String?)
        /// Several rows share an x in a plot that draws one mark per x, and no `agg=` says
        /// how to combine them.
        case repeatedX(plot: String, rows: Int, x: String)
        /// A page that cannot be drawn as asked (`facet=`, `add panel`, `set layout`).
        case page(message: String, hint: String?)
        case cancelled
        /// Not an error: the command needs its engines' answers to these questions first
        /// (`EngineAnswers`). `Executor.run` answers them and runs the command again; it is
        /// never shown.
        case unanswered(EngineAnswers.Wanted)
        /// Not an error: the command needs these files read first (`FileAnswers`), which
        /// `Executor.run` reads before it runs the command again; never shown.
        case unread([FileQuestion])
        /// A command inside a `source`d script failed; `inner` is its own diagnostic.
        indirect case inScript(Diagnostic)
    }

    /// The message, without location or hint.
    public var message: String {
        switch kind {
        case .unknown(let role, let word, let context, _):
            return "unknown \(role.rawValue) '\(word)'" + (context.map { " for \($0)" } ?? "")
        case .withoutVerb(let word, _): return "unknown command '\(word)'"
        case .expected(let what, let found):
            return "expected \(what.description)" + (found.map { ", found '\($0)'" } ?? "")
        case .unexpected(let word), .unquotedText(let word, _, _): return "unexpected '\(word)'"
        case .invalidValue(let key, let value, let expected):
            return "invalid \(key) '\(value)': expected \(expected)"
        case .unterminatedString: return "unterminated string"
        case .invalidEscape(let e): return "invalid escape '\(e)' in string"
        case .duplicateName(let role, let name): return "\(role.rawValue) '\(name)' already exists"
        case .datasetInUse(let name, let plots):
            return
                "dataset '\(name)' is used by plot\(plots.count == 1 ? "" : "s") \(plots.map { "'\($0)'" }.joined(separator: ", "))"
        case .ambiguousColumn(let column, let datasets):
            return "column '\(column)' is in several datasets: \(datasets.joined(separator: ", "))"
        case .notNumeric(let series, _): return "'\(series)' is not a numeric column"
        case .needsColumn(let dataset, let columns) where columns.isEmpty:
            return "dataset '\(dataset)' has no numeric column"
        case .needsColumn(let dataset, let columns):
            return
                "dataset '\(dataset)' has \(columns.count) numeric columns (\(columns.joined(separator: ", ")))"
        case .columnKindChanged(let dataset, let column, let judged, let read):
            return
                "column '\(column)' of '\(dataset)' holds \(read) when read whole, not \(judged) as a sample of the file showed at load"
        case .cannotRead(let path, let reason): return "cannot read '\(path)': \(reason)"
        case .cannotWrite(let path, let reason): return "cannot write '\(path)': \(reason)"
        case .unreadableData(let path, let error):
            return "cannot read '\(path)': \(Self.describe(error))"
        case .queryFailed(let engine, let message):
            return "\(engine) could not run the query: \(TextMetrics.sanitized(message))"
        case .notReloadable(let name): return "dataset '\(name)' was not loaded from a file"
        case .nothingTo(let what): return "nothing to \(what)"
        case .notEnough(let what, let asked, let available):
            return available == 0
                ? "nothing to \(what)"
                : "cannot \(what) \(asked) steps: there \(available == 1 ? "is" : "are") \(available)"
        case .indexOutOfRange(let index, let count):
            return count == 0
                ? "point \(index) does not exist: no data"
                : "point \(index) is out of range 0..\(count - 1)"
        case .noPlots: return "nothing to select: no plots yet"
        case .sourceTooDeep(let depth):
            return
                "scripts source or play each other more than \(depth) deep (does one play or source itself?)"
        case .optionNotFor(let key, let kind):
            return "option '\(key)' does not apply to \(kind) plots"
        case .missingOptions(let command): return "'\(command)' needs at least one key=value option"
        case .labelsMismatch: return "either every value has a label (Jan:12) or none does"
        case .tooMany(let what, let limit): return "too many \(what): the limit is \(limit)"
        case .tooLargeToInline(let name, let rows, let limit):
            return "dataset '\(name)' has \(rows) rows; an export writes at most \(limit) inline"
        case .filterMatchesNothing(let filter, let rows, let dataset, let holds):
            return
                "where=\(filter) keeps no row of '\(dataset)' (\(rows) row\(rows == 1 ? "" : "s")); \(holds)"
        case .remoteNeedsLocal(let name, let needs):
            return
                "dataset '\(name)' stays in the engine (mode=remote), which gives the rows a line draws, not \(needs)"

        case .overBudget(let rows, let budget):
            return
                "\(rows) values need more memory than the budget of \(ResourceLimits.bytesText(budget))"
        case .xMismatch(let plot, let reason, let scale):
            return "plot '\(plot)' cannot be drawn on the \(scale) x axis: \(reason)"
        case .chartMismatch(let kind, let chart):
            return "a \(kind) plot cannot be drawn in \(chart)"
        case .notForChart(let command, let chart):
            return "\(command) do not apply to \(chart): it has no x axis"
        case .needsOption(let kind, let option, let why):
            let article = "aeiou".contains(kind.prefix(1).lowercased()) ? "an" : "a"
            return "\(article) \(kind) plot needs \(option)COLUMN: \(why)"
        case .notAnXValue(let value, let scale, let expected):
            return "'\(value)' is not a value of the \(scale) x axis: expected \(expected)"
        case .transform(let plot, let message, _): return "plot '\(plot)': \(message)"
        case .expression(let message, _): return message
        case .page(let message, _): return message
        case .repeatedX(let plot, let rows, let x):
            return
                "plot '\(plot)' has up to \(rows) rows at one x (\(x)); its bars would hide each other"
        case .cancelled: return "interrupted; nothing changed"
        case .unanswered: return "the command waits for its engine's answers"
        case .unread: return "the command waits for its files to be read"
        case .inScript(let inner): return inner.message
        }
    }

    /// How to load a text column of numbers written for people (`notNumeric`).
    static func groupedHint(_ example: GroupedNumber.Example) -> String {
        let cell = "'\(example.cell)'"
        switch example.marks {
        case [.comma]:
            return
                "its cells are numbers with a decimal comma (\(cell)): load the file with decimal=, to read them so"
        case [.point]:
            return
                "its cells are numbers with commas grouping thousands (\(cell)): load the file with decimal=. to read them so"
        default:
            return
                "its cells are numbers written with a mark (\(cell)): load the file with decimal=, (a decimal comma) or decimal=. (commas grouping thousands)"
        }
    }

    /// "did you mean ...?" or another one-line hint, when there is one.
    public var hint: String? {
        switch kind {
        case .unknown(let role, let word, let context, let candidates):
            // Box plots and violins place each by= group along x (Vega-Lite's x=).
            if role == .option, word.lowercased() == "x", candidates.contains("by") {
                return
                    "\(context ?? "these plots") place each by= group along x: write by= instead of x="
            }
            // A statistic written as a function (`mean(sales.revenue)`): the series follows it.
            if role == .statistic, word.hasSuffix(")"), let open = word.firstIndex(of: "("),
                candidates.contains(word[..<open].lowercased())
            {
                let series = word[word.index(after: open)..<word.index(before: word.endIndex)]
                return "did you mean '\(word[..<open]) \(series)'?"
            }
            if let best = Suggestion.closest(to: word, in: candidates) {
                return "did you mean '\(best)'?"
            }
            // A kind's options are listed whole (a bar takes 16); other lists when short.
            if candidates.count > 0 && candidates.count <= (role == .option ? 24 : 12) {
                return "expected one of: " + candidates.joined(separator: ", ")
            }
            return nil
        case .withoutVerb(_, let command): return "did you mean '\(command)'?"
        case .datasetInUse(let name, _):
            return "remove those plots first, or use 'drop \(name) force'"
        case .ambiguousColumn(let column, let datasets):
            return datasets.first.map { "write it as '\($0).\(column)'" }
        case .needsColumn(let dataset, let columns):
            // (Without one: its rows counted, or a number made of its text.)
            return columns.first.map { "write it as '\(dataset).\($0)'" }
                ?? "count its rows (add plot bar \(dataset) x=COLUMN agg=count), or make a number column (let \(dataset).n = number(COLUMN))"
        case .unterminatedString: return "add a closing '\"'"
        case .expected(let what, _) where what.hint != nil: return what.hint
        case .xMismatch:
            return
                "give it an x=COLUMN the axis can take, or 'set xscale index' to draw every plot by row number"
        case .unquotedText(_, let command, let text):
            return "put text with spaces in quotes: \(command) \"\(text)\""
        case .chartMismatch:
            return
                "draw it beside this chart with 'add panel' first, or remove the other plots ('remove plot ID')"
        case .tooLargeToInline:
            return "add url=on to refer to a loaded file instead of copying its rows"
        case .remoteNeedsLocal:
            return "load it with mode=local (every row is read)"
        case .transform(_, _, let hint): return hint
        case .expression(_, let hint): return hint
        case .page(_, let hint): return hint
        case .notNumeric(_, let grouped?):
            return Self.groupedHint(grouped)
        case .repeatedX:
            return "say how to combine them: agg=mean, agg=sum, agg=count … (help agg)"
        case .inScript(let inner): return inner.hint
        default: return nil
        }
    }

    static func describe(_ error: DataError) -> String {
        switch error {
        case .empty: return "the file has no data"
        case .unterminatedQuote(let line): return "line \(line): a quoted field is not closed"
        case .raggedRow(let line, let fields, let expected):
            return "line \(line): \(fields) fields, expected \(expected)"
        case .unknownLabelColumn(let name, let available):
            return "no column '\(name)' for labels (columns: \(available.joined(separator: ", ")))"
        case .noNumericColumn(let names):
            return "no numeric column among \(names.joined(separator: ", "))"
        case .onlyLabels(let name):
            return "no column beside the labels ('\(name)')"
        case .invalidJSON(let reason): return "not a JSON array of numbers or objects: \(reason)"
        case .cancelled: return "interrupted"
        case .fieldTooLong(let line, let limit):
            return
                "line \(line): a field is longer than \(ResourceLimits.bytesText(limit)) (the limit for one field)"
        case .cellTooLong(let row, let column, let limit):
            return
                "row \(row), column '\(column)': a value is longer than \(ResourceLimits.bytesText(limit)) (the limit for one field)"
        case .lineTooLong(let line, let limit):
            return
                "line \(line): the line is longer than \(ResourceLimits.bytesText(limit)) (the limit for one line)"
        case .tooManyColumns(let line, let limit):
            return "line \(line): more than \(limit) columns (the limit)"
        case .overBudget(let needed, let budget):
            return ResourceLimits.overBudgetText(needed: needed, budget: budget)
        case .unsupportedEncoding(let name):
            return "\(name) is not supported: convert with iconv -f \(name) -t UTF-8"
        case .notText:
            return
                "it is not a text file (it holds NUL bytes); for UTF-16 without a byte-order mark, "
                + "convert with iconv -f UTF-16LE -t UTF-8"
        case .changedSinceLoaded:
            return "it changed since it was loaded; 'reload' reads it again"
        case .changedWhileRead:
            return "the file changed while it was read (it was cut short); nothing changed"
        }
    }

    /// This diagnostic with the file name and the offending line filled in from `source`,
    /// where not already known (a `source`d script's diagnostics know their own file).
    public func located(in source: ScriptSource) -> Diagnostic {
        var d = self
        if d.file == nil, d.lineText == nil, let generated = source.generated {
            d.file = source.name
            d.lineText = generated.commandLine
            d.place = .commandLine
            let typed = generated.typedRange(for: d.range)
            d.range = SourceRange(
                line: 1, column: typed?.lowerBound ?? 1,
                length: typed?.count ?? generated.commandLine.unicodeScalars.count)
            return d
        }
        d.file = d.file ?? source.name
        if source.origin == .typed { d.place = .typed }
        if d.lineText == nil {
            let lines = source.lines
            let index = d.range.start.line - source.firstLine
            if lines.indices.contains(index) { d.lineText = lines[index] }
        }
        return d
    }

    /// The diagnostic of the command that actually failed (inside `source`d scripts).
    public var innermost: Diagnostic {
        if case .inScript(let inner) = kind { return inner.innermost }
        return self
    }
}
