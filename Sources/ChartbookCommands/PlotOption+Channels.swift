import ChartbookModel

/// `color=` and `size=` on the kinds with encoding channels (dot plots): a constant (a
/// colour, a marker size) or a column of the dataset (`PlotEncoding`) — one option each, so
/// a user types the same word for both (Vega-Lite's `value` and `field`).
extension PlotOption {
    /// The kinds whose points take channels bound to columns.
    static let channels = kinds { $0.mark == .dots }

    /// `color=NAME|#rrggbb…` (the points' colour) or `color=COLUMN` (each point's colour
    /// from its row: `ColorScale`). A colour's name is read as the colour (a column named
    /// like one: rename it with `let`); a word that is none names a column.
    static let colorChannel = PlotOption(
        name: "color", kinds: channels, binding: false, values: .either(.color, .column),
        read: { token, s throws(Diagnostic) in
            // The last of a constant and a column given wins.
            if namesColumn(token, constant: { try? ValueParser.color($0, key: "color") }) {
                s.binding.color = Located(token.text, at: token.range)
                s.style.color = nil
                return
            }
            s.style.color = try ValueParser.color(token, key: "color")
            s.binding.color = nil
        },
        written: { settings in
            if let column = settings.binding.color?.value {
                return ScriptQuoting.quotedIfNeeded(column)
            }
            return settings.style.color.map { "\($0)" }
        },
        merge: merging(\.color)
    ).described(
        "Its colour (a name, #rrggbb, #rrggbbaa or NAME@ALPHA), or a column: text gives each value a colour of the palette, numbers a viridis ramp, with a key under the chart."
    )

    /// Kinds (but dots, whose points each take a colour) whose colour may come from a
    /// column: their `by=` groups'.
    static let colorGroups = with(.splitsBy).subtracting(channels)

    /// `color=NAME` (the plot's colour) or `color=COLUMN` on a kind that groups: a series per
    /// value of the column, each its colour, with a legend — the same as `by=COLUMN`
    /// (Vega-Lite's colour channel on a line, an area, bars); `save script` writes `by=`.
    static let groupColorChannel = PlotOption(
        name: "color", kinds: colorGroups, binding: false, values: .either(.color, .column),
        read: { token, s throws(Diagnostic) in
            if namesColumn(token, constant: { try? ValueParser.color($0, key: "color") }) {
                try s.binding.group(by: Located(token.text, at: token.range), option: "color")
                s.style.color = nil
                return
            }
            s.style.color = try ValueParser.color(token, key: "color")
            if s.binding.byOption == "color" {
                s.binding.by = nil
                s.binding.byOption = "by"
            }
        },
        written: { settings in
            if settings.binding.byOption == "color", let by = settings.binding.by?.value {
                return ScriptQuoting.quotedIfNeeded(by)
            }
            return settings.style.color.map { "\($0)" }
        },
        merge: merging(\.color)
    ).described(
        "Its colour (a name, #rrggbb, #rrggbbaa or NAME@ALPHA), or a column: a series per value, each its colour, as by= draws them."
    )

    /// `size=N` (the marker's size in points) or `size=COLUMN` (each point's area
    /// proportional to its row's value: `SizeScale`).
    static let sizeChannel = numberOrColumn(
        "size", what: "a marker size", limit: 100, style: \.marker.size, binding: \.size
    ).described(
        "The marker's size in points (1 is one dot), or a column of numbers: each point's area in proportion to its value, with a key of sizes."
    )

    /// `opacity=N` (the points' opacity, 0 < N ≤ 1) or `opacity=COLUMN` (each point's from
    /// its row's number: `OpacityScale`).
    static let opacityChannel = numberOrColumn(
        "opacity", what: "an opacity", limit: 1, style: \.marker.opacity, binding: \.opacity
    ).described(
        "The points' opacity, above 0 up to 1, or a column of numbers: each point from faint (the lowest value) to solid (the highest), with a key."
    )

    /// A dot plot's channel that is a positive number up to `limit` (the style's constant)
    /// or a column (the binding's); the last of the two given wins.
    static func numberOrColumn(
        _ name: String, what: String, limit: Double,
        style: WritableKeyPath<PlotStyle, Double?> & Sendable,
        binding: WritableKeyPath<PlotBindingSpec, Located<String?>?> & Sendable
    ) -> PlotOption {
        PlotOption(
            name: name, kinds: channels, binding: false,
            values: .either(.number(0.01...limit), .column),
            read: { token, s throws(Diagnostic) in
                if namesColumn(token, constant: { ValueParser.number($0.text) }) {
                    s.binding[keyPath: binding] = Located(token.text, at: token.range)
                    s.style[keyPath: style] = nil
                    return
                }
                s.style[keyPath: style] = try ValueParser.positive(
                    token, key: name, what: what, limit: limit)
                s.binding[keyPath: binding] = nil
            },
            written: { settings in
                if let column = settings.binding[keyPath: binding]?.value {
                    return ScriptQuoting.quotedIfNeeded(column)
                }
                return settings.style[keyPath: style].map(CommandPrinter.number)
            },
            merge: merging(style))
    }

    /// `shape=COLUMN`: each point's marker shape from its row's value (`ShapeScale`);
    /// `none` takes it off (the plot's `marker=` again).
    static let shapeChannel = PlotOption.bound(
        "shape", channels, values: .either(.keyword(["none"]), .column),
        read: { token, b in
            let off = token.kind != .string && token.text.lowercased() == "none"
            b.shape = Located(off ? nil : token.text, at: token.range)
        },
        written: { $0.shape.map { $0.value.map(ScriptQuoting.quotedIfNeeded) ?? "none" } }
    ).described(
        "A column whose values give the points their marker shapes in turn (circle, square, diamond, cross), with a key under the chart; none takes it off."
    )

    /// Whether `token` names a column rather than a constant: a quoted name, or a name that
    /// `constant` does not read (the executor finds the column, or says it is neither); a
    /// word that is no name (`#12345`) is the constant's, and its error says why.
    static func namesColumn<T>(_ token: Token, constant: (Token) -> T?) -> Bool {
        token.kind == .string || (constant(token) == nil && Identifier.isValid(token.text))
    }
}
