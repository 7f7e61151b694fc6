import ChartbookModel

extension Parser {
    // MARK: Plots

    static func addPlot(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let (kindText, _) = try c.keyword(
            .plotKind, Plot.Kind.allNames,
            expected: .plotKind)
        let kind = Plot.Kind.named(kindText) ?? .line
        let series = try c.series(.series(for: nil))
        // `as ID` right after the series, or among the options (where it is often typed).
        var id: Located<String>?
        var options = [TypedOption]()
        while let token = c.peek {
            if id == nil, token.text.lowercased() == "as", !c.atOption {
                _ = c.next()
                id = try c.name(.newName(.plot))
            } else if c.atOption {
                options.append(try c.option())
            } else {
                options += try c.options()  // (fails there, saying what it met)
            }
        }
        let settings = try plotSettings(options, kind: kind) { option in
            unknownOption(option, PlotOption.names(for: kind), context: "\(kind.rawValue) plots")
        }
        return .addPlot(
            kind: kind, series: series, id: id, style: settings.style, binding: settings.binding)
    }

    /// The options typed after a plot of `kind`, read by the table (`PlotOption.all`);
    /// `notTaken` is the error for an option the kind does not take.
    static func plotSettings(
        _ options: [TypedOption], kind: Plot.Kind, notTaken: (TypedOption) -> Diagnostic
    ) throws(Diagnostic) -> PlotSettings {
        var settings = PlotSettings()
        for option in options {
            guard let entry = PlotOption.named(option.name, for: kind) else {
                throw notTaken(option)
            }
            try entry.read(option.value, &settings)
            settings.binding.typed[option.name] = option.range
        }
        return settings
    }

    /// `set plot ID OPTION=VALUE…`: every option must be one some kind takes; the executor
    /// reads them against the plot's kind.
    static func setPlot(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let id = try c.name(.plotID)
        let options = try c.options()
        guard !options.isEmpty else { throw Diagnostic(.missingOptions("set plot"), at: c.end) }
        let names = PlotOption.all.map(\.name).reduce(into: [String]()) { names, name in
            if !names.contains(name) { names.append(name) }
        }
        for option in options where !names.contains(option.name) {
            throw unknownOption(option, names, context: "plots")
        }
        return .setPlot(id: id, options: options)
    }

    static func addRefline(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        var spec: MarkedLineSpec
        if c.atOption, let axis = c.peek?.text.lowercased(), axis == "x" || axis == "y" {
            let option = try c.option()
            if let statistic = StatisticKind(rawValue: option.value.text.lowercased()) {
                // `x=mean D.col`, `y=mean D.col`: a statistic on the axis named.
                spec = MarkedLineSpec(
                    value: .statistic(statistic, try c.series(.series(for: statistic.rawValue))))
                spec.placement = axis == "x" ? .x : .y
            } else if axis == "x" {
                // `x=VALUE`: a vertical line.
                spec = MarkedLineSpec(
                    value: .x(Located(option.value.text, at: option.value.range)))
            } else {
                spec = MarkedLineSpec(value: try reflineValue(option.value))
            }
            return .addRefline(try reflineRest(&c, spec))
        }
        spec = MarkedLineSpec(value: try reflineValue(try c.word(.reflineValue), &c))
        return .addRefline(try reflineRest(&c, spec))
    }

    /// A line across's value: a number, or a statistic followed by its series (`mean D.col`).
    static func reflineValue(_ first: Token, _ c: inout TokenCursor) throws(Diagnostic)
        -> MarkedLineSpec.Value
    {
        if let value = ValueParser.number(first.text) { return .constant(value) }
        if let statistic = StatisticKind(rawValue: first.text.lowercased()) {
            return .statistic(statistic, try c.series(.series(for: statistic.rawValue)))
        }
        throw Diagnostic(
            .unknown(.statistic, first.text, candidates: StatisticKind.allCases.map(\.rawValue)),
            at: first.range)
    }

    /// `y=VALUE`: a line across at a number (a statistic is read by `addRefline`).
    static func reflineValue(_ value: Token) throws(Diagnostic) -> MarkedLineSpec.Value {
        guard let number = ValueParser.number(value.text) else {
            throw Diagnostic(
                .invalidValue(
                    key: "y", value: value.text,
                    expected: "a number or a statistic (\(StatisticKind.listed)) and its series"),
                at: value.range)
        }
        return .constant(number)
    }

    /// `add text X Y "TEXT" [anchor= color= axis=]`.
    static func addText(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let point = try annotationPoint(&c)
        let text = try c.value(.annotationText)
        guard text.kind == .string else {
            throw Diagnostic(.expected(.annotationText, found: text.text), at: text.range)
        }
        var spec = AnnotationSpec(kind: .text, points: [point], text: text.text)
        try annotationOptions(&c, &spec)
        return .addAnnotation(spec)
    }

