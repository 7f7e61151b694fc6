import ChartbookModel
import ChartbookCommands

/// `chartbook plot KIND FILE|- COLUMN [COLUMN…] [--x COLUMN] [--by COLUMN] [--title TEXT]`:
/// the one-line chart YouPlot and plotext users reach for, as sugar for the commands it
/// stands for — `--print-script` shows them, so a one-liner teaches the language.
public struct OneShot: Equatable, Sendable {
    public var kind: Plot.Kind
    /// A path, or `-` for standard input.
    public var file: String
    /// The y columns, one plot each (none: the first numeric column, by the loader's rule).
    public var columns: [String]
    public var x: String?
    /// How the x column's cells read as times (`--time`: `epoch`, `epochms` or a pattern
    /// like `%d/%m/%Y`): the load's `time=`, which reads the x column.
    public var time: String?
    public var by: String?
    public var title: String?
    /// Plot options given as `--agg`, `--bin`, `--where`, `--facet`: (name, value), each
    /// written into every plot as `name=value`.
    public var options: [PlotFlag] = []

    /// `--agg p95` on the command line: `agg=p95` in each plot.
    public struct PlotFlag: Equatable, Sendable {
        public var name: String, value: String
        public init(_ name: String, _ value: String) { self.name = name; self.value = value }
    }
    /// The kind as typed (an alias, or another case), for diagnostics.
    public var typedKind: String

    public init(
        kind: Plot.Kind, file: String, columns: [String], x: String? = nil, by: String? = nil,
        title: String? = nil, typedKind: String? = nil
    ) {
        self.kind = kind
        self.typedKind = typedKind ?? kind.rawValue
        self.file = file
        self.columns = columns
        self.x = x
        self.by = by
        self.title = title
    }

    /// The dataset the file becomes: its name without extension, `stdin` for `-`.
    public var dataset: String {
        file == "-" ? "stdin" : Executor.datasetName(forPath: file)
    }

    /// The load it starts with.
    public var loadCommand: String { loadScript.text.trimmingSuffix("\n") }

    /// The load, made from the command line (its diagnostics point there).
    public var loadScript: GeneratedScript {
        var script = GeneratedScript()
        let words = commandLine(&script)
        script.append("load ")
        script.append(file == "-" ? "-" : ScriptQuoting.quotedIfNeeded(file), from: words.file)
        if file == "-" { script.append(" as stdin") }
        if let x, let typed = words.x {
            script.append(" x=", from: typed.name)
            script.append(ScriptQuoting.quotedIfNeeded(x), from: typed.value)
        }
        if let time, let typed = words.time {
            script.append(" time=", from: typed.name)
            script.append(ScriptQuoting.quotedIfNeeded(time), from: typed.value)
        }
        script.endCommand()
        return script
    }

    /// The columns of the command line each part came from.
    struct TypedWords {
        var kind = 0..<0, file = 0..<0
        var columns = [Range<Int>]()
        /// An option's name and its value.
        var x: (name: Range<Int>, value: Range<Int>)?
        var time: (name: Range<Int>, value: Range<Int>)?
        var by: (name: Range<Int>, value: Range<Int>)?
        var title: (name: Range<Int>, value: Range<Int>)?
        var options = [(name: Range<Int>, value: Range<Int>)]()
    }

    /// `chartbook plot KIND FILE COLUMN… --x X --by B --title T` as the user typed it (its
    /// words, quoted for a shell where they need it), written into `script`.
    func commandLine(_ script: inout GeneratedScript) -> TypedWords {
        var words = TypedWords()
        script.typed("chartbook")
        script.typed("plot")
        words.kind = script.typed(typedKind)
        words.file = script.typed(Self.shellWord(file))
        words.columns = columns.map { script.typed(Self.shellWord($0)) }
        func option(_ name: String, _ value: String?) -> (Range<Int>, Range<Int>)? {
            guard let value else { return nil }
            return (script.typed(name), script.typed(Self.shellWord(value)))
        }
        words.x = option("--x", x)
        words.time = option("--time", time)
        words.by = option("--by", by)
        words.title = option("--title", title)
        words.options = options.compactMap { option("--" + $0.name, $0.value) }
        return words
    }

