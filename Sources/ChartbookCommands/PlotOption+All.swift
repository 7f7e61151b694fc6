import ChartbookModel

extension PlotOption {
    /// Every plot option, in the order they are listed, completed and written.
    public static let all: [PlotOption] = bindings + transforms + styles

    /// `labels=on|value|percent|off`, or `labels=COLUMN`: a point's row's text in a column.
    static let valueLabels = PlotOption(
        name: "labels", kinds: with(.valueLabels), binding: false,
        values: .either(.keyword(ValueLabels.allCases.map(\.rawValue)), .column),
        read: { token, s throws(Diagnostic) in
            if token.kind != .string, let labels = ValueLabels(rawValue: token.text.lowercased()) {
                s.style.labels = labels
                s.style.labelColumn = nil
            } else {
                guard token.kind == .string || Identifier.isValid(token.text) else {
                    throw Diagnostic(
                        .invalidValue(
                            key: "labels", value: token.text,
                            expected: "on, value, percent, off or a column's name"),
                        at: token.range)
                }
                s.style.labels = .on
                s.style.labelColumn = token.text
            }
        },
        written: { s in
            // A column named like a keyword is quoted, or it would read back as the keyword.
            s.style.labelColumn.map {
                ValueLabels(rawValue: $0.lowercased()) == nil
                    ? ScriptQuoting.quotedIfNeeded($0) : ScriptQuoting.quoted($0)
            } ?? s.style.labels?.rawValue
        },
        merge: { style, other in
            if let labels = other.labels {
                style.labels = labels
                style.labelColumn = other.labelColumn
            }
        })

    /// `text=COLUMN`: the grammar's text channel — each point labelled with its row's text in
    /// a column. The same setting as `labels=COLUMN` (one field, `PlotStyle.labelColumn`),
    /// which a saved script writes.
    static let textChannel = PlotOption(
        name: "text", kinds: with(.valueLabels).intersection(lines.union(channels)), binding: false,
        values: .column,
        read: { token, s throws(Diagnostic) in
            guard token.kind == .string || Identifier.isValid(token.text) else {
                throw Diagnostic(
                    .invalidValue(key: "text", value: token.text, expected: "a column's name"),
                    at: token.range)
            }
            s.style.labels = .on
            s.style.labelColumn = token.text
        },
        written: { _ in nil },
        merge: { _, _ in }
    ).described(
        "A column whose text labels each point of a line or dot plot (the grammar's text channel; the same as labels=COLUMN, which a saved script writes)."
    )

