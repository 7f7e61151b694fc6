import ChartbookModel

/// The axis guides: `set xaxis`/`set yaxis`, `set xticks`/`set yticks`, `set xformat`/`set
/// yformat` and `set grid`.
extension Parser {
    /// `set xaxis|yaxis labels=on|off line=on|off ticks=on|off grid=on|off every=STEP|auto
    /// format=PATTERN|auto`.
    static func setAxis(x: Bool) -> @Sendable (inout TokenCursor) throws(Diagnostic) -> Command {
        { c throws(Diagnostic) in
            let command = x ? "set xaxis" : "set yaxis"
            let options = try c.options()
            guard !options.isEmpty else { throw Diagnostic(.missingOptions(command), at: c.end) }
            var change = AxisChange()
            for option in options {
                switch option.name {
                case "labels": change.labels = try ValueParser.boolean(option.value, key: "labels")
                case "line": change.line = try ValueParser.boolean(option.value, key: "line")
                case "ticks": change.ticks = try ValueParser.boolean(option.value, key: "ticks")
                case "grid": change.grid = try ValueParser.boolean(option.value, key: "grid")
                // (Of `every=`, `count=` and `at=`, the last given wins.)
                case "every":
                    change.step = .some(try tickStep(option.value, x: x))
                    change.at = nil
                case "count":
                    change.step = .some(
                        .count(try ValueParser.integer(option.value, "count", in: 2...50)))
                    change.at = nil
                case "position" where x:
                    change.top =
                        try ValueParser.choice(option.value, key: "position", as: AxisSide.self)
                        == .top
                case "at" where x:
                    change.at = try tickValues(option.value)
                    change.step = nil
                case "format": change.format = .some(try labelPattern(option.value, x: x))
                case "angle" where x:
                    change.angle = try ValueParser.integer(option.value, "angle", in: 0...90)
                default:
                    throw unknownOption(option, Grammar.optionNames(of: command), context: command)
                }
            }
            return .setAxis(x: x, change)
        }
    }

    /// `set xticks|yticks every STEP|count N|auto`.
    static func setTicks(x: Bool) -> @Sendable (inout TokenCursor) throws(Diagnostic) -> Command {
        { c throws(Diagnostic) in
            let words = ["every", "count"] + (x ? ["at"] : []) + ["auto"]
            let (word, _) = try c.keyword(
                .value, words, expected: .words(words), context: x ? "set xticks" : "set yticks")
            var change = AxisChange()
            change.spelling = .ticks
            if word == "auto" {
                change.step = .some(nil)
            } else if word == "at" {
                change.at = try tickValues(try c.value(.words(["V1,V2,…"])))
            } else if word == "count" {
                let token = try c.value(.words(["N"]))
                change.step = .some(.count(try ValueParser.integer(token, "count", in: 2...50)))
            } else {
                let token = try c.value(.words(["STEP"]))
                // `every 3 months`: the step is one word.
                if let unit = c.peek, Double(token.text) != nil {
                    throw Diagnostic(
                        .invalidValue(
                            key: "every", value: token.text + " " + unit.text,
                            expected:
                                "one word: a number, or a step like 3mo (30s, 10min, 6h, 1d, 2w, 3mo, 1y)"
                        ),
                        at: token.range.through(unit.range))
                }
                change.step = .some(try tickStep(token, x: x))
            }
            try c.expectEnd()
            return .setAxis(x: x, change)
        }
    }

    /// The values of `at V1,V2,…`, each at its place in the token (read by the x scale when
    /// applied).
    static func tickValues(_ token: Token) throws(Diagnostic) -> [Located<String>] {
        var values = [Located<String>](), offset = 0
        for part in token.text.split(separator: ",", omittingEmptySubsequences: false) {
            let text = String(part)
            if !text.isEmpty {
                let start = SourceLocation(
                    line: token.range.start.line, column: token.range.start.column + offset)
                values.append(Located(text, at: SourceRange(start: start, length: text.count)))
            }
            offset += text.count + 1
        }
        guard !values.isEmpty else {
            throw Diagnostic(
                .invalidValue(key: "at", value: token.text, expected: "values like 1,5,10"),
                at: token.range)
        }
        return values
    }

    /// `set xformat|yformat "PATTERN"|auto`; on y also the reference lines' named formats
    /// (`set yformat suffix` is `set reflines format=suffix`).
    static func setFormat(x: Bool) -> @Sendable (inout TokenCursor) throws(Diagnostic) -> Command {
        { c throws(Diagnostic) in
            let token = try c.value(.words(["\"PATTERN\"", "auto"]))
            try c.expectEnd()
            if !x, token.kind == .word,
                let named = ReferenceLines.Format(rawValue: token.text.lowercased()), named != .auto
            {
                var lines = ReflinesChange()
                lines.format = named
                return .setReflines(lines)
            }
            var change = AxisChange()
            change.spelling = .format
            change.format = .some(try labelPattern(token, x: x))
            return .setAxis(x: x, change)
        }
    }

