import ChartbookModel

extension Parser {
    // MARK: Axes, viewing and selection

    /// `set xscale auto|index|linear|log|time|category`.
    static func setXScale(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let token = try c.word(.words(["auto"] + XScaleKind.allCases.map(\.rawValue)))
        try c.expectEnd()
        if token.text.lowercased() == "auto" { return .setXScale(nil) }
        guard let kind = XScaleKind(rawValue: token.text.lowercased()) else {
            throw Diagnostic(
                .unknown(
                    .value, token.text, context: "xscale",
                    candidates: ["auto"] + XScaleKind.allCases.map(\.rawValue)),
                at: token.range)
        }
        return .setXScale(kind)
    }

    /// `set xlabel "…"|off` (x: true), `set ylabel "…"|off`.
    static func setAxisTitle(x: Bool) -> @Sendable (inout TokenCursor) throws(Diagnostic) -> Command
    {
        { c throws(Diagnostic) in
            let token = try c.value(.title)
            try c.expectEndOfText(after: token, command: x ? "set xlabel" : "set ylabel")
            let off = token.kind == .word && token.text.lowercased() == "off"
            let text = off || token.text.isEmpty ? nil : TextMetrics.sanitized(token.text)
            return .setAxisTitle(x: x, text)
        }
    }

    /// `set timezone UTC|+HH:MM|NAME`.
    static func setTimeZone(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let token = try c.value(.zone)
        try c.expectEnd()
        guard let zone = TimeZoneSetting(parsing: token.text) else {
            throw Diagnostic(
                .invalidValue(
                    key: "timezone", value: token.text,
                    expected: "UTC, an offset like +05:30, or a zone name like Europe/Paris"),
                at: token.range)
        }
        return .setTimeZone(zone)
    }

    /// `scroll`, `scroll +N|-N`, `scroll +25%`, `scroll +30d`, `scroll start|end`.
    static func scroll(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        guard let token = c.next() else { return .scroll(.pages(1)) }
        try c.expectEnd()
        let text = token.text.replacingOccurrences(of: "_", with: "")
        switch text.lowercased() {
        case "start": return .scroll(.start)
        case "end": return .scroll(.end)
        case "next": return .scroll(.pages(1))
        case "prev", "previous": return .scroll(.pages(-1))
        default: break
        }
        guard token.kind == .word else {
            throw Diagnostic(
                .expected(.scroll(durations: false), found: token.text), at: token.range)
        }
        if let n = Int(text) { return .scroll(.points(n)) }
        if text.hasSuffix("%"), let percent = ValueParser.number(String(text.dropLast())),
            abs(percent) <= 100_000
        {
            return .scroll(.percent(percent))
        }
        guard let sign = text.first, sign == "+" || sign == "-" else {
            throw Diagnostic(
                .expected(.scroll(durations: true), found: token.text),
                at: token.range)
        }
        return .scroll(.distance(Located(text, at: token.range)))
    }

    /// `view A..B` (`view all` shows everything again). The ends stay text: the chart's x
    /// scale reads them.
    static func view(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let first = try c.value(.interval)
        // `view "2004-01-01 10:00".."2004-01-02"`: quoted ends glued by `..`.
        var text = first.text, last = first
        while let next = c.peek, !next.spaceBefore {
            text += next.text
            last = next
            _ = c.next()
        }
        try c.expectEnd()
        let range = first.range.through(last.range)
        if text.lowercased() == "all" {
            return .view(lower: nil, upper: nil, at: TypedPlace(range))
        }
        guard let (lower, upper) = ValueParser.ends(of: text) else {
            throw Diagnostic(
                .invalidValue(key: "view", value: text, expected: "A..B, like 120..180"), at: range)
        }
        guard !lower.isEmpty, !upper.isEmpty else {
            throw Diagnostic(
                .invalidValue(key: "view", value: text, expected: "both ends, like 120..180"),
                at: range)
        }
        return .view(
            lower: Located(lower, at: range), upper: Located(upper, at: range),
            at: TypedPlace(range))
    }

    /// `select N|last|none` or `select x=VALUE`.
    static func select(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        if c.atOption {
            let options = try c.options()
            // The last x= stands, as a repeated option does in every command.
            if let other = options.first(where: { $0.name != "x" }) {
                throw unknownOption(other, ["x"], context: "select")
            }
            if let option = options.last {
                return .selectX(Located(option.value.text, at: option.value.range))
            }
        }
        let token = try c.word(.selection)
        try c.expectEnd()
        switch token.text.lowercased() {
        case "last": return .select(.last, at: TypedPlace(token.range))
        case "none": return .select(nil, at: TypedPlace(token.range))
        default:
            guard let index = Int(token.text.replacingOccurrences(of: "_", with: "")), index >= 0
            else {
                throw Diagnostic(
                    .expected(.selection, found: token.text),
                    at: token.range)
            }
            return .select(.index(index), at: TypedPlace(token.range))
        }
    }

    /// `where=` as typed: `COLUMN=A,B`, `COLUMN:A`, `COLUMN!=A`, `COLUMN>N`, `COLUMN<=DATE` ….
    static func rowFilter(_ token: Token) throws(Diagnostic) -> Located<RowFilter> {
        let text = token.text
        let operators: [(String, RowFilter.Operator)] = [
            ("!=", .notEqual), (">=", .greaterOrEqual), ("<=", .lessOrEqual), ("=", .equal),
            (":", .equal), (">", .greater), ("<", .less),
        ]
        var best: (Range<String.Index>, RowFilter.Operator)?
        for (symbol, op) in operators {
            guard let found = text.range(of: symbol) else { continue }
            if let current = best, current.0.lowerBound <= found.lowerBound { continue }
            best = (found, op)
        }
        guard let (found, op) = best, found.lowerBound > text.startIndex,
            found.upperBound < text.endIndex
        else {
            throw Diagnostic(
                .invalidValue(
                    key: "where", value: text,
                    expected: "COLUMN=VALUE[,VALUE…], COLUMN!=VALUE or COLUMN>NUMBER"),
                at: token.range)
        }
        let column = String(text[..<found.lowerBound])
        let rest = String(text[found.upperBound...])
        let values =
            op == .equal || op == .notEqual
            ? rest.split(separator: ",").map(String.init) : [rest]
        return Located(RowFilter(column: column, op: op, values: values), at: token.range)
    }
}
