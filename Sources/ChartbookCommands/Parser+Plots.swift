import ChartbookModel

extension Parser {
    // MARK: Plots

    static func addPlot(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let (kindText, _) = try c.keyword(
            .plotKind, Plot.Kind.allCases.map(\.rawValue),
            expected: "a plot kind (line, dot, bar, area)")
        let kind = Plot.Kind(rawValue: kindText) ?? .line
        let series = try c.series("a series (dataset.column)")
        var id: Located<String>?
        if let token = c.peek, token.text.lowercased() == "as", !c.atOption {
            _ = c.next()
            id = try c.name("a plot id after 'as'")
        }
        let (style, binding, keys) = try plotStyle(&c, kind: kind)
        for key in keys where !(plotOptions[kind] ?? []).contains(key.value) {
            throw Diagnostic(
                .unknown(
                    .option, key.value, context: "\(kind.rawValue) plots",
                    candidates: plotOptions[kind] ?? []), at: key.range)
        }
        return .addPlot(
            kind: kind, series: series, id: id, style: style, binding: binding, keys: keys)
    }

    /// Every plot option any kind takes; which apply is checked against the kind by the caller.
    /// With `kind` (add plot), unknown keys are reported against that kind's options.
    static func plotStyle(_ c: inout TokenCursor, kind: Plot.Kind? = nil) throws(Diagnostic) -> (
        PlotStyle, PlotBindingSpec, [Located<String>]
    ) {
        var style = PlotStyle()
        var binding = PlotBindingSpec()
        var keys = [Located<String>]()
        let all =
            kind.flatMap { plotOptions[$0] } ?? [
                "color", "width", "style", "marker", "size", "outline", "fill",
                "fillcolor", "gradient", "gradienttype", "rounded", "outlinewidth", "kind", "range",
                "zero", "height", "order",
            ] + bindingOptions
        let context = kind.map { "\($0.rawValue) plots" } ?? "plots"
        for option in try c.options() {
            switch option.name {
            case "x": binding.x = Located(option.value.text, at: option.value.range)
            case "by": binding.by = Located(option.value.text, at: option.value.range)
            case "where": binding.filter = try rowFilter(option.value)
            case "axis":
                binding.axis = try ValueParser.choice(
                    option.value, key: "axis", as: PlotBinding.Axis.self)
            case "order":
                binding.order = try ValueParser.choice(
                    option.value, key: "order", as: PlotBinding.Order.self)
            case "color": style.color = try ValueParser.color(option.value, key: "color")
            case "outline": style.outline = try ValueParser.color(option.value, key: "outline")
            case "width":
                style.width = try ValueParser.positive(option.value, key: "width", what: "a width")
            case "size":
                style.size = try ValueParser.positive(
                    option.value, key: "size", what: "a marker size")
            case "style":
                style.lineStyle = try ValueParser.choice(
                    option.value, key: "style", as: PlotStyle.LineStyle.self)
            case "fill":
                style.fill = try ValueParser.choice(
                    option.value, key: "fill", as: PlotStyle.Fill.self)
            case "fillcolor":
                style.fillColor = try ValueParser.color(option.value, key: "fillcolor")
            case "gradienttype":
                style.gradientType = try ValueParser.choice(
                    option.value, key: "gradienttype", as: PlotStyle.GradientType.self)
            case "rounded": style.rounded = try ValueParser.boolean(option.value, key: "rounded")
            case "kind":
                style.sparkKind = try ValueParser.choice(
                    option.value, key: "kind", as: PlotStyle.SparkKind.self)
            case "range":
                let (lower, upper) = try ValueParser.range(option.value, key: "range")
                guard let lower, let upper else {
                    throw Diagnostic(
                        .invalidValue(
                            key: "range", value: option.value.text,
                            expected: "both ends, like 0..100"), at: option.value.range)
                }
                style.sparkRange = lower...upper
            case "zero": style.sparkZero = try ValueParser.boolean(option.value, key: "zero")
            case "height":
                style.sparkHeight = try ValueParser.integer(
                    option.value, "a height in rows", in: 1...20)
            case "outlinewidth":
                style.outlineWidth = try ValueParser.positive(
                    option.value, key: "outlinewidth", what: "an outline width")
            case "gradient":
                let parts = option.value.text.components(separatedBy: "..")
                guard parts.count == 2, let start = Color(parsing: parts[0]),
                    let end = Color(parsing: parts[1])
                else {
                    throw Diagnostic(
                        .invalidValue(
                            key: "gradient", value: option.value.text,
                            expected: "two colours like #16aafc..white@0"), at: option.value.range)
                }
                style.gradient = PlotStyle.GradientColors(start: start, end: end)
            case "marker":
                if option.value.kind == .string {
                    guard option.value.text.count == 1, let glyph = option.value.text.first else {
                        throw Diagnostic(
                            .invalidValue(
                                key: "marker", value: option.value.text, expected: "one character"),
                            at: option.value.range)
                    }
                    style.marker = .glyph(glyph)
                } else {
                    let markers: [String: PlotStyle.Marker] = [
                        "circle": .circle, "square": .square, "diamond": .diamond, "cross": .cross,
                    ]
                    guard let marker = markers[option.value.text.lowercased()] else {
                        throw Diagnostic(
                            .unknown(
                                .value, option.value.text, context: "marker",
                                candidates: PlotStyle.Marker.names), at: option.value.range)
                    }
                    style.marker = marker
                }
            default: throw unknownOption(option, all, context: context)
            }
            keys.append(Located(option.name, at: option.key.range))
        }
        return (style, binding, keys)
    }

    static func addRefline(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let first = try c.word("a value or a statistic (mean, median, min, max, p95)")
        var spec: MarkedLineSpec
        if let value = ValueParser.number(first.text) {
            spec = MarkedLineSpec(value: .constant(value))
        } else if let statistic = StatisticKind(rawValue: first.text.lowercased()) {
            spec = MarkedLineSpec(
                value: .statistic(statistic, try c.series("a series for \(statistic.rawValue)")))
        } else {
            throw Diagnostic(
                .unknown(
                    .statistic, first.text, candidates: StatisticKind.allCases.map(\.rawValue)),
                at: first.range)
        }
        if let token = c.peek, token.kind == .string {
            spec.label = token.text
            _ = c.next()
        }
        for option in try c.options() {
            switch option.name {
            case "color": spec.color = try ValueParser.color(option.value, key: "color")
            case "style":
                spec.style = try ValueParser.choice(option.value, key: "style", as: RuleStyle.self)
            case "fit": spec.fit = try ValueParser.boolean(option.value, key: "fit")
            case "axis":
                spec.axis = try ValueParser.choice(
                    option.value, key: "axis", as: PlotBinding.Axis.self)
            case "label": spec.label = option.value.text
            default: throw unknownOption(option, markedLineOptions + ["label"], context: "refline")
            }
        }
        return .addRefline(spec)
    }

}
