import ChartbookModel

extension Parser {
    // MARK: Settings

    /// `set memory …`.
    static func setMemory(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let token = try c.word(.memorySize)
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
    }

    /// `set labels …`.
    static func setLabels(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        var source: Located<SeriesName>?
        if c.peek != nil, !c.atOption { source = try c.series(.labelSource(orSparsity: false)) }
        var sparsity: Int?
        for option in try c.options() {
            guard option.name == "sparsity" else {
                throw unknownOption(option, ["sparsity"], context: "set labels")
            }
            sparsity = try ValueParser.integer(option.value, "a sparsity", in: 1...1_000_000)
        }
        if source == nil && sparsity == nil {
            throw Diagnostic(
                .expected(.labelSource(orSparsity: true), found: nil), at: c.end)
        }
        return .setLabels(source: source, sparsity: sparsity)
    }

    /// `set range …`.
    static func setRange(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let token = try c.word(.yRange)
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
    }

    /// `set zero …`.
    static func setZero(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let token = try c.word(.words(["on", "off"]))
        try c.expectEnd()
        return .setZero(try ValueParser.boolean(token, key: "zero"))
    }

    /// `set facetscales …`.
    static func setFacetScales(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let token = try c.word(.words(FacetScales.allCases.map(\.rawValue)))
        try c.expectEnd()
        return .setFacetScales(
            try ValueParser.choice(token, key: "facetscales", as: FacetScales.self))
    }

    /// `set title …`.
    static func setTitle(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let token = try c.value(.title)
        try c.expectEndOfText(after: token, command: "set title")
        if token.kind == .word && token.text.lowercased() == "off" { return .setTitle(nil) }
        return .setTitle(token.text.isEmpty ? nil : token.text)
    }

    /// `set legend …`.
    /// The words of `set legend`: whether it shows, then where.
    static let legendWords =
        ["on", "off", "auto"] + OutputSettings.LegendPosition.allCases.map(\.rawValue)

    static func setLegend(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let token = try c.word(.words(legendWords))
        try c.expectEnd()
        if token.text.lowercased() == "auto" { return .setLegend(nil) }
        if let position = OutputSettings.LegendPosition(rawValue: token.text.lowercased()) {
            return .setLegendPosition(position)
        }
        return .setLegend(try ValueParser.boolean(token, key: "legend"))
    }

    /// `set size …`.
    static func setSize(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let token = try c.word(.cellSize)
        try c.expectEnd()
        if token.text.lowercased() == "auto" { return .setSize(.auto) }
        let (w, h) = try ValueParser.size(token, key: "size")
        return .setSize(.fixed(columns: w, rows: h))
    }

    /// `set data …`.
    static func setDataWindow(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let name = try c.name(.datasetName)
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
    }

    /// `set spacing …`.
    static func setSpacing(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let token = try c.word(.spacing)
        try c.expectEnd()
        if token.text.lowercased() == "auto" { return .setSpacing(.auto) }
        return .setSpacing(
            .cells(
                try ValueParser.positive(
                    token, key: "spacing", what: "a number of cells, or auto",
                    minimum: 0.01, limit: 1000)))
    }

    /// `set padding …`.
    static func setPadding(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        var sides = [View.Side: Double]()
        let options = try c.options()
        guard !options.isEmpty else {
            throw Diagnostic(.missingOptions("set padding"), at: c.end)
        }
        for option in options {
            let value = try ValueParser.number(option.value, .quantity("cells", nil))
            guard value >= 0, value <= 500 else {
                throw Diagnostic(
                    .invalidValue(
                        key: option.name, value: option.value.text, expected: "cells, 0 or more"
                    ), at: option.value.range)
            }
            guard let side = View.Side(rawValue: option.name) else {
                throw unknownOption(
                    option, View.Side.allCases.map(\.rawValue), context: "set padding")
            }
            sides[side] = value
        }
        return .setPadding(sides)
    }

    /// `set NOUN WORD`, the word one of `T`'s (`set canvas ascii`): the reader of a setting
    /// that is one enum, made into a command by `make`.
    static func choice<T: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, _ make: @escaping @Sendable (T) -> Command
    ) -> @Sendable (inout TokenCursor) throws(Diagnostic) -> Command where T.RawValue == String {
        { c throws(Diagnostic) in
            let token = try c.word(.words(T.allCases.map(\.rawValue)))
            try c.expectEnd()
            return make(try ValueParser.choice(token, key: key, as: T.self))
        }
    }

    /// `set reflines auto|on|off|relative F…|absolute V… [key=value …]`.
    static func setReflines(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        var change = ReflinesChange()
        if c.peek != nil, !c.atOption { try reflinePositions(&c, into: &change) }
        let options = try c.options()
        if change.positions == nil && change.visible == nil && options.isEmpty {
            throw Diagnostic(
                .expected(.reflines, found: nil),
                at: c.end)
        }
        for option in options { try reflineOption(option, into: &change) }
        return .setReflines(change)
    }

    /// The word after `set reflines` (and the numbers after `relative` or `absolute`).
    static func reflinePositions(_ c: inout TokenCursor, into change: inout ReflinesChange)
        throws(Diagnostic)
    {
        guard let token = c.next() else { return }
        let lower = token.text.lowercased()
        switch lower {
        case "on", "off": change.visible = lower == "on"
        case "auto":
            change.positions = .auto
            change.visible = true
        case "relative", "absolute":
            var values = [Double]()
            while let next = c.peek, !c.atOption {
                let value = try ValueParser.number(next)
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
                    .expected(.values(after: lower), found: nil), at: c.peek?.range ?? c.end)
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

    /// A rule's `width=`: pixels, 0.25 to 20.
    static func ruleWidth(_ value: Token) throws(Diagnostic) -> Double {
        let width = try ValueParser.number(value, .quantity("pixels", nil))
        guard (0.25...20).contains(width) else {
            throw Diagnostic(
                .invalidValue(key: "width", value: value.text, expected: "pixels from 0.25 to 20"),
                at: value.range)
        }
        return width
    }

    /// One `key=value` of `set reflines`.
    static func reflineOption(_ option: TypedOption, into change: inout ReflinesChange)
        throws(Diagnostic)
    {
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
            change.intermediate = try ValueParser.choice(
                value, key: "intermediate", as: ReferenceLines.Intermediate.self)
        case "color": change.color = try ValueParser.color(value, key: "color")
        case "style": change.style = try ValueParser.choice(value, key: "style", as: RuleStyle.self)
        case "width": change.width = try ruleWidth(value)
        default:
            throw unknownOption(
                option, Grammar.optionNames(of: "set reflines"), context: "reflines")
        }
    }
}