    /// `word` as a shell reads it back: in single quotes when it holds anything but letters,
    /// digits and `-_./:@%+,=`.
    static func shellWord(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy {
                ($0.properties.isAlphabetic || ("0"..."9").contains($0))
                    || "-_./:@%+,=".unicodeScalars.contains($0)
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The plots (and title) for the file as loaded, `dataset`: without `--x`, a lone date or
    /// time column is the x; without columns, the y is the first numeric column that is not
    /// the x, the `--by` column or named as a code (`measure`; `plot --help` promises it). Without the dataset (it did
    /// not load) or such a column, the dataset's name stands for the series and the
    /// language says what is wrong.
    public func plotCommands(for loaded: Dataset?) -> String { plotScript(for: loaded).text }

    /// The plots, made from the command line (their diagnostics point there).
    public func plotScript(for loaded: Dataset?) -> GeneratedScript {
        var script = GeneratedScript()
        let words = commandLine(&script)
        // A wide sheet (a column per month, date or year) is folded, and drawn a line per
        // row along its periods.
        if columns.isEmpty, x == nil, by == nil, let loaded, let wide = WideSheet.detect(loaded) {
            return foldedScript(wide, words, &script)
        }
        // A lone date or time column is the dataset's x already (load's rule).
        let xName = self.x ?? loaded?.xColumn
        var ys = zip(columns, words.columns).map { ($0, Optional($1)) }
        if ys.isEmpty, let loaded, let first = Self.measure(in: loaded, besides: [xName, by]) {
            ys = [(first.name, nil)]
        }
        let series: [(String, Range<Int>?)] =
            ys.isEmpty
            ? [(dataset, words.file)]
            : ys.map {
                (SeriesName(dataset: dataset, column: $0.0).description, $0.1 ?? words.file)
            }
        for (name, typed) in series {
            script.append("add plot ")
            script.append(kind.rawValue, from: words.kind)
            script.append(" ")
            script.append(name, from: typed)
            if let by, let typed = words.by {
                script.append(" by=", from: typed.name)
                script.append(ScriptQuoting.quotedIfNeeded(by), from: typed.value)
            }
            appendOptions(words, &script)
            script.endCommand()
        }
        appendTitle(words, &script)
        return script
    }

    /// The column a one-liner draws when none is named: the first numeric column that is not
    /// one of `others` and not named as a code (`status`, `http_code`, `user_id`: an HTTP
    /// status is not the measure of a log, issue 54), else the first numeric one.
    static func measure(in dataset: Dataset, besides others: [String?]) -> Column? {
        let numeric = dataset.columns.filter { $0.kind == .number && !others.contains($0.name) }
        // (Nor times since 1970 not read as such: `Column.epochLike`.)
        return numeric.first { !isCode($0.name) && $0.epochLike == nil } ?? numeric.first
    }

    /// Whether a column's name says it holds codes or identifiers, not a measure: `id`,
    /// `status`, `code`, `port`, `pid`, `uid`, `zip`, alone or as the last word (`user_id`,
    /// `http-status`, `statusCode`).
    static func isCode(_ name: String) -> Bool {
        let words = ["id", "status", "code", "port", "pid", "uid", "zip"]
        let lower = name.lowercased()
        return words.contains { word in
            lower == word || lower.hasSuffix("_" + word) || lower.hasSuffix("-" + word)
                || lower.hasSuffix(" " + word)
                || (name.hasSuffix(word.prefix(1).uppercased() + word.dropFirst())
                    && name.count > word.count)
        }
    }

    /// `--agg`, `--bin`, `--where`, `--facet` as the plot options they name.
    func appendOptions(_ words: TypedWords, _ script: inout GeneratedScript) {
        for (option, typed) in zip(options, words.options) {
            script.append(" \(option.name)=", from: typed.name)
            script.append(ScriptQuoting.quotedIfNeeded(option.value), from: typed.value)
        }
    }

    /// `--title` as `set title`.
    func appendTitle(_ words: TypedWords, _ script: inout GeneratedScript) {
        guard let title, let typed = words.title else { return }
        script.append("set title ", from: typed.name)
        script.append(ScriptQuoting.quoted(title), from: typed.value)
        script.endCommand()
    }

    /// A wide sheet folded (`fold D FIRST..LAST as KEY value`) and drawn along its periods,
    /// a line per row (`by=` its first other column), then the title.
    func foldedScript(_ wide: WideSheet, _ words: TypedWords, _ script: inout GeneratedScript)
        -> GeneratedScript
    {
        let value = wide.key == "value" ? "value_" : "value"
        script.append("fold \(dataset) ", from: words.kind)
        script.append(
            ScriptQuoting.quotedIfNeeded(wide.first) + ".."
                + ScriptQuoting.quotedIfNeeded(wide.last),
            from: words.file)
        script.append(" as \(wide.key) \(value)", from: words.file)
        script.endCommand()
        script.append("add plot ")
        script.append(kind.rawValue, from: words.kind)
        script.append(" \(dataset).\(value) x=\(wide.key)", from: words.file)
        if let by = wide.by {
            script.append(" by=" + ScriptQuoting.quotedIfNeeded(by), from: words.file)
        }
        appendOptions(words, &script)
        script.endCommand()
        appendTitle(words, &script)
        return script
    }

    /// Whether the plots depend on the file's columns (a default x or y to find).
    public var needsData: Bool { columns.isEmpty || x == nil }

    /// The script it stands for, one command a line, once the file is loaded as `dataset`.
    public func script(for loaded: Dataset?) -> String {
        loadCommand + "\n" + plotCommands(for: loaded)
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}

/// Standard input that is data, not commands (`cat f.csv | chartbook`).
public enum PipedInput {
    /// Whether `text` looks like a table rather than a script: its first line that is not
    /// blank or a comment starts with a word that is no command and holds a comma, tab or
    /// semicolon between values.
    public static func looksLikeData(_ text: String) -> Bool {
        guard
            let first = text.split(separator: "\n", omittingEmptySubsequences: true).first(where: {
                let trimmed = $0.drop(while: { $0 == " " || $0 == "\t" })
                return !trimmed.isEmpty && !trimmed.hasPrefix("#")
            })
        else { return false }
        let word = first.split(whereSeparator: { " ,;\t".contains($0) }).first.map {
            $0.lowercased()
        }
        guard let word, !(Parser.verbs + ["exit"]).contains(word) else { return false }
        return first.contains(",") || first.contains("\t")
            || (first.contains(";") && !first.contains(" "))
    }
}
