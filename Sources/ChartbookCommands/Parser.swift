import Foundation
import ChartbookModel

/// Tokens → `Command`. Checks everything that does not need the session: verbs, nouns,
/// option names and value types. Looking names up in the session is the executor's job.
public enum Parser {
    public static let verbs = ["data", "load", "gen", "reload", "drop", "describe", "add", "set", "remove", "plots",
                               "select", "show", "list", "undo", "redo", "history", "reset", "help", "source", "echo", "save", "snapshot",
                               "push", "scroll", "view", "quit"]
    static let setNouns = ["plot", "reflines", "labels", "range", "zero", "title", "legend", "size", "color", "canvas", "theme",
                           "data", "spacing", "direction", "padding"]

    /// Option keys each plot kind takes.
    public static let plotOptions: [Plot.Kind: [String]] = [
        .line: ["color", "width", "style", "fill", "fillcolor", "gradient", "gradienttype"],
        .area: ["color", "width", "style", "fill", "fillcolor", "gradient", "gradienttype"],
        .dot: ["color", "marker", "size"],
        .bar: ["color", "width", "outline", "outlinewidth", "rounded"],
        .sparkline: ["color", "kind", "range", "zero", "height"],
    ]
    public static let reflinesOptions = ["labels", "units", "decimals", "format", "minmax", "intermediate", "color", "style"]
    public static let markedLineOptions = ["color", "style", "fit"]
    public static let loadOptions = ["sep", "header", "labels"]

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
                guard token.text.lowercased() == "force" else { throw Diagnostic(.unexpected(token.text), at: token.range) }
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
            let (noun, _) = try c.keyword(.noun, ["plot", "refline"], expected: "'plot' or 'refline'", context: "add")
            return noun == "plot" ? try addPlot(&c) : try addRefline(&c)
        case "set":
            let (noun, _) = try c.keyword(.setting, setNouns, expected: "a setting")
            return try set(noun, &c)
        case "remove":
            let (noun, _) = try c.keyword(.noun, ["plot", "refline"], expected: "'plot' or 'refline'", context: "remove")
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
                    if ["nan", "-", "?"].contains(piece.lowercased()) { values.append(.nan); continue }
                    guard token.kind == .word, let value = ValueParser.number(String(piece)) else {
                        throw Diagnostic(.expected("a number", found: String(piece)), at: token.range)
                    }
                    values.append(value)
                }
            }
            guard !values.isEmpty else { throw Diagnostic(.expected("values to push", found: nil), at: c.end) }
            return .push(name: name, values: values)
        case "scroll":
            guard let token = c.next() else { return .scroll(.page) }
            try c.expectEnd()
            switch token.text.lowercased() {
            case "start": return .scroll(.start)
            case "end": return .scroll(.end)
            default:
                guard let n = Int(token.text.replacingOccurrences(of: "_", with: "")), token.kind == .word else {
                    throw Diagnostic(.expected("+N, -N, start or end", found: token.text), at: token.range)
                }
                return .scroll(.points(n))
            }
        case "view":
            let token = try c.word("a range of points like 120..180")
            try c.expectEnd()
            let parts = token.text.components(separatedBy: "..")
            guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, b > a else {
                throw Diagnostic(.invalidValue(key: "view", value: token.text, expected: "points A..B with 0 <= A < B"), at: token.range)
            }
            return .viewRange(first: a, last: b, range: token.range)
        case "save":
            let (what, _) = try c.keyword(.noun, ["svg"], expected: "'svg'", context: "save")
            _ = what
            let path = try c.value("an SVG file path")
            var size: PixelSize?
            for option in try c.options() {
                guard option.name == "size" else { throw unknownOption(option, ["size"], context: "save svg") }
                let (w, h) = try ValueParser.size(option.value, key: "size", limit: 20_000)
                size = PixelSize(width: w, height: h)
            }
            return .saveSVG(path: Located(path.text, at: path.range), size: size)
        case "snapshot":
            let (state, _) = try c.keyword(.value, ["on", "off"], expected: "on or off", context: "snapshot")
            var directory: Located<String>?
            if state == "on", let token = c.next() { directory = Located(token.text, at: token.range) }
            try c.expectEnd()
            return .snapshot(on: state == "on", directory: directory)
        case "source":
            let token = try c.value("a script path")
            try c.expectEnd()
            return .source(path: Located(token.text, at: token.range))
        case "echo":
            var words = [String]()
            while let token = c.next() {
                guard token.kind != .equals else { throw Diagnostic(.unexpected("="), at: token.range) }
                words.append(token.text)
            }
            return .echo(words.joined(separator: " "))
        case "help":
            var words = [Token]()
            while let token = c.next() { words.append(token) }
            guard let first = words.first, let last = words.last else { return .help(topic: nil) }
            return .help(topic: Located(words.map(\.text).joined(separator: " ").lowercased(), at: first.range.through(last.range)))
        default:
            let simple: [String: Command] = ["plots": .plots, "show": .show, "list": .list, "undo": .undo, "redo": .redo,
                                             "history": .history, "reset": .reset, "quit": .quit, "exit": .quit]
            guard let command = simple[verb] else {
                throw Diagnostic(.unknown(.command, verbToken.text, candidates: verbs), at: verbToken.range)
            }
            try c.expectEnd()
            return command
        }
    }

    // MARK: Data

    static func data(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let name = try c.name("a dataset name")
        guard let equals = c.next(), equals.kind == .equals else {
            throw Diagnostic(.expected("'=' and values, as in 'data \(name.value) = 3 1 4'", found: c.tokens.indices.contains(c.index - 1) ? c.tokens[c.index - 1].text : nil),
                             at: c.tokens.indices.contains(c.index - 1) ? c.tokens[c.index - 1].range : c.end)
        }
        var values = [Double]()
        var labels = [String]()
        var labelled: Bool?
        var pendingLabel: String?
        while let token = c.next() {
            if token.kind == .string {
                // `"New York":12` — a quoted label glued to its value.
                guard let next = c.peek, !next.spaceBefore, next.kind == .word, next.text.hasPrefix(":") else {
                    throw Diagnostic(.expected("a number or label:number", found: "\"" + token.text + "\""), at: token.range)
                }
                pendingLabel = token.text
                continue
            }
            guard token.kind == .word else { throw Diagnostic(.expected("a number", found: token.text), at: token.range) }
            for piece in token.text.split(separator: ",", omittingEmptySubsequences: true) {
                var label: String?
                var number = String(piece)
                if let colon = piece.lastIndex(of: ":") {
                    label = (pendingLabel ?? "") + String(piece[..<colon])
                    number = String(piece[piece.index(after: colon)...])
                }
                pendingLabel = nil
                let value: Double
                if ["nan", "-", "?"].contains(number.lowercased()) { value = .nan } else {
                    guard let parsed = ValueParser.number(number) else {
                        throw Diagnostic(.expected("a number", found: String(piece)), at: token.range)
                    }
                    value = parsed
                }
                let isLabelled = label != nil
                if let labelled, labelled != isLabelled { throw Diagnostic(.labelsMismatch, at: token.range) }
                labelled = isLabelled
                values.append(value)
                if let label { labels.append(label) }
            }
        }
        guard !values.isEmpty else { throw Diagnostic(.expected("values after '='", found: nil), at: c.end) }
        return .data(name: name, values: values, labels: labelled == true ? labels : nil)
    }

    static func load(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let path = try c.value("a file path")
        var name: Located<String>?
        if let token = c.peek, token.kind == .word, token.text.lowercased() == "as", !c.atOption {
            _ = c.next()
            name = try c.name("a dataset name after 'as'")
        }
        var options = LoadOptions()
        for option in try c.options() {
            switch option.name {
            case "sep":
                let separators: [String: UInt8] = [",": 44, "comma": 44, ";": 59, "semicolon": 59, "tab": 9, "\t": 9,
                                                   "|": 124, "pipe": 124, "space": 32, " ": 32]
                let text = option.value.text.lowercased()
                if text == "auto" { options.separator = .auto } else if let byte = separators[text] {
                    options.separator = .character(byte)
                } else {
                    throw Diagnostic(.unknown(.value, option.value.text, context: "sep", candidates: ["auto", ",", "\";\"", "tab", "|"]), at: option.value.range)
                }
            case "header": options.header = try ValueParser.choice(option.value, key: "header", as: LoadOptions.Header.self)
            case "labels": options.labelColumn = option.value.text
            default: throw unknownOption(option, loadOptions, context: "load")
            }
        }
        return .load(path: Located(path.text, at: path.range), name: name, options: options)
    }

    static func gen(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let name = try c.name("a dataset name")
        let (kindText, _) = try c.keyword(.generator, Generator.Kind.allCases.map(\.rawValue), expected: "a generator (sine, walk, linear, noise)")
        let countToken = try c.word("a number of points")
        let count = try ValueParser.integer(countToken, "a number of points", in: 1...100_000_000)
        var generator = Generator(kind: Generator.Kind(rawValue: kindText) ?? .walk, count: count)
        for option in try c.options() {
            switch option.name {
            case "seed": generator.seed = UInt64(try ValueParser.integer(option.value, "a seed", in: 0...Int.max))
            case "period":
                let period = try ValueParser.number(option.value, "a period in points")
                guard period > 0 else { throw Diagnostic(.invalidValue(key: "period", value: option.value.text, expected: "a positive number"), at: option.value.range) }
                generator.period = period
            default: throw unknownOption(option, ["seed", "period"], context: "gen")
            }
        }
        return .gen(name: name, generator: generator)
    }

    // MARK: Plots

    static func addPlot(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let (kindText, _) = try c.keyword(.plotKind, Plot.Kind.allCases.map(\.rawValue), expected: "a plot kind (line, dot, bar, area)")
        let kind = Plot.Kind(rawValue: kindText) ?? .line
        let seriesToken = try c.word("a series (dataset.column)")
        var id: Located<String>?
        if let token = c.peek, token.text.lowercased() == "as", !c.atOption {
            _ = c.next()
            id = try c.name("a plot id after 'as'")
        }
        let (style, keys) = try plotStyle(&c, kind: kind)
        for key in keys where !(plotOptions[kind] ?? []).contains(key.value) {
            throw Diagnostic(.unknown(.option, key.value, context: "\(kind.rawValue) plots", candidates: plotOptions[kind] ?? []), at: key.range)
        }
        return .addPlot(kind: kind, series: Located(seriesToken.text, at: seriesToken.range), id: id, style: style, keys: keys)
    }

    /// Every plot option any kind takes; which apply is checked against the kind by the caller.
    /// With `kind` (add plot), unknown keys are reported against that kind's options.
    static func plotStyle(_ c: inout TokenCursor, kind: Plot.Kind? = nil) throws(Diagnostic) -> (PlotStyle, [Located<String>]) {
        var style = PlotStyle()
        var keys = [Located<String>]()
        let all = kind.flatMap { plotOptions[$0] } ?? ["color", "width", "style", "marker", "size", "outline", "fill",
                                                        "fillcolor", "gradient", "gradienttype", "rounded", "outlinewidth", "kind", "range", "zero", "height"]
        let context = kind.map { "\($0.rawValue) plots" } ?? "plots"
        for option in try c.options() {
            switch option.name {
            case "color": style.color = try ValueParser.color(option.value, key: "color")
            case "outline": style.outline = try ValueParser.color(option.value, key: "outline")
            case "width":
                let width = try ValueParser.number(option.value, "a width")
                guard width > 0, width <= 100 else {
                    throw Diagnostic(.invalidValue(key: "width", value: option.value.text, expected: "a number above 0"), at: option.value.range)
                }
                style.width = width
            case "size":
                let size = try ValueParser.number(option.value, "a marker size")
                guard size > 0, size <= 100 else {
                    throw Diagnostic(.invalidValue(key: "size", value: option.value.text, expected: "a number above 0"), at: option.value.range)
                }
                style.size = size
            case "style": style.lineStyle = try ValueParser.choice(option.value, key: "style", as: PlotStyle.LineStyle.self)
            case "fill": style.fill = try ValueParser.choice(option.value, key: "fill", as: PlotStyle.Fill.self)
            case "fillcolor": style.fillColor = try ValueParser.color(option.value, key: "fillcolor")
            case "gradienttype": style.gradientType = try ValueParser.choice(option.value, key: "gradienttype", as: PlotStyle.GradientType.self)
            case "rounded": style.rounded = try ValueParser.boolean(option.value, key: "rounded")
            case "kind": style.sparkKind = try ValueParser.choice(option.value, key: "kind", as: PlotStyle.SparkKind.self)
            case "range":
                let (lower, upper) = try ValueParser.range(option.value, key: "range")
                guard let lower, let upper else {
                    throw Diagnostic(.invalidValue(key: "range", value: option.value.text, expected: "both ends, like 0..100"), at: option.value.range)
                }
                style.sparkRange = lower...upper
            case "zero": style.sparkZero = try ValueParser.boolean(option.value, key: "zero")
            case "height": style.sparkHeight = try ValueParser.integer(option.value, "a height in rows", in: 1...20)
            case "outlinewidth":
                let width = try ValueParser.number(option.value, "an outline width")
                guard width > 0, width <= 100 else {
                    throw Diagnostic(.invalidValue(key: "outlinewidth", value: option.value.text, expected: "a number above 0"), at: option.value.range)
                }
                style.outlineWidth = width
            case "gradient":
                let parts = option.value.text.components(separatedBy: "..")
                guard parts.count == 2, let start = Color(parsing: parts[0]), let end = Color(parsing: parts[1]) else {
                    throw Diagnostic(.invalidValue(key: "gradient", value: option.value.text, expected: "two colours like #16aafc..white@0"), at: option.value.range)
                }
                style.gradient = PlotStyle.GradientColors(start: start, end: end)
            case "marker":
                if option.value.kind == .string {
                    guard option.value.text.count == 1, let glyph = option.value.text.first else {
                        throw Diagnostic(.invalidValue(key: "marker", value: option.value.text, expected: "one character"), at: option.value.range)
                    }
                    style.marker = .glyph(glyph)
                } else {
                    let markers: [String: PlotStyle.Marker] = ["circle": .circle, "square": .square, "diamond": .diamond, "cross": .cross]
                    guard let marker = markers[option.value.text.lowercased()] else {
                        throw Diagnostic(.unknown(.value, option.value.text, context: "marker", candidates: PlotStyle.Marker.names), at: option.value.range)
                    }
                    style.marker = marker
                }
            default: throw unknownOption(option, all, context: context)
            }
            keys.append(Located(option.name, at: option.key.range))
        }
        return (style, keys)
    }

    static func addRefline(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let first = try c.word("a value or a statistic (mean, median, min, max, p95)")
        var spec: MarkedLineSpec
        if let value = ValueParser.number(first.text) {
            spec = MarkedLineSpec(value: .constant(value))
        } else if let statistic = StatisticKind(rawValue: first.text.lowercased()) {
            let series = try c.word("a series for \(statistic.rawValue)")
            spec = MarkedLineSpec(value: .statistic(statistic, Located(series.text, at: series.range)))
        } else {
            throw Diagnostic(.unknown(.statistic, first.text, candidates: StatisticKind.allCases.map(\.rawValue)), at: first.range)
        }
        if let token = c.peek, token.kind == .string {
            spec.label = token.text
            _ = c.next()
        }
        for option in try c.options() {
            switch option.name {
            case "color": spec.color = try ValueParser.color(option.value, key: "color")
            case "style": spec.style = try ValueParser.choice(option.value, key: "style", as: RuleStyle.self)
            case "fit": spec.fit = try ValueParser.boolean(option.value, key: "fit")
            case "label": spec.label = option.value.text
            default: throw unknownOption(option, markedLineOptions + ["label"], context: "refline")
            }
        }
        return .addRefline(spec)
    }

    // MARK: Settings

    static func set(_ noun: String, _ c: inout TokenCursor) throws(Diagnostic) -> Command {
        switch noun {
        case "plot":
            let id = try c.name("a plot id")
            let (style, keys) = try plotStyle(&c)
            guard !keys.isEmpty else { throw Diagnostic(.missingOptions("set plot"), at: c.end) }
            return .setPlot(id: id, style: style, keys: keys)
        case "reflines": return try setReflines(&c)
        case "labels":
            var source: Located<String>?
            if let token = c.peek, !c.atOption {
                _ = c.next()
                source = Located(token.text, at: token.range)
            }
            var sparsity: Int?
            for option in try c.options() {
                guard option.name == "sparsity" else { throw unknownOption(option, ["sparsity"], context: "set labels") }
                sparsity = try ValueParser.integer(option.value, "a sparsity", in: 1...1_000_000)
            }
            if source == nil && sparsity == nil { throw Diagnostic(.expected("a series, 'auto', 'index' or sparsity=N", found: nil), at: c.end) }
            return .setLabels(source: source, sparsity: sparsity)
        case "range":
            let token = try c.word("auto, adapt or a range like 0..100")
            try c.expectEnd()
            if token.text.lowercased() == "auto" { return .setRange(.auto) }
            if token.text.lowercased() == "adapt" { return .setRange(.adapt) }
            guard token.text.contains("..") else {
                throw Diagnostic(.unknown(.value, token.text, context: "range", candidates: ["auto", "adapt"]), at: token.range)
            }
            let (lower, upper) = try ValueParser.range(token, key: "range")
            return .setRange(.fixed(lower: lower, upper: upper))
        case "zero":
            let token = try c.word("on or off")
            try c.expectEnd()
            return .setZero(try ValueParser.boolean(token, key: "zero"))
        case "title":
            let token = try c.value("a title in quotes, or off")
            try c.expectEnd()
            if token.kind == .word && token.text.lowercased() == "off" { return .setTitle(nil) }
            return .setTitle(token.text.isEmpty ? nil : token.text)
        case "legend":
            let token = try c.word("on, off or auto")
            try c.expectEnd()
            if token.text.lowercased() == "auto" { return .setLegend(nil) }
            return .setLegend(try ValueParser.boolean(token, key: "legend"))
        case "size":
            let token = try c.word("a size like 100x30, or auto")
            try c.expectEnd()
            if token.text.lowercased() == "auto" { return .setSize(.auto) }
            let (w, h) = try ValueParser.size(token, key: "size")
            return .setSize(.fixed(columns: w, rows: h))
        case "color":
            let token = try c.word("auto, off, 16, 256 or truecolor")
            try c.expectEnd()
            return .setColor(try ValueParser.choice(token, key: "color", as: ColorSetting.self))
        case "data":
            let name = try c.name("a dataset name")
            var window: Int??
            for option in try c.options() {
                guard option.name == "window" else { throw unknownOption(option, ["window"], context: "set data") }
                window = option.value.text.lowercased() == "off" ? .some(nil)
                    : .some(try ValueParser.integer(option.value, "a window of points", in: 1...100_000_000))
            }
            guard let window else { throw Diagnostic(.missingOptions("set data"), at: c.end) }
            return .setDataWindow(name: name, window: window)
        case "spacing":
            let token = try c.word("a number of cells, or auto")
            try c.expectEnd()
            if token.text.lowercased() == "auto" { return .setSpacing(.auto) }
            let value = try ValueParser.number(token, "a number of cells, or auto")
            guard value > 0, value <= 1000 else {
                throw Diagnostic(.invalidValue(key: "spacing", value: token.text, expected: "cells above 0"), at: token.range)
            }
            return .setSpacing(.cells(value))
        case "direction":
            let token = try c.word("ltr or rtl")
            try c.expectEnd()
            return .setDirection(try ValueParser.choice(token, key: "direction", as: View.Direction.self))
        case "padding":
            var left: Double?, right: Double?
            let options = try c.options()
            guard !options.isEmpty else { throw Diagnostic(.missingOptions("set padding"), at: c.end) }
            for option in options {
                let value = try ValueParser.number(option.value, "cells")
                guard value >= 0, value <= 500 else {
                    throw Diagnostic(.invalidValue(key: option.name, value: option.value.text, expected: "cells, 0 or more"), at: option.value.range)
                }
                switch option.name {
                case "left": left = value
                case "right": right = value
                default: throw unknownOption(option, ["left", "right"], context: "set padding")
                }
            }
            return .setPadding(left: left, right: right)
        case "theme":
            let token = try c.word("dark or light")
            try c.expectEnd()
            return .setTheme(try ValueParser.choice(token, key: "theme", as: Theme.self))
        default: // canvas
            let token = try c.word("braille, block or ascii")
            try c.expectEnd()
            return .setCanvas(try ValueParser.choice(token, key: "canvas", as: Canvas.self))
        }
    }

    static func setReflines(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        var change = ReflinesChange()
        if let token = c.peek, !c.atOption {
            let lower = token.text.lowercased()
            switch lower {
            case "on", "off":
                change.visible = lower == "on"
                _ = c.next()
            case "relative", "absolute":
                _ = c.next()
                var values = [Double]()
                while let next = c.peek, !c.atOption {
                    let value = try ValueParser.number(next, "a number")
                    if lower == "relative" && !(0...1).contains(value) {
                        throw Diagnostic(.invalidValue(key: "relative position", value: next.text, expected: "a fraction from 0 to 1"), at: next.range)
                    }
                    values.append(value)
                    _ = c.next()
                }
                guard !values.isEmpty else { throw Diagnostic(.expected("positions after '\(lower)'", found: nil), at: c.peek?.range ?? c.end) }
                change.positions = lower == "relative" ? .relative(values) : .absolute(values)
                change.visible = true
            default:
                throw Diagnostic(.unknown(.value, token.text, context: "set reflines", candidates: ["relative", "absolute", "on", "off"]), at: token.range)
            }
        }
        let options = try c.options()
        if change.positions == nil && change.visible == nil && options.isEmpty {
            throw Diagnostic(.expected("relative, absolute, on, off or key=value options", found: nil), at: c.end)
        }
        for option in options {
            let value = option.value
            switch option.name {
            case "labels": change.labels = try ValueParser.choice(value, key: "labels", as: ReferenceLines.LabelSide.self)
            case "units": change.units = value.text
            case "decimals":
                change.decimals = value.text.lowercased() == "auto" ? .some(nil) : .some(try ValueParser.integer(value, "decimals", in: 0...10))
            case "format": change.format = try ValueParser.choice(value, key: "format", as: ReferenceLines.Format.self)
            case "minmax": change.showMinMax = try ValueParser.boolean(value, key: "minmax")
            case "intermediate": change.showIntermediate = try ValueParser.boolean(value, key: "intermediate")
            case "color": change.color = try ValueParser.color(value, key: "color")
            case "style": change.style = try ValueParser.choice(value, key: "style", as: RuleStyle.self)
            default: throw unknownOption(option, reflinesOptions, context: "reflines")
            }
        }
        return .setReflines(change)
    }

    static func select(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let token = try c.word("a point index, last or none")
        try c.expectEnd()
        switch token.text.lowercased() {
        case "last": return .select(.last, range: token.range)
        case "none": return .select(nil, range: token.range)
        default:
            guard let index = Int(token.text.replacingOccurrences(of: "_", with: "")), index >= 0 else {
                throw Diagnostic(.expected("a point index (0, 1, ...), last or none", found: token.text), at: token.range)
            }
            return .select(.index(index), range: token.range)
        }
    }

    static func unknownOption(_ option: Option, _ candidates: [String], context: String) -> Diagnostic {
        Diagnostic(.unknown(.option, option.key.text, context: context, candidates: candidates), at: option.key.range)
    }
}
