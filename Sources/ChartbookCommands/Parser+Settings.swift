import ChartbookModel

extension Parser {
    // MARK: Settings

    static func set(_ noun: String, _ c: inout TokenCursor) throws(Diagnostic) -> Command {
        switch noun {
        case "plot": return try setPlot(&c)
        case "xscale", "yscale", "xlabel", "ylabel", "timezone": return try setAxis(noun, &c)
        case "reflines": return try setReflines(&c)
        case "memory":
            let token = try c.word("a size like 2GiB or 512MiB, or auto")
            try c.expectEnd()
            if token.text.lowercased() == "auto" { return .setMemory(nil) }
            guard let bytes = ResourceLimits.bytes(parsing: token.text), bytes >= 1 << 20 else {
                throw Diagnostic(
                    .invalidValue(
                        key: "memory", value: token.text,
                        expected: "a size of at least 1MiB like 2GiB, 512MiB or 4GB, or auto"),
                    at: token.range)
            }
            return .setMemory(bytes)
        case "labels":
            var source: Located<SeriesName>?
            if c.peek != nil, !c.atOption { source = try c.series("a series, 'auto' or 'index'") }
            var sparsity: Int?
            for option in try c.options() {
                guard option.name == "sparsity" else {
                    throw unknownOption(option, ["sparsity"], context: "set labels")
                }
                sparsity = try ValueParser.integer(option.value, "a sparsity", in: 1...1_000_000)
            }
            if source == nil && sparsity == nil {
                throw Diagnostic(
                    .expected("a series, 'auto', 'index' or sparsity=N", found: nil), at: c.end)
            }
            return .setLabels(source: source, sparsity: sparsity)
        case "range":
            let token = try c.word("auto, adapt or a range like 0..100")
            try c.expectEnd()
            if token.text.lowercased() == "auto" { return .setRange(.auto) }
            if token.text.lowercased() == "adapt" { return .setRange(.adapt) }
            if ["log", "linear"].contains(token.text.lowercased()) {
                throw Diagnostic(
                    .invalidValue(
                        key: "range", value: token.text,
                        expected:
                            "auto, adapt or MIN..MAX (a \(token.text.lowercased()) scale is 'set yscale \(token.text.lowercased())')"
                    ), at: token.range)
            }
            guard token.text.contains("..") else {
                throw Diagnostic(
                    .unknown(.value, token.text, context: "range", candidates: ["auto", "adapt"]),
                    at: token.range)
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
                guard option.name == "window" else {
                    throw unknownOption(option, ["window"], context: "set data")
                }
                window =
                    option.value.text.lowercased() == "off"
                    ? .some(nil)
                    : .some(
                        try ValueParser.integer(
                            option.value, "a window of points", in: 1...100_000_000))
            }
            guard let window else { throw Diagnostic(.missingOptions("set data"), at: c.end) }
            return .setDataWindow(name: name, window: window)
        case "spacing":
            let token = try c.word("a number of cells, or auto")
            try c.expectEnd()
            if token.text.lowercased() == "auto" { return .setSpacing(.auto) }
            return .setSpacing(
                .cells(
                    try ValueParser.positive(
                        token, key: "spacing", what: "a number of cells, or auto",
                        minimum: 0.01, limit: 1000)))
        case "direction":
            let token = try c.word("ltr or rtl")
            try c.expectEnd()
            return .setDirection(
                try ValueParser.choice(token, key: "direction", as: View.Direction.self))
        case "padding":
            var left: Double?, right: Double?
            let options = try c.options()
            guard !options.isEmpty else {
                throw Diagnostic(.missingOptions("set padding"), at: c.end)
            }
            for option in options {
                let value = try ValueParser.number(option.value, "cells")
                guard value >= 0, value <= 500 else {
                    throw Diagnostic(
                        .invalidValue(
                            key: option.name, value: option.value.text, expected: "cells, 0 or more"
                        ), at: option.value.range)
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
        case "redraw":
            let token = try c.word("inplace or scroll")
            try c.expectEnd()
            return .setRedraw(try ValueParser.choice(token, key: "redraw", as: Redraw.self))
        default:  // canvas
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
            case "auto":
                change.positions = .auto
                change.visible = true
                _ = c.next()
            case "relative", "absolute":
                _ = c.next()
                var values = [Double]()
                while let next = c.peek, !c.atOption {
                    let value = try ValueParser.number(next, "a number")
                    if lower == "relative" && !(0...1).contains(value) {
                        throw Diagnostic(
                            .invalidValue(
                                key: "relative position", value: next.text,
                                expected: "a fraction from 0 to 1"), at: next.range)
                    }
                    values.append(value)
                    _ = c.next()
                }
                guard !values.isEmpty else {
                    throw Diagnostic(
                        .expected("positions after '\(lower)'", found: nil),
                        at: c.peek?.range ?? c.end)
                }
                change.positions = lower == "relative" ? .relative(values) : .absolute(values)
                change.visible = true
            default:
                throw Diagnostic(
                    .unknown(
                        .value, token.text, context: "set reflines",
                        candidates: ["auto", "relative", "absolute", "on", "off"]),
                    at: token.range)
            }
        }
        let options = try c.options()
        if change.positions == nil && change.visible == nil && options.isEmpty {
            throw Diagnostic(
                .expected("auto, relative, absolute, on, off or key=value options", found: nil),
                at: c.end
            )
        }
        for option in options {
            let value = option.value
            switch option.name {
            case "labels":
                change.labels = try ValueParser.choice(
                    value, key: "labels", as: ReferenceLines.LabelSide.self)
            case "units": change.units = value.text
            case "decimals":
                change.decimals =
                    value.text.lowercased() == "auto"
                    ? .some(nil) : .some(try ValueParser.integer(value, "decimals", in: 0...10))
            case "format":
                change.format = try ValueParser.choice(
                    value, key: "format", as: ReferenceLines.Format.self)
            case "minmax": change.showMinMax = try ValueParser.boolean(value, key: "minmax")
            case "intermediate":
                change.showIntermediate = try ValueParser.boolean(value, key: "intermediate")
            case "color": change.color = try ValueParser.color(value, key: "color")
            case "style":
                change.style = try ValueParser.choice(value, key: "style", as: RuleStyle.self)
            default: throw unknownOption(option, reflinesOptions, context: "reflines")
            }
        }
        return .setReflines(change)
    }

}
