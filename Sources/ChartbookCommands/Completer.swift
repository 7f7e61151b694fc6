import ChartbookModel
import ChartbookData

/// Tab completion as a pure function: the text before the cursor and the session give the
/// word being completed and what it could become. Words complete with a trailing space,
/// option keys with `=`, directories with `/`.
public struct Completer: Sendable {
    public var files: any FileAccess
    /// Directory relative paths complete against (nil: the working directory).
    public var directory: String?

    public init(files: any FileAccess, directory: String? = nil) {
        self.files = files
        self.directory = directory
    }

    public struct Result: Equatable, Sendable {
        /// The end of the text that candidates replace.
        public var partial: String
        public var candidates: [String]
    }

    public func complete(_ text: String, session: Session) -> Result {
        let segment = Self.lastCommand(text)
        var words = Self.words(segment)
        let endsInSpace = segment.last.map { $0 == " " || $0 == "\t" } ?? true
        let partial = endsInSpace ? "" : (words.popLast() ?? "")
        if let eq = partial.firstIndex(of: "="), partial.first != "\"" {
            let key = partial[..<eq].lowercased()
            let value = String(partial[partial.index(after: eq)...])
            if key == "where", let cells = filterValues(value, words: words, session: session) {
                return Result(partial: value, candidates: filter(cells, value))
            }
            return Result(
                partial: value,
                candidates: filter(values(forKey: key, words: words, session: session), value))
        }
        let path = isPathPosition(words)
        if path { return Result(partial: partial, candidates: paths(partial)) }
        return Result(
            partial: partial, candidates: filter(candidates(words, session: session), partial))
    }

    /// The options that start with `prefix`, compared without case and without quotes, so
    /// `u.my` offers `u."my col"`.
    func filter(_ options: [String], _ prefix: String) -> [String] {
        var seen = Set<String>()
        let wanted = Self.unquoted(prefix)
        return options.filter { Self.unquoted($0).hasPrefix(wanted) && seen.insert($0).inserted }
    }

    static func unquoted(_ text: String) -> String {
        text.lowercased().filter { $0 != "\"" }
    }

    // MARK: - What can come next