    static let bindings: [PlotOption] = [
        .bound(
            "x", xy.union(categorical).subtracting(distributions),
            read: { token, b in b.x = Located(token.text, at: token.range) },
            written: { $0.x.map { ScriptQuoting.quotedIfNeeded($0.value) } }
        ).described(
            "The column the plot is drawn against: numbers to scale, dates on a time axis, text as categories."
        ),
        .bound(
            "y", family(.heatmap), read: { token, b in b.y = Located(token.text, at: token.range) },
            written: { $0.y.map { ScriptQuoting.quotedIfNeeded($0.value) } }
        ).described(
            "The second column of a heatmap (2-D density of x= and y=, or a matrix by two categories)."
        ),
        .bound(
            "low", reading("low"),
            read: { token, b in b.low = Located(token.text, at: token.range) },
            written: { $0.low.map { ScriptQuoting.quotedIfNeeded($0.value) } }
        ).described(
            "The column of the bars' (or candles') low ends; default a numeric column named low."),
        .bound(
            "high", reading("high"),
            read: { token, b in b.high = Located(token.text, at: token.range) },
            written: { $0.high.map { ScriptQuoting.quotedIfNeeded($0.value) } }
        ).described(
            "The column of the candles' highs; default a numeric column named high."),
        .bound(
            "open", reading("open"),
            read: { token, b in b.open = Located(token.text, at: token.range) },
            written: { $0.open.map { ScriptQuoting.quotedIfNeeded($0.value) } }
        ).described(
            "The column of the candles' opening values; default a numeric column named open."),
        .bound(
            "by", with(.splitsBy), values: .either(.keyword(["none"]), .column),
            // `none` (a word, not "none" in quotes) takes it off: kept as the empty name.
            read: { token, b throws(Diagnostic) in
                let off = token.kind != .string && token.text.lowercased() == "none"
                try b.group(by: Located(off ? "" : token.text, at: token.range), option: "by")
            },
            written: { spec in
                spec.by.flatMap { spec.byOption == "by" ? $0 : nil }.map {
                    $0.value.isEmpty
                        ? "none"
                        : $0.value.lowercased() == "none"
                            ? ScriptQuoting.quoted($0.value)
                            : ScriptQuoting.quotedIfNeeded($0.value)
                }
            }
        ).described(
            "One series per distinct value of this column (long-format data); none takes it off."),
        .bound(
            "detail", with(.splitsBy).intersection(lines.union(channels)), values: .column,
            read: { token, b throws(Diagnostic) in
                try b.group(by: Located(token.text, at: token.range), option: "detail")
            },
            written: { spec in
                spec.by.flatMap { spec.byOption == "detail" ? $0 : nil }.map {
                    ScriptQuoting.quotedIfNeeded($0.value)
                }
            }
        ).described(
            "One series per distinct value of this column, all drawn alike: one colour, one legend entry (a line per host, not told apart); by= tells them apart."
        ),
        .bound(
            "where", main, values: .filter,
            read: { token, b throws(Diagnostic) in b.filter = try Parser.rowFilter(token) },
            written: { $0.filter.map { ScriptQuoting.quotedIfNeeded($0.value.description) } }
        ).described(
            "Keeps some rows: COLUMN=A,B, COLUMN!=A, COLUMN>N, COLUMN<=DATE."),
        .bound(
            "facet", facetable, values: .either(.keyword(["none"]), .column),
            read: { token, b throws(Diagnostic) in
                b.facet = Located(
                    try noneOr(token) { t throws(Diagnostic) in
                        guard let facet = Facet(parsing: t.text) else {
                            throw Diagnostic(
                                .invalidValue(
                                    key: "facet", value: t.text,
                                    expected: "a column's name, ROW~COLUMN or none"),
                                at: t.range)
                        }
                        return facet
                    }, at: token.range)
            },
            written: {
                $0.facet.map {
                    $0.value.map { ScriptQuoting.quotedIfNeeded($0.description) } ?? "none"
                }
            }
        ).described(
            "Small panels, one per value of this column (ROW~COLUMN: a grid of two); plots without it appear in every panel."
        ),
        .bound(
            "axis", xy, values: .keyword(PlotBinding.Axis.allCases.map(\.rawValue)),
            read: { token, b throws(Diagnostic) in
                b.axis = try ValueParser.choice(token, key: "axis", as: PlotBinding.Axis.self)
            },
            written: { $0.axis?.rawValue }
        ).described(
            "Measured on the left y axis, one on the right, or a second axis outside either (left2, right2), each with a scale of its own."
        ),
        .bound(
            "order", lines.subtracting(distributions),
            values: .keyword(PlotBinding.Order.allCases.map(\.rawValue)),
            read: { token, b throws(Diagnostic) in
                b.order = try ValueParser.choice(token, key: "order", as: PlotBinding.Order.self)
            },
            written: { $0.order?.rawValue }
        ).described(
            "Join the points in x order, or in the order of the rows (a path)."),
    ]