    /// `add arrow X1 Y1 X2 Y2 ["TEXT"] [color= style= axis=]`.
    static func addArrow(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let from = try annotationPoint(&c)
        let to = try annotationPoint(&c)
        var spec = AnnotationSpec(kind: .arrow, points: [from, to])
        if let token = c.peek, token.kind == .string {
            spec.text = token.text
            _ = c.next()
        }
        try annotationOptions(&c, &spec)
        return .addAnnotation(spec)
    }

    /// `set annotation ID ["TEXT"] [anchor= color= style= axis=]`: at least one.
    static func setAnnotation(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let id = try c.value(.annotation)
        var change = AnnotationSpec(kind: .text, points: [])
        if let token = c.peek, token.kind == .string {
            change.text = token.text
            _ = c.next()
        }
        try annotationOptions(&c, &change, command: "set annotation")
        guard change != AnnotationSpec(kind: .text, points: []) else {
            throw Diagnostic(.missingOptions("set annotation"), at: c.end)
        }
        return .setAnnotation(Located(id.text, at: id.range), change)
    }

    /// `X Y`: an x value (a word or, for a time with spaces, a string) and a y value.
    private static func annotationPoint(_ c: inout TokenCursor) throws(Diagnostic)
        -> AnnotationSpec.PointSpec
    {
        let x = try c.value(.annotationX)
        let y = try c.word(.annotationY)
        return AnnotationSpec.PointSpec(
            x: Located(x.text, at: x.range), y: Located(y.text, at: y.range))
    }

    private static func annotationOptions(
        _ c: inout TokenCursor, _ spec: inout AnnotationSpec, command given: String? = nil
    ) throws(Diagnostic) {
        let command = given ?? "add \(spec.kind.rawValue)"
        let allowed = Grammar.optionNames(of: command)
        for option in try c.options() {
            guard allowed.contains(option.name) else {
                throw unknownOption(option, allowed, context: spec.kind.rawValue)
            }
            switch option.name {
            case "color": spec.color = try ValueParser.color(option.value, key: "color")
            case "style":
                spec.style = try ValueParser.choice(option.value, key: "style", as: RuleStyle.self)
            case "anchor":
                spec.anchor = try ValueParser.choice(
                    option.value, key: "anchor", as: Annotation.Anchor.self)
            case "axis":
                spec.axis = try ValueParser.choice(
                    option.value, key: "axis", as: PlotBinding.Axis.self)
            default: throw unknownOption(option, allowed, context: spec.kind.rawValue)
            }
        }
    }

    /// A marked line's label and options, after its value.
    static func reflineRest(_ c: inout TokenCursor, _ given: MarkedLineSpec) throws(Diagnostic)
        -> MarkedLineSpec
    {
        var spec = given
        if let token = c.peek, token.kind == .string {
            spec.label = token.text
            _ = c.next()
        }
        // What a line down the chart takes: an x value no `where=`, a statistic at x one.
        let down: (what: String, refused: Set<String>)? =
            if case .x = spec.value {
                ("a line at x= takes a label, color=, style= and width=", ["fit", "axis", "where"])
            } else if spec.placement == .x {
                (
                    "a statistic at x= takes a label, color=, style=, width= and where=",
                    ["fit", "axis"]
                )
            } else { nil }
        for option in try c.options() {
            if let down, down.refused.contains(option.name) {
                throw Diagnostic(
                    .invalidValue(
                        key: option.name, value: option.value.text,
                        expected: "nothing: \(option.name)= is for lines across; \(down.what)"),
                    at: option.key.range)
            }
            switch option.name {
            case "color": spec.color = try ValueParser.color(option.value, key: "color")
            case "style":
                spec.style = try ValueParser.choice(option.value, key: "style", as: RuleStyle.self)
            case "fit": spec.fit = try ValueParser.boolean(option.value, key: "fit")
            case "width": spec.width = try Parser.ruleWidth(option.value)
            case "axis":
                spec.axis = try ValueParser.choice(
                    option.value, key: "axis", as: PlotBinding.Axis.self)
            case "label": spec.label = option.value.text
            case "where": spec.filter = try Parser.rowFilter(option.value)
            case "x", "y":
                // x= and y= say where the line is, in place of its value.
                throw Diagnostic(
                    .invalidValue(
                        key: option.name, value: option.value.text,
                        expected:
                            "\(option.name)=VALUE in place of the line's value (add refline \(option.name)=VALUE or \(option.name)=mean SERIES)"
                    ),
                    at: option.key.range)
            default:
                throw unknownOption(
                    option, Grammar.optionNames(of: "add refline"), context: "refline")
            }
        }
        return spec
    }

}