    func candidates(_ words: [String], session s: Session) -> [String] {
        let lower = words.map { $0.lowercased() }
        guard let verb = lower.first else { return (Parser.verbs + ["exit"]).map { $0 + " " } }
        let n = words.count
        let datasets = s.datasets.map { $0.name + " " }
        let plots = s.plots.map { $0.id + " " }
        switch verb {
        case "add":
            if n == 1 { return ["plot ", "refline "] }
            if lower[1] == "plot" {
                if n == 2 { return Plot.Kind.allCases.map { $0.rawValue + " " } }
                if n == 3 { return series(s) }
                let kind = Plot.Kind(rawValue: lower[2]) ?? .line
                return (n == 4 ? ["as "] : []) + keys(Parser.plotOptions[kind] ?? [])
            }
            if n == 2 { return StatisticKind.allCases.map { $0.rawValue + " " } }
            if n == 3 && StatisticKind(rawValue: lower[2]) != nil { return series(s) }
            return keys(Parser.markedLineOptions)
        case "remove":
            if n == 1 { return ["plot ", "refline "] }
            if lower[1] == "plot" { return n == 2 ? plots : [] }
            guard n == 2 else { return [] }
            let values = s.markedLines.compactMap { line -> String? in
                if case .constant(let v) = line.value { return NumberText.shortest(v) + " " }
                return nil
            }
            return s.markedLines.map { $0.id + " " } + values
        case "set":
            if n == 1 { return Parser.setNouns.map { $0 + " " } }
            switch lower[1] {
            case "plot":
                if n == 2 { return plots }
                let kind = s.plot(id: words[2])?.kind ?? .line
                return keys(Parser.plotOptions[kind] ?? [])
            case "reflines":
                return (n == 2 ? ["relative ", "absolute ", "on ", "off "] : [])
                    + keys(Parser.reflinesOptions)
            case "labels":
                let labelled = s.datasets.map { $0.name + " " }
                let columns = s.datasets.flatMap { d in
                    d.columns.map { SeriesName(dataset: d.name, column: $0.name).description + " " }
                }
                return
                    (n == 2
                    ? ["auto ", "index "] + labelled + columns
                        + uniqueColumns(s, numeric: false) : []) + ["sparsity="]
            case "range": return n == 2 ? ["auto ", "adapt "] : []
            case "spacing": return n == 2 ? ["auto "] : []
            case "direction": return n == 2 ? View.Direction.allCases.map { $0.rawValue + " " } : []
            case "padding": return keys(["left", "right"])
            case "data": return n == 2 ? datasets : ["window="]
            case "zero": return n == 2 ? ["on ", "off "] : []
            case "legend": return n == 2 ? ["on ", "off ", "auto "] : []
            case "title": return n == 2 ? ["off "] : []
            case "size": return n == 2 ? ["auto "] : []
            case "color": return n == 2 ? ColorSetting.allCases.map { $0.rawValue + " " } : []
            case "canvas": return n == 2 ? Canvas.allCases.map { $0.rawValue + " " } : []
            case "theme": return n == 2 ? Theme.allCases.map { $0.rawValue + " " } : []
            case "xscale":
                return n == 2
                    ? (["auto"] + XScaleKind.allCases.map(\.rawValue)).map { $0 + " " } : []
            case "yscale": return n == 2 ? YScaleKind.allCases.map { $0.rawValue + " " } : []
            case "redraw": return n == 2 ? Redraw.allCases.map { $0.rawValue + " " } : []
            case "xlabel", "ylabel": return n == 2 ? ["off "] : []
            case "timezone": return n == 2 ? ["UTC "] : []
            default: return []
            }
        case "select": return n == 1 ? ["last ", "none ", "x="] : []
        case "view": return n == 1 ? ["all "] : []
        case "show": return n == 1 ? ["data "] : (n == 2 && lower[1] == "data" ? datasets : [])
        case "scroll": return n == 1 ? ["start ", "end "] : []
        case "push": return n == 1 ? datasets : []
        case "describe": return n == 1 ? datasets : []
        case "drop": return n == 1 ? datasets : (n == 2 ? ["force "] : [])
        case "reload":
            return s.datasets.filter { if case .file = $0.source { true } else { false } }.map {
                $0.name + " "
            }
        case "gen":
            if n == 2 { return Generator.Kind.allCases.map { $0.rawValue + " " } }
            return n >= 4 ? keys(["seed", "period"]) : []
        case "load": return (n == 2 ? ["as "] : []) + keys(Parser.loadOptions)
        case "save":
            if n == 3 && lower[1] == "csv" { return datasets }
            if n == 1 { return Parser.saveTargets.map { $0 + " " } }
            if n >= 3 && lower[1] == "vegalite" { return keys(["url"]) }
            return n >= 3 && lower[1] == "svg" ? ["size="] : []
        case "snapshot": return n == 1 ? ["on ", "off "] : []
        case "help":
            let verbs = CommandCatalog.entries.map {
                $0.topic.split(separator: " ").first.map(String.init) ?? ""
            }
            var seen = Set<String>()
            return n == 1
                ? (CommandCatalog.groups.map(\.name) + verbs).filter { seen.insert($0).inserted }
                    .map { $0 + " " } : []
        default: return []
        }
    }

    func keys(_ names: [String]) -> [String] { names.map { $0 + "=" } }

    /// The columns named in the header of the file `load` is given (its first line, split
    /// at the separator the reader would choose); none for anything but a regular file.
    func fileColumns(_ words: [String]) -> [String] {
        guard words.count >= 2 else { return [] }
        var path = words[1]
        if path.hasPrefix("\""), path.hasSuffix("\""), path.count >= 2 {
            path = String(path.dropFirst().dropLast())
        }
        guard let head = files.head(files.resolve(path, relativeTo: directory), bytes: 65_536)
        else { return [] }
        return DelimitedReader.headerNames(head)
    }