    static let styles: [PlotOption] = [
        .color(
            "color", Set(Plot.Kind.allCases).subtracting(channels).subtracting(colorGroups),
            \.color
        ).described(
            "Its colour: a name, #rrggbb, #rrggbbaa or NAME@ALPHA."),
        colorChannel,
        groupColorChannel,
        shapeChannel,
        opacityChannel,
        // `width=` is a stroke in points for lines and polygons, a share of the slot for bars.
        .positive(
            "width", lines.union(family(.radar)).union(strips), what: "a stroke width",
            \.stroke.width
        )
        .described(
            "A line's (or polygon's, or line sparkline's) stroke in points."),
        .positive(
            "width", bars.union(kinds { $0.mark == .candles || $0.mark == .boxes }),
            what: "a share of the slot", limit: 1,
            \.bar.width
        ).described(
            "A bar's width as a share of its slot, 0 to 1."),
        .choice("dash", lines, \.stroke.dash).described(
            "The line's pattern: solid, dashed or dotted (a by= plot's groups take them in turn)."),
        .flag("last", lines, \.stroke.last).described(
            "Mark the last point in view and write its value beside it."),
        .flag("spokes", family(.radar), \.stroke.spokes).described(
            "Draw each value as a line from the centre out to it, without the polygon."),
        .choice("linejoin", lines, \.stroke.join).described(
            "How SVG, PNG, PDF and Vega-Lite join the line's segments: round (the default), miter or bevel."
        ),
        .choice("linecap", lines, \.stroke.cap).described(
            "How SVG, PNG, PDF and Vega-Lite end the line: round (the default), butt or square (a dotted line keeps round: its dots are caps)."
        ),
        .choice("style", lines.union(strips), \.stroke.curve).described(
            "Straight segments, a smooth (monotone) curve through the points, or steps (each value held until the next x: an ECDF's default)."
        ),
        marker.described(
            "The marker: circle, square, diamond, cross or one character in quotes."),
        .positive(
            "size", with(.markers).subtracting(channels), what: "a marker size", \.marker.size
        )
        .described(
            "The marker's size (1 is one dot)."),
        sizeChannel,
        .color("outline", bars, \.bar.outline).described(
            "A colour for the bars' outlines."),
        .positive("outlinewidth", bars, what: "an outline width", \.bar.outlineWidth).described(
            "The outline's width in points (SVG)."),
        .choice("fill", lines.union(strips), \.stroke.fill).described(
            "Fill under the line: none, solid or gradient."),
        .color("fillcolor", lines.union(strips), \.stroke.fillColor).described(
            "The fill's colour (default the line's, lighter)."),
        gradient.described(
            "The gradient's two colours, C1..C2 (top to bottom)."),
        .choice("gradienttype", lines, \.stroke.gradientType).described(
            "The gradient's shape: linear (top to bottom) or radial (from the centre)."),
        .flag("rounded", bars.subtracting(family(.histogram)), \.bar.rounded).described(
            "Round the bars' ends (SVG)."),
        valueLabels.described(
            "Labels on the marks: on or value writes each value, percent its share of the whole, a column's name its row's text (a year on a connected scatter)."
        ),
        textChannel,
        bins.described(
            "The bins: auto, sturges, fd (Freedman–Diaconis) or a count."),
        .flag("density", family(.histogram), \.histogram.density).described(
            "Draw the density (area 1) instead of counts."),
        jitter.described(
            "Spread the dots along x by up to half of W slots either way (0 < W ≤ 1, a share of the space between categories or x values), evenly and the same every time; off: in place."
        ),
        .choice("sort", with(.sortsCategories), \.categories.sort).described(
            "The categories' order: as they come (data), by value (descending, ascending) or by name."
        ),
        PlotOption(
            name: "center", kinds: [.donut], binding: false, values: .text,
            read: { token, s in s.style.categories.center = token.text },
            written: { $0.style.categories.center.map(ScriptQuoting.quoted) },
            merge: merging(\.categories.center)
        ).described(
            "The text in the donut's hole."),
        .choice("kind", strips, \.spark.kind).described(
            "What the sparkline draws: a line, bars or dots."),
        sparkRange.described(
            "The sparkline's fixed range, MIN..MAX (default its data's)."),
        .flag("zero", strips, \.spark.zero).described(
            "Make the sparkline's range include zero."),
        sparkHeight.described(
            "The sparkline's height in rows."),
        .choice("place", strips, \.spark.place).described(
            "Where the sparkline stands: a strip below the chart (default) or above the plot, or in the right or left margin beside the plot, as tall as it."
        ),
    ]