    /// `set selection color=C|auto style=solid|dashed|dotted|none|auto`.
    static func setSelectionStyle(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let options = try c.options()
        guard !options.isEmpty else {
            throw Diagnostic(.missingOptions("set selection"), at: c.end)
        }
        var color: Color??, line: SelectionStyle.Line??
        for option in options {
            let auto = option.value.text.lowercased() == "auto"
            switch option.name {
            case "color":
                color = auto ? .some(nil) : .some(try ValueParser.color(option.value, key: "color"))
            case "style":
                line =
                    auto
                    ? .some(nil)
                    : .some(
                        try ValueParser.choice(
                            option.value, key: "style", as: SelectionStyle.Line.self))
            default:
                throw unknownOption(
                    option, Grammar.optionNames(of: "set selection"), context: "set selection")
            }
        }
        return .setSelectionStyle(color: color, line: line)
    }

    /// `set theme [NAME] [background=C|auto text=C grid=C frame=C mark=C fontsize=PX|auto]`.
    static func setTheme(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        var theme: Theme?
        if c.peek != nil, !c.atOption {
            let token = try c.word(.words(Theme.allCases.map(\.rawValue)))
            theme = try ValueParser.choice(token, key: "theme", as: Theme.self)
        }
        var colors = [ThemeColors.Part: Color?]()
        var fontSize: Int??
        for option in try c.options() {
            if option.name == Grammar.themeFontSize {
                fontSize =
                    option.value.text.lowercased() == "auto"
                    ? .some(nil)
                    : .some(
                        try ValueParser.integer(
                            option.value, "a text size in pixels", in: OutputSettings.fontSizes))
                continue
            }
            guard let part = ThemeColors.Part(rawValue: option.name) else {
                throw unknownOption(
                    option, ThemeColors.Part.allCases.map(\.rawValue) + [Grammar.themeFontSize],
                    context: "set theme")
            }
            colors[part] =
                option.value.text.lowercased() == "auto"
                ? .some(nil) : .some(try ValueParser.color(option.value, key: option.name))
        }
        guard theme != nil || !colors.isEmpty || fontSize != nil else {
            throw Diagnostic(
                .expected(.words(Theme.allCases.map(\.rawValue)), found: nil), at: c.end)
        }
        return .setTheme(theme, colors: colors, fontSize: fontSize)
    }

    /// `set grid x|y|both|on|off`.
    static func setGrid(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let (word, _) = try c.keyword(
            .value, Grammar.gridChoices, expected: .words(Grammar.gridChoices), context: "set grid")
        try c.expectEnd()
        switch word {
        case "x": return .setGrid(x: true, y: false)
        case "y": return .setGrid(x: false, y: true)
        case "off": return .setGrid(x: false, y: false)
        default: return .setGrid(x: true, y: true)
        }
    }

    /// A tick step: `auto` (nil), a positive number, or on x a calendar step (`1d`, `3mo`).
    static func tickStep(_ token: Token, x: Bool) throws(Diagnostic) -> TickStep? {
        if token.text.lowercased() == "auto" { return nil }
        let text = token.text.replacingOccurrences(of: "_", with: "")
        guard let step = TickStep(text) else {
            throw Diagnostic(
                .invalidValue(
                    key: "every", value: token.text,
                    expected: x
                        ? "a positive number, or on a time axis a step like 30s, 10min, 6h, 1d, 2w, 3mo or 1y"
                        : "a positive number"),
                at: token.range)
        }
        if !x, case .calendar = step {
            throw Diagnostic(
                .invalidValue(
                    key: "every", value: token.text,
                    expected: "a positive number (a calendar step is for a time x axis)"),
                at: token.range)
        }
        return step
    }

    /// A label pattern (`"%.1f"`, `"%b %Y"`), or `auto` (nil).
    static func labelPattern(_ token: Token, x: Bool) throws(Diagnostic) -> LabelPattern? {
        if token.kind == .word, token.text.lowercased() == "auto" { return nil }
        let pattern: LabelPattern
        do throws(LabelPattern.PatternError) {
            pattern = try LabelPattern(token.text)
        } catch {
            throw Diagnostic(
                .invalidValue(key: "format", value: token.text, expected: error.message),
                at: token.range)
        }
        if !x, pattern.kind == .time {
            throw Diagnostic(
                .invalidValue(
                    key: "format", value: token.text,
                    expected: "a number pattern like \"%.1f\" (the y axis holds numbers)"),
                at: token.range)
        }
        return pattern
    }
}