    /// The dataset of the plot being typed: `add plot KIND SERIES …` or `set plot ID …`.
    func plotDataset(_ words: [String], session s: Session) -> Dataset? {
        let lower = words.map { $0.lowercased() }
        guard lower.count >= 3, lower[1] == "plot" else { return nil }
        if lower[0] == "set", let plot = s.plot(id: words[2]) {
            return s.dataset(named: plot.series.dataset)
        }
        guard lower[0] == "add", words.count >= 4 else { return nil }
        let series = words[3]
        let name = series.split(separator: ".", maxSplits: 1).first.map(String.init) ?? series
        return s.dataset(named: name)
            ?? s.datasets.first { $0.column(named: series) != nil }
    }

    /// `dataset` for datasets with one numeric column, and every `dataset.column`.
    func series(_ s: Session) -> [String] {
        s.datasets.filter { $0.numericColumns.count == 1 }.map { $0.name + " " }
            + s.datasets.flatMap { d in
                d.numericColumns.map {
                    SeriesName(dataset: d.name, column: $0.name).description + " "
                }
            } + uniqueColumns(s, numeric: true)
    }

    /// Bare column names that only one dataset has (they resolve without the dataset).
    func uniqueColumns(_ s: Session, numeric: Bool) -> [String] {
        let names = s.datasets.flatMap { d in
            d.columns.filter { !numeric || $0.isNumeric }.map(\.name)
        }
        let counts = Dictionary(names.map { ($0, 1) }, uniquingKeysWith: +)
        return names.filter { counts[$0] == 1 && s.dataset(named: $0) == nil }.map {
            ScriptQuoting.quotedIfNeeded($0) + " "
        }
    }

    func values(forKey key: String, words: [String], session s: Session) -> [String] {
        let lower = words.map { $0.lowercased() }
        let aboutRules = lower.contains("reflines") || lower.contains("refline")
        // A plot's options complete from their table.
        if lower.count >= 2, lower[1] == "plot", let option = PlotOption.named(key),
            !option.choices.isEmpty
        {
            return option.choices.map { $0 + " " }
        }
        switch key {
        // Reference lines and load (plot options complete from their table, above).
        case "color": return Color.named.keys.sorted().map { $0 + " " }
        case "style" where aboutRules: return RuleStyle.allCases.map { $0.rawValue + " " }
        case "labels" where lower.first != "load":
            return ReferenceLines.LabelSide.allCases.map { $0.rawValue + " " }
        case "format": return ReferenceLines.Format.allCases.map { $0.rawValue + " " }
        case "minmax", "intermediate", "fit": return ["on ", "off "]
        case "header": return LoadOptions.Header.allCases.map { $0.rawValue + " " }
        case "sep": return ["auto ", ", ", "tab ", "\";\" ", "| "]
        case "decimals": return ["auto "]
        case "axis": return PlotBinding.Axis.allCases.map { $0.rawValue + " " }
        case "time": return LoadOptions.EpochUnit.allCases.map { $0.rawValue + " " }
        case "x", "by", "where", "labels":
            let columns =
                lower.first == "load"
                ? fileColumns(words) : plotDataset(words, session: s)?.columns.map(\.name) ?? []
            return columns.map { ScriptQuoting.quotedIfNeeded($0) + (key == "where" ? "=" : " ") }
        default: return []
        }
    }

