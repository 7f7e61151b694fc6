import Foundation
import ChartbookModel

/// Tokens → `Command`. Checks everything that does not need the session: verbs, nouns,
/// option names and value types. Looking names up in the session is the executor's job.
public enum Parser {
    public static let verbs = [
        "data", "load", "gen", "reload", "drop", "describe", "add", "set", "remove", "plots",
        "select", "show", "list", "undo", "redo", "history", "reset", "help", "source", "echo",
        "save", "snapshot", "play", "pause",
        "push", "scroll", "view", "quit",
    ]
    static let setNouns = [
        "plot", "reflines", "labels", "range", "zero", "title", "legend", "size", "color", "canvas",
        "theme",
        "data", "spacing", "direction", "padding", "xscale", "yscale", "xlabel", "ylabel",
        "timezone", "redraw", "memory",
    ]

    /// Option keys each plot kind takes (from the one table, `PlotOption.all`).
    public static let plotOptions: [Plot.Kind: [String]] = Dictionary(
        uniqueKeysWithValues: Plot.Kind.allCases.map { ($0, PlotOption.names(for: $0)) })
    public static let reflinesOptions = [
        "labels", "units", "decimals", "format", "minmax", "intermediate", "color", "style",
    ]
    public static let markedLineOptions = ["color", "style", "fit", "axis"]
    public static let loadOptions = ["sep", "header", "labels", "x", "time"]

    public static func parse(_ command: CommandTokens) throws(Diagnostic) -> Command {
        var c = TokenCursor(command)
        let verbToken = try c.word("a command")
        let verb = verbToken.text.lowercased()
        switch verb {
        case "data": return try data(&c)
        case "load": return try load(&c)
        case "gen": return try gen(&c)
        case "reload":
            var names = [Located<String>]()
            while !c.atEnd { names.append(try c.name("a dataset name")) }
            return .reload(names: names)
        case "drop":
            let name = try c.name("a dataset name")
            var force = false
            if let token = c.peek {
                guard token.text.lowercased() == "force" else {
                    throw Diagnostic(.unexpected(token.text), at: token.range)
                }
                force = true
                _ = c.next()
            }
            try c.expectEnd()
            return .drop(name: name, force: force)
        case "describe":
            let name = try c.name("a dataset name")
            try c.expectEnd()
            return .describe(name: name)
        case "add":
            let (noun, _) = try c.keyword(
                .noun, ["plot", "refline"], expected: "'plot' or 'refline'", context: "add")
            return noun == "plot" ? try addPlot(&c) : try addRefline(&c)
        case "set":
            let (noun, _) = try c.keyword(.setting, setNouns, expected: "a setting")
            return try set(noun, &c)
        case "remove":
            let (noun, _) = try c.keyword(
                .noun, ["plot", "refline"], expected: "'plot' or 'refline'", context: "remove")
            let token = try c.value(noun == "plot" ? "a plot id" : "a reference line value or id")
            try c.expectEnd()
            let target = Located(token.text, at: token.range)
            return noun == "plot" ? .removePlot(id: target) : .removeRefline(target)
        case "select": return try select(&c)
        case "push":
            let name = try c.name("a dataset name")
            var values = [Double]()
            while let token = c.next() {
                for piece in token.text.split(separator: ",") {
                    if ["nan", "-", "?"].contains(piece.lowercased()) {
                        values.append(.nan); continue
                    }
                    guard token.kind == .word, let value = ValueParser.number(String(piece)) else {
                        throw Diagnostic(
                            .expected("a number", found: String(piece)), at: token.range)
                    }
                    values.append(value)
                }
            }
            guard !values.isEmpty else {
                throw Diagnostic(.expected("values to push", found: nil), at: c.end)
            }
            return .push(name: name, values: values)
        case "undo", "redo":
            var count = 1
            if let token = c.next() {
                count = try ValueParser.integer(token, "a number of steps", in: 1...100_000)
                try c.expectEnd()
            }
            return verb == "undo" ? .undo(count: count) : .redo(count: count)
        case "history":
            if let token = c.next() {
                guard token.text.lowercased() == "all" else {
                    throw Diagnostic(
                        .unknown(.value, token.text, context: "history", candidates: ["all"]),
                        at: token.range)
                }
                try c.expectEnd()
                return .history(all: true)
            }
            return .history(all: false)
        case "scroll": return try scroll(&c)
        case "view": return try view(&c)
        case "show":
            guard let token = c.peek else { return .show }
            guard token.text.lowercased() == "data" else {
                throw Diagnostic(
                    .unknown(.noun, token.text, context: "show", candidates: ["data"]),
                    at: token.range)
            }
            _ = c.next()
            let name = try c.name("a dataset name")
            var rows: ClosedRange<Int>?
            if let range = c.next() {
                let parts = range.text.components(separatedBy: "..")
                guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0,
                    b >= a
                else {
                    throw Diagnostic(
                        .invalidValue(
                            key: "rows", value: range.text, expected: "rows A..B with 0 <= A <= B"),
                        at: range.range)
                }
                rows = a...b
            }
            try c.expectEnd()
            return .showData(name: name, rows: rows)
        case "save":
            let (what, _) = try c.keyword(
                .noun, saveTargets, expected: "'svg', 'vegalite', 'html', 'script' or 'csv'",
                context: "save")
            if what == "html" {
                let path = try c.value("an HTML file path")
                try c.expectEnd()
                return .saveHTML(path: Located(path.text, at: path.range))
            }
            if what == "vegalite" {
                let path = try c.value("a Vega-Lite (.vl.json) file path")
                var urls = false
                for option in try c.options() {
                    guard option.name == "url" else {
                        throw unknownOption(option, ["url"], context: "save vegalite")
                    }
                    urls = try ValueParser.boolean(option.value, key: "url")
                }
                return .saveVegaLite(path: Located(path.text, at: path.range), urls: urls)
            }
            if what == "csv" {
                let path = try c.value("a CSV file path")
                let name = c.atEnd ? nil : try c.name("a dataset name")
                try c.expectEnd()
                return .saveCSV(path: Located(path.text, at: path.range), name: name)
            }
            if what == "script" {
                let path = try c.value("a script path")
                try c.expectEnd()
                return .saveScript(path: Located(path.text, at: path.range))
            }
            let path = try c.value("an SVG file path")
            var size: PixelSize?
            for option in try c.options() {
                guard option.name == "size" else {
                    throw unknownOption(option, ["size"], context: "save svg")
                }
                let (w, h) = try ValueParser.size(option.value, key: "size", limit: 20_000)
                size = PixelSize(width: w, height: h)
            }
            return .saveSVG(path: Located(path.text, at: path.range), size: size)
        case "snapshot":
            let (state, _) = try c.keyword(
                .value, ["on", "off"], expected: "on or off", context: "snapshot")
            var directory: Located<String>?
            if state == "on", let token = c.next() {
                directory = Located(token.text, at: token.range)
            }
            try c.expectEnd()
            return .snapshot(on: state == "on", directory: directory)
        case "source":
            let token = try c.value("a script path")
            try c.expectEnd()
            return .source(path: Located(token.text, at: token.range))
        case "play":
            let token = try c.value("a lesson (script) path")
            try c.expectEnd()
            return .play(path: Located(token.text, at: token.range))
        case "pause":
            try c.expectEnd()
            return .pause
        case "echo":
            var words = [String]()
            while let token = c.next() {
                guard token.kind != .equals else {
                    throw Diagnostic(.unexpected("="), at: token.range)
                }
                words.append(token.text)
            }
            return .echo(words.joined(separator: " "))
        case "help":
            var words = [Token]()
            while let token = c.next() { words.append(token) }
            guard let first = words.first, let last = words.last else { return .help(topic: nil) }
            return .help(
                topic: Located(
                    words.map(\.text).joined(separator: " ").lowercased(),
                    at: first.range.through(last.range)))
        default:
            let simple: [String: Command] = [
                "plots": .plots, "list": .list, "reset": .reset, "quit": .quit,
                "exit": .quit,
            ]
            guard let command = simple[verb] else {
                throw Diagnostic(
                    .unknown(.command, verbToken.text, candidates: verbs), at: verbToken.range)
            }
            try c.expectEnd()
            return command
        }
    }

