import ChartbookModel
import ChartbookData
import ChartbookTransform

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
        if case .success(let place) = Self.place(words), place.operand == .expression {
            return expression(partial, place, session: session)
        }
        return Result(
            partial: partial, candidates: filter(candidates(words, session: session), partial))
    }

    /// In a `let` expression: the columns and functions that start with the name being typed
    /// — the end of `partial` after its last operator or parenthesis (`lower(s` → `sky`).
    func expression(_ partial: String, _ place: Place, session s: Session) -> Result {
        let cut = partial.lastIndex(where: { "()+-*/%<>=!, ".contains($0) })
        let head = cut.map { String(partial[...$0]) } ?? ""
        let name = cut.map { String(partial[partial.index(after: $0)...]) } ?? partial
        let options = filter(candidates(for: .expression, place, session: s), name)
        return Result(partial: partial, candidates: options.map { head + $0 })
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

    /// Where the cursor is in a command typed so far: its entry in the grammar, the operand
    /// the next word fills (nil past them all), and whether `as NAME` may come.
    struct Place {
        var spec: CommandSpec
        /// The words after the command's own words.
        var rest: [String]
        var operand: ValueKind?
        /// The positional words typed so far (options and `as NAME` aside).
        var positional: [String]
        var offersAs: Bool
    }

    /// The place after `words` (each complete), or the words that may come next when the
    /// command's own words are not complete yet.
    static func place(_ words: [String]) -> Swift.Result<Place, NextWords> {
        guard let verb = words.first?.lowercased() else {
            return .failure(NextWords(Grammar.verbs))
        }
        var rest = Array(words.dropFirst())
        let nouns = Grammar.nouns(of: verb)
        if !nouns.isEmpty && rest.isEmpty { return .failure(NextWords(nouns)) }
        guard let (spec, usesNoun) = Grammar.lookup(verb: verb, noun: rest.first?.lowercased())
        else { return .failure(NextWords([])) }
        if usesNoun { rest.removeFirst() }
        var positional = [String]()
        var usedAs = false
        var index = 0
        while index < rest.count {
            let word = rest[index]
            if spec.operands.contains(.asName), word.lowercased() == "as", !usedAs {
                usedAs = true
                index += 2
                if index > rest.count { return .failure(NextWords([])) }  // typing the name
                continue
            }
            // (`let D.C = …`'s `=` is an operand, not an option.)
            if !word.contains("=") || word == "=" { positional.append(word) }
            index += 1
        }
        let operands = spec.operands.filter { $0 != .asName }
        var operand = positional.count < operands.count ? operands[positional.count] : nil
        if operand == nil, operands.last == .reloadable { operand = .reloadable }
        // An expression runs on to the end of the command, words and operators alike.
        if operand == nil, operands.last == .expression { operand = .expression }
        return .success(
            Place(
                spec: spec, rest: rest, operand: operand, positional: positional,
                offersAs: spec.operands.contains(.asName) && !usedAs))
    }

    /// The words a command's own words may go on with (verbs, then nouns).
    struct NextWords: Error {
        var words: [String]
        init(_ words: [String]) { self.words = words }
    }

    func candidates(_ words: [String], session s: Session) -> [String] {
        let place: Place
        switch Self.place(words) {
        case .failure(let next): return next.words.map { $0 + " " }
        case .success(let found): place = found
        }
        let own = place.operand.map { candidates(for: $0, place, session: s) } ?? []
        guard place.operand?.isOptional ?? true else { return own }
        let offersAs = place.offersAs && !place.positional.isEmpty
        return own + (offersAs ? ["as "] : []) + keys(optionNames(place, session: s))
    }

    /// The option keys of the command at `place`.
    func optionNames(_ place: Place, session s: Session) -> [String] {
        switch place.spec.options {
        case .none: return []
        case .fixed(let options): return options.map(\.name)
        case .plotKind:
            let kind = place.positional.first.flatMap(Plot.Kind.named) ?? .line
            return Parser.plotOptions[kind] ?? []
        case .plotNamed:
            let kind = place.positional.first.flatMap { s.plot(id: $0)?.kind } ?? .line
            return Parser.plotOptions[kind] ?? []
        }
    }

    /// What may fill a word of `kind` at `place`.
    func candidates(for kind: ValueKind, _ place: Place, session s: Session) -> [String] {
        switch kind {
        case .keyword(let words): return words.map { $0 + " " }
        case .either(let a, let b):
            return candidates(for: a, place, session: s) + candidates(for: b, place, session: s)
        case .optional(let inner): return candidates(for: inner, place, session: s)
        case .dataset: return s.datasets.map { $0.name + " " }
        case .reloadable:
            return s.datasets.filter(\.source.isReloadable).map { $0.name + " " }
        case .series:
            // `add refline 50 …`: no series after a number.
            if place.spec.topic == "add refline",
                place.positional.first.map({ StatisticKind(rawValue: $0.lowercased()) }) == nil
            {
                return []
            }
            return series(s)
        case .labelSource: return labelSources(s)
        case .plotKind: return Plot.Kind.allNames.map { $0 + " " }
        case .plot: return s.plots.map { $0.id + " " }
        case .refline:
            let values = s.markedLines.compactMap { line -> String? in
                if case .constant(let v) = line.value { return NumberText.shortest(v) + " " }
                return nil
            }
            return s.markedLines.map { $0.id + " " } + values
        case .annotation: return s.annotations.map { $0.id + " " }
        case .statistic: return StatisticKind.allCases.map { $0.rawValue + " " }
        case .zone: return ["UTC "]
        case .positions: return ["relative ", "absolute "]
        case .helpTopic:
            guard place.positional.isEmpty else { return [] }
            return (HelpGroup.allCases.map(\.rawValue) + Grammar.verbs + Plot.Kind.allNames).map {
                $0 + " "
            }
        case .expression:
            // The dataset's columns and the functions, after `let DATASET.COLUMN =`.
            let target = place.positional.first.map { SeriesName(word: $0) }
            let columns =
                target?.dataset.flatMap { s.dataset(named: $0) }?.columns.map(\.name) ?? []
            return columns.map { $0 + " " } + ExpressionFunction.all.map { $0.name + "(" }
        case .name, .column, .filter, .path, .color, .colorPair, .integer, .number, .numbers,
            .range, .size,
            .bytes, .duration, .text, .xValue, .interval, .distance, .inlineValues, .rows, .asName:
            return []
        }
    }

    /// What `set labels` takes besides a numeric series: datasets (their labels) and any
    /// column.
    func labelSources(_ s: Session) -> [String] {
        s.datasets.map { $0.name + " " }
            + s.datasets.flatMap { d in
                d.columns.map { SeriesName(dataset: d.name, column: $0.name).description + " " }
            } + uniqueColumns(s, numeric: false)
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
        return columns(ofFile: path)
    }

    /// The columns named in the header of the file at `path` (its first line, split at the
    /// separator the reader would choose); none for anything but a regular file.
    public func columns(ofFile path: String) -> [String] {
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

    /// What may follow `key=` in the command typed so far: the option's values in the grammar
    /// (a plot's from `PlotOption.all`), columns of the dataset in question for columns.
    func values(forKey key: String, words: [String], session s: Session) -> [String] {
        guard case .success(let place) = Self.place(words) else { return [] }
        let values: ValueKind
        switch place.spec.options {
        case .none: return []
        case .fixed(let options):
            guard let option = options.first(where: { $0.name == key }) else { return [] }
            values = option.values
        case .plotKind, .plotNamed:
            guard let option = PlotOption.named(key) else { return [] }
            values = option.values
        }
        return optionValues(values, words: words, place: place, session: s)
    }

    /// What may follow `key=` when its values are `kind`.
    func optionValues(_ kind: ValueKind, words: [String], place: Place, session s: Session)
        -> [String]
    {
        switch kind {
        case .keyword(let words): return words.map { $0 + " " }
        case .either(let a, let b):
            return optionValues(a, words: words, place: place, session: s)
                + optionValues(b, words: words, place: place, session: s)
        case .color: return Color.named.keys.sorted().map { $0 + " " }
        case .column, .filter:
            let columns =
                place.spec.verb == "load"
                ? fileColumns(words) : plotDataset(words, session: s)?.columns.map(\.name) ?? []
            return columns.map {
                ScriptQuoting.quotedIfNeeded($0) + (kind == .filter ? "=" : " ")
            }
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

    /// Whether the word being typed is a path (the grammar's `.path` operand).
    func isPathPosition(_ words: [String]) -> Bool {
        guard case .success(let place) = Self.place(words) else { return false }
        return place.operand == .path
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