    /// `marker=circle|square|diamond|cross` or one character in quotes.
    static let marker = PlotOption(
        name: "marker", kinds: with(.markers), binding: false,
        values: .either(.keyword(MarkerStyle.Shape.names), .text),
        read: { token, s throws(Diagnostic) in
            if token.kind == .string {
                guard token.text.count == 1, let glyph = token.text.first else {
                    throw Diagnostic(
                        .invalidValue(key: "marker", value: token.text, expected: "one character"),
                        at: token.range)
                }
                s.style.marker.shape = .glyph(glyph)
                return
            }
            let markers: [String: MarkerStyle.Shape] = [
                "circle": .circle, "square": .square, "diamond": .diamond, "cross": .cross,
            ]
            guard let marker = markers[token.text.lowercased()] else {
                throw Diagnostic(
                    .unknown(
                        .value, token.text, context: "marker", candidates: MarkerStyle.Shape.names),
                    at: token.range)
            }
            s.style.marker.shape = marker
        },
        written: { plot in
            switch plot.style.marker.shape {
            case .none: nil
            case .glyph(let g): ScriptQuoting.quoted(String(g))
            case .circle: "circle"
            case .square: "square"
            case .diamond: "diamond"
            case .cross: "cross"
            }
        },
        merge: merging(\.marker.shape))

    /// `jitter=W` (0 < W ≤ 1) or `jitter=off` (stored as 0, which draws the dots in place).
    static let jitter = PlotOption(
        name: "jitter", kinds: [.dot], binding: false,
        values: .either(.keyword(["off"]), .number(0.01...1)),
        read: { token, s throws(Diagnostic) in
            s.style.marker.jitter =
                token.text.lowercased() == "off"
                ? 0
                : try ValueParser.positive(
                    token, key: "jitter", what: "a share of the slot", limit: 1)
        },
        written: { plot in
            plot.style.marker.jitter.map { $0 == 0 ? "off" : CommandPrinter.number($0) }
        },
        merge: merging(\.marker.jitter))

    /// `gradient=C1..C2`.
    static let gradient = PlotOption(
        name: "gradient", kinds: lines, binding: false, values: .colorPair,
        read: { token, s throws(Diagnostic) in
            let parts = token.text.components(separatedBy: "..")
            guard parts.count == 2, let start = Color(parsing: parts[0]),
                let end = Color(parsing: parts[1])
            else {
                throw Diagnostic(
                    .invalidValue(
                        key: "gradient", value: token.text,
                        expected: "two colours like #16aafc..white@0"), at: token.range)
            }
            s.style.stroke.gradient = StrokeStyle.GradientColors(start: start, end: end)
        },
        written: { $0.style.stroke.gradient.map { "\($0.start)..\($0.end)" } },
        merge: merging(\.stroke.gradient))

    /// Sparklines: `range=MIN..MAX`.
    static let sparkRange = PlotOption(
        name: "range", kinds: strips, binding: false, values: .range,
        read: { token, s throws(Diagnostic) in
            let (lower, upper) = try ValueParser.range(token, key: "range")
            guard let lower, let upper else {
                throw Diagnostic(
                    .invalidValue(
                        key: "range", value: token.text, expected: "both ends, like 0..100"),
                    at: token.range)
            }
            s.style.spark.range = lower...upper
        },
        written: { plot in
            plot.style.spark.range.map {
                "\(CommandPrinter.number($0.lowerBound))..\(CommandPrinter.number($0.upperBound))"
            }
        },
        merge: merging(\.spark.range))

    /// Histograms: `bins=auto|sturges|fd|N`.
    static let bins = PlotOption(
        name: "bins", kinds: family(.histogram), binding: false,
        values: .either(.keyword(HistogramStyle.Bins.names), .integer(1...1000)),
        read: { token, s throws(Diagnostic) in
            switch token.text.lowercased() {
            case "auto": s.style.histogram.bins = .auto
            case "sturges": s.style.histogram.bins = .sturges
            case "fd": s.style.histogram.bins = .fd
            default:
                s.style.histogram.bins = .count(
                    try ValueParser.integer(token, "a bin count or auto|sturges|fd", in: 1...1000))
            }
        },
        written: { plot in
            switch plot.style.histogram.bins {
            case .none: nil
            case .auto: "auto"
            case .sturges: "sturges"
            case .fd: "fd"
            case .count(let n): String(n)
            }
        },
        merge: merging(\.histogram.bins))

    /// Sparklines: `height=N` rows.
    static let sparkHeight = PlotOption(
        name: "height", kinds: strips, binding: false, values: .integer(1...20),
        read: { token, s throws(Diagnostic) in
            s.style.spark.height = try ValueParser.integer(token, "a height in rows", in: 1...20)
        },
        written: { $0.style.spark.height.map(String.init) },
        merge: merging(\.spark.height))
}
