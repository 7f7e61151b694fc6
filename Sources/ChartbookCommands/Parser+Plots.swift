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

    /// The options typed after a plot, read by the table (`PlotOption.all`). With `kind`
    /// (add plot), unknown keys are reported against that kind's options; without (set
    /// plot), against every option, and the executor checks them against the plot's kind.
    static func plotStyle(_ c: inout TokenCursor, kind: Plot.Kind? = nil) throws(Diagnostic) -> (
        PlotStyle, PlotBindingSpec, [Located<String>]
    ) {
        var settings = PlotSettings()
        var keys = [Located<String>]()
        let allowed = kind.map { PlotOption.names(for: $0) } ?? PlotOption.all.map(\.name)
        let context = kind.map { "\($0.rawValue) plots" } ?? "plots"
        for option in try c.options() {
            guard let entry = PlotOption.named(option.name) else {
                throw unknownOption(option, allowed, context: context)
            }
            try entry.read(option.value, &settings)
            keys.append(Located(option.name, at: option.key.range))
        }
        return (settings.style, settings.binding, keys)
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