    // MARK: Data

    static func data(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let name = try c.name("a dataset name")
        guard let equals = c.next(), equals.kind == .equals else {
            throw Diagnostic(
                .expected(
                    "'=' and values, as in 'data \(name.value) = 3 1 4'",
                    found: c.tokens.indices.contains(c.index - 1) ? c.tokens[c.index - 1].text : nil
                ),
                at: c.tokens.indices.contains(c.index - 1) ? c.tokens[c.index - 1].range : c.end)
        }
        var values = [Double]()
        var labels = [String]()
        var labelled: Bool?
        var pendingLabel: String?
        while let token = c.next() {
            if token.kind == .string {
                // `"New York":12` — a quoted label glued to its value.
                guard let next = c.peek, !next.spaceBefore, next.kind == .word,
                    next.text.hasPrefix(":")
                else {
                    throw Diagnostic(
                        .expected("a number or label:number", found: "\"" + token.text + "\""),
                        at: token.range)
                }
                pendingLabel = token.text
                continue
            }
            guard token.kind == .word else {
                throw Diagnostic(.expected("a number", found: token.text), at: token.range)
            }
            for piece in token.text.split(separator: ",", omittingEmptySubsequences: true) {
                var label: String?
                var number = String(piece)
                if let colon = piece.lastIndex(of: ":") {
                    label = (pendingLabel ?? "") + String(piece[..<colon])
                    number = String(piece[piece.index(after: colon)...])
                }
                pendingLabel = nil
                let value: Double
                if ["nan", "-", "?"].contains(number.lowercased()) {
                    value = .nan
                } else {
                    guard let parsed = ValueParser.number(number) else {
                        throw Diagnostic(
                            .expected("a number", found: String(piece)), at: token.range)
                    }
                    value = parsed
                }
                let isLabelled = label != nil
                if let labelled, labelled != isLabelled {
                    throw Diagnostic(.labelsMismatch, at: token.range)
                }
                labelled = isLabelled
                values.append(value)
                if let label { labels.append(label) }
            }
        }
        guard !values.isEmpty else {
            throw Diagnostic(.expected("values after '='", found: nil), at: c.end)
        }
        return .data(name: name, values: values, labels: labelled == true ? labels : nil)
    }

