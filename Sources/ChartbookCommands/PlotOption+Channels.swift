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
            if namesColumn(token, constant: { try? ValueParser.color($0, key: "color") }) {
                s.binding.color = Located(token.text, at: token.range)
                return
            }
            s.style.color = try ValueParser.color(token, key: "color")
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

    /// `size=N` (the marker's size in points) or `size=COLUMN` (each point's area
    /// proportional to its row's value: `SizeScale`).
    static let sizeChannel = PlotOption(
        name: "size", kinds: channels, binding: false,
        values: .either(.number(0.01...100), .column),
        read: { token, s throws(Diagnostic) in
            if namesColumn(token, constant: { ValueParser.number($0.text) }) {
                s.binding.size = Located(token.text, at: token.range)
                return
            }
            s.style.marker.size = try ValueParser.positive(
                token, key: "size", what: "a marker size", limit: 100)
        },
        written: { settings in
            if let column = settings.binding.size?.value {
                return ScriptQuoting.quotedIfNeeded(column)
            }
            return settings.style.marker.size.map(CommandPrinter.number)
        },
        merge: merging(\.marker.size)
    ).described(
        "The marker's size in points (1 is one dot), or a column of numbers: each point's area in proportion to its value, with a key of sizes."
    )

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

    /// Whether `token` names a column rather than a constant: a quoted name, or a word that
    /// `constant` does not read (the executor finds the column, or says it is neither).
    static func namesColumn<T>(_ token: Token, constant: (Token) -> T?) -> Bool {
        token.kind == .string || constant(token) == nil
    }
}