    /// After `where=COLUMN=` (or `!=`): the column's distinct cells as the filter reads them
    /// (`sky=sun `), at most 100; nil before an operator.
    func filterValues(_ typed: String, words: [String], session s: Session) -> [String]? {
        guard let eq = typed.firstIndex(of: "=") else { return nil }
        let negated = eq > typed.startIndex && typed[typed.index(before: eq)] == "!"
        let name = String(typed[..<(negated ? typed.index(before: eq) : eq)])
        guard let column = plotDataset(words, session: s)?.column(named: Self.unquoted(name)),
            column.isRead
        else { return [] }
        let head = String(typed[...eq])
        var seen = Set<String>()
        var cells = [String]()
        for row in 0..<column.count where cells.count < 100 {
            let cell = column.text(at: row)
            if !cell.isEmpty, seen.insert(cell).inserted {
                // A cell with blanks makes the whole filter a string: `"name=New York"`.
                let plain = ScriptQuoting.quotedIfNeeded(cell) == cell
                cells.append((plain ? head + cell : ScriptQuoting.quoted(head + cell)) + " ")
            }
        }
        return cells
    }

    // MARK: - Paths

    func isPathPosition(_ words: [String]) -> Bool {
        guard let verb = words.first?.lowercased() else { return false }
        return ((verb == "load" || verb == "source") && words.count == 1)
            || (verb == "save" && words.count == 2)
            || (verb == "snapshot" && words.count == 2 && words[1].lowercased() == "on")
    }

    func paths(_ partial: String) -> [String] {
        var typed = partial
        if typed.hasPrefix("\"") { typed.removeFirst() }
        let dirPart: String, base: String
        if let slash = typed.lastIndex(of: "/") {
            dirPart = String(typed[...slash])
            base = String(typed[typed.index(after: slash)...])
        } else {
            dirPart = ""
            base = typed
        }
        let listing = files.resolve(dirPart, relativeTo: directory)
        let quote = partial.hasPrefix("\"") ? "\"" : ""
        // Names as they can reach the terminal: control characters (and bytes that are not
        // UTF-8) as U+FFFD; opening such a name finds the file by that spelling.
        return files.list(listing)
            .map {
                DirectoryEntry(name: TextMetrics.sanitized($0.name), isDirectory: $0.isDirectory)
            }
            .filter { $0.name.hasPrefix(base) && (base.hasPrefix(".") || !$0.name.hasPrefix(".")) }
            .sorted { $0.name < $1.name }
            .map { entry in
                // Written so the parser reads it back: quoted when the name needs it (spaces,
                // `;`, `#`, quotes), a directory left open inside its quotes.
                let full = dirPart + entry.name
                let quoted = ScriptQuoting.quoted(full)
                if entry.isDirectory {
                    let needsQuotes = !quote.isEmpty || ScriptQuoting.quotedIfNeeded(full) != full
                    return needsQuotes ? String(quoted.dropLast()) + "/" : full + "/"
                }
                return (quote.isEmpty ? ScriptQuoting.quotedIfNeeded(full) : quoted) + " "
            }
    }

    // MARK: - Words

    /// The text after the last `;` outside quotes.
    static func lastCommand(_ text: String) -> String {
        // By scalar, as the lexer reads (a quote or `;` may be glued into a cluster).
        var inQuotes = false
        var start = text.unicodeScalars.startIndex
        var index = text.unicodeScalars.startIndex
        while index < text.unicodeScalars.endIndex {
            let c = text.unicodeScalars[index]
            if c == "\"" { inQuotes.toggle() }
            if c == ";" && !inQuotes { start = text.unicodeScalars.index(after: index) }
            index = text.unicodeScalars.index(after: index)
        }
        return String(text.unicodeScalars[start...])
    }

    /// White-space separated words; quotes keep spaces inside a word.
    static func words(_ text: String) -> [String] {
        var words = [String]()
        var current = ""
        var inQuotes = false
        var inWord = false
        for c in text.unicodeScalars {
            if c == "\"" { inQuotes.toggle() }
            if (c == " " || c == "\t") && !inQuotes {
                if inWord { words.append(current); current = ""; inWord = false }
                continue
            }
            current.unicodeScalars.append(c)
            inWord = true
        }
        if inWord { words.append(current) }
        return words
    }
}