    static func load(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let path = try c.value("a file path, or sqlite:PATH or postgres://… and a query")
        // `sqlite:PATH "SELECT …"`, `postgres://… "SELECT …"`: a query against a database.
        let target = DatabaseQuery.Engine.parse(location: path.text)
        let engine = target?.0
        var query: Token?
        if let engine {
            guard let token = c.next(), token.kind == .string else {
                throw Diagnostic(
                    .expected(
                        "a query in quotes after \(engine == .sqlite ? "sqlite:PATH" : "the connection URL")",
                        found: c.peek?.text),
                    at: c.end)
            }
            query = token
        }
        var name: Located<String>?
        var given = [TypedOption]()
        // `as NAME` before, between or after the options.
        while !c.atEnd {
            if let token = c.peek, token.kind == .word, token.text.lowercased() == "as",
                !c.atOption, name == nil
            {
                _ = c.next()
                name = try c.name("a dataset name after 'as'")
                continue
            }
            guard c.atOption else { break }
            given.append(try c.option())
        }
        try c.expectEnd()
        var options = LoadOptions()
        var columns = [Located<String>]()
        for option in given {
            switch option.name {
            case "sep":
                let separators: [String: UInt8] = [
                    ",": 44, "comma": 44, ";": 59, "semicolon": 59, "tab": 9, "\t": 9,
                    "|": 124, "pipe": 124, "space": 32, " ": 32,
                ]
                let text = option.value.text.lowercased()
                if text == "auto" {
                    options.separator = .auto
                } else if let byte = separators[text] {
                    options.separator = .character(byte)
                } else {
                    throw Diagnostic(
                        .unknown(
                            .value, option.value.text, context: "sep",
                            candidates: ["auto", ",", "\";\"", "tab", "|"]), at: option.value.range)
                }
            case "header":
                options.header = try ValueParser.choice(
                    option.value, key: "header", as: LoadOptions.Header.self)
            case "labels":
                options.labelColumn = option.value.text
                columns.append(Located("labels", at: option.value.range))
            case "x":
                options.xColumn = option.value.text
                columns.append(Located("x", at: option.value.range))
            case "time":
                options.epoch = try ValueParser.choice(
                    option.value, key: "time", as: LoadOptions.EpochUnit.self)
            case "mode" where engine == .postgres:
                options.mode = try ValueParser.choice(
                    option.value, key: "mode", as: LoadOptions.QueryMode.self)
            case "timeout" where engine == .postgres:
                options.timeout = try ValueParser.timeout(option.value)
            default: throw unknownOption(option, loadOptions, context: "load")
            }
            if query != nil, ["sep", "header"].contains(option.name) {
                throw unknownOption(
                    option,
                    ["labels", "x", "time"] + (engine == .postgres ? ["mode", "timeout"] : []),
                    context: "load of a query")
            }
        }
        if options.epoch != nil && options.xColumn == nil {
            throw Diagnostic(
                .expected("x=COLUMN with time= (the column that holds epoch times)", found: nil),
                at: c.end)
        }
        if let engine, let query, let location = target?.1 {
            return .loadQuery(
                engine: engine, location: Located(location, at: path.range),
                query: Located(query.text, at: query.range), name: name, options: options,
                columns: columns)
        }
        return .load(
            path: Located(path.text, at: path.range), name: name, options: options,
            columns: columns)
    }

    static func gen(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let name = try c.name("a dataset name")
        let (kindText, _) = try c.keyword(
            .generator, Generator.Kind.allCases.map(\.rawValue),
            expected: "a generator (sine, walk, linear, noise)")
        let countToken = try c.word("a number of points")
        let count = try ValueParser.integer(countToken, "a number of points", in: 1...100_000_000)
        var generator = Generator(kind: Generator.Kind(rawValue: kindText) ?? .walk, count: count)
        for option in try c.options() {
            switch option.name {
            case "seed":
                generator.seed = UInt64(
                    try ValueParser.integer(option.value, "a seed", in: 0...Int.max))
            case "period":
                generator.period = try ValueParser.positive(
                    option.value, key: "period", what: "a period in points", limit: 1e9)
            default: throw unknownOption(option, ["seed", "period"], context: "gen")
            }
        }
        return .gen(name: name, generator: generator)
    }

    /// What `save` writes (completed from here too).
    static let saveTargets = ["svg", "vegalite", "html", "script", "csv"]

    static func unknownOption(_ option: TypedOption, _ candidates: [String], context: String)
        -> Diagnostic
    {
        Diagnostic(
            .unknown(.option, option.key.text, context: context, candidates: candidates),
            at: option.key.range)
    }
}
