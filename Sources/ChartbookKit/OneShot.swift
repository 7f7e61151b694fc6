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
    public var by: String?
    public var title: String?

    public init(
        kind: Plot.Kind, file: String, columns: [String], x: String? = nil, by: String? = nil,
        title: String? = nil
    ) {
        self.kind = kind
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
    public var loadCommand: String {
        var load = "load " + (file == "-" ? "-" : ScriptQuoting.quotedIfNeeded(file))
        if file == "-" { load += " as stdin" }
        if let x { load += " x=" + ScriptQuoting.quotedIfNeeded(x) }
        return load
    }

    /// The plots (and title) for the file as loaded, `dataset`: without `--x`, a lone date or
    /// time column is the x; without columns, the y is the first numeric column that is not
    /// the x or the `--by` column (`plot --help` promises it). Without the dataset (it did
    /// not load) or such a column, the dataset's name stands for the series and the
    /// language says what is wrong.
    public func plotCommands(for loaded: Dataset?) -> String {
        let times = loaded?.columns.filter { $0.kind == .time }.map(\.name) ?? []
        let x = self.x == nil && times.count == 1 && loaded?.xColumn == nil ? times.first : nil
        let xName = self.x ?? x ?? loaded?.xColumn
        var ys = columns
        if ys.isEmpty, let loaded,
            let first = loaded.columns.first(where: {
                $0.kind == .number && $0.name != xName && $0.name != by
            })
        {
            ys = [first.name]
        }
        let series =
            ys.isEmpty
            ? [dataset] : ys.map { SeriesName(dataset: dataset, column: $0).description }
        var lines = [String]()
        for name in series {
            var line = "add plot \(kind.rawValue) \(name)"
            if let x { line += " x=" + ScriptQuoting.quotedIfNeeded(x) }
            if let by { line += " by=" + ScriptQuoting.quotedIfNeeded(by) }
            lines.append(line)
        }
        if let title { lines.append("set title " + ScriptQuoting.quoted(title)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whether the plots depend on the file's columns (a default x or y to find).
    public var needsData: Bool { columns.isEmpty || x == nil }

    /// The script it stands for, one command a line, once the file is loaded as `dataset`.
    public func script(for loaded: Dataset?) -> String {
        loadCommand + "\n" + plotCommands(for: loaded)
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
