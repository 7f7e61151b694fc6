import ChartbookModel

extension PlotOption {
    /// Every plot option, in the order they are listed, completed and written.
    static let all: [PlotOption] = bindings + styles

    static let bindings: [PlotOption] = [
        .bound(
            "x", xy.union(categorical),
            read: { token, b in b.x = Located(token.text, at: token.range) },
            written: { $0.x.map(ScriptQuoting.quotedIfNeeded) }),
        .bound(
            "y", [.heatmap], read: { token, b in b.y = Located(token.text, at: token.range) },
            written: { $0.y.map(ScriptQuoting.quotedIfNeeded) }),
        .bound(
            "low", [.range, .candlestick],
            read: { token, b in b.low = Located(token.text, at: token.range) },
            written: { $0.low.map(ScriptQuoting.quotedIfNeeded) }),
        .bound(
            "high", [.candlestick],
            read: { token, b in b.high = Located(token.text, at: token.range) },
            written: { $0.high.map(ScriptQuoting.quotedIfNeeded) }),
        .bound(
            "open", [.candlestick],
            read: { token, b in b.open = Located(token.text, at: token.range) },
            written: { $0.open.map(ScriptQuoting.quotedIfNeeded) }),
        .bound(
            "by", main.subtracting([.pie, .donut, .heatmap, .candlestick, .range]),
            read: { token, b in b.by = Located(token.text, at: token.range) },
            written: { $0.by.map(ScriptQuoting.quotedIfNeeded) }),
        .bound(
            "where", main,
            read: { token, b throws(Diagnostic) in b.filter = try Parser.rowFilter(token) },
            written: { $0.filter.map { ScriptQuoting.quotedIfNeeded($0.description) } }),
        .bound(
            "axis", xy, choices: PlotBinding.Axis.allCases.map(\.rawValue),
            read: { token, b throws(Diagnostic) in
                b.axis = try ValueParser.choice(token, key: "axis", as: PlotBinding.Axis.self)
            },
            written: { $0.axis == .left ? nil : $0.axis.rawValue }),
        .bound(
            "order", lines, choices: PlotBinding.Order.allCases.map(\.rawValue),
            read: { token, b throws(Diagnostic) in
                b.order = try ValueParser.choice(token, key: "order", as: PlotBinding.Order.self)
            },
            written: { $0.order == .x ? nil : $0.order.rawValue }),
    ]

    static let styles: [PlotOption] = [
        .color("color", Set(Plot.Kind.allCases), \.color),
        // `width=` is a stroke in points for lines and polygons, a share of the slot for bars.
        .positive("width", lines.union([.radar]), what: "a stroke width", \.stroke.width),
        .positive(
            "width", bars.union([.candlestick, .box]), what: "a share of the slot", limit: 1,
            \.bar.width),
        .choice("style", lines, \.stroke.curve),
        marker,
        .positive("size", [.dot, .radar], what: "a marker size", \.marker.size),
        .color("outline", bars, \.bar.outline),
        .positive("outlinewidth", bars, what: "an outline width", \.bar.outlineWidth),
        .choice("fill", lines, \.stroke.fill),
        .color("fillcolor", lines, \.stroke.fillColor),
        gradient,
        .choice("gradienttype", lines, \.stroke.gradientType),
        .flag("rounded", bars.subtracting([.histogram]), \.bar.rounded),
        .choice(
            "labels", [.bar, .grouped, .stacked, .hbar, .histogram, .dot, .pie, .donut], \.labels),
        bins,
        .flag("density", [.histogram], \.histogram.density),
        .choice("sort", [.hbar, .pie, .donut], \.categories.sort),
        PlotOption(
            name: "center", kinds: [.donut], binding: false, choices: [],
            read: { token, s in s.style.categories.center = token.text },
            written: { $0.style.categories.center.map(ScriptQuoting.quoted) },
            merge: merging(\.categories.center)),
        .choice("kind", [.sparkline], \.spark.kind),
        sparkRange,
        .flag("zero", [.sparkline], \.spark.zero),
        sparkHeight,
    ]

    /// `marker=circle|square|diamond|cross` or one character in quotes.
    static let marker = PlotOption(
        name: "marker", kinds: [.dot, .radar], binding: false, choices: MarkerStyle.Shape.names,
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

    /// `gradient=C1..C2`.
    static let gradient = PlotOption(
        name: "gradient", kinds: lines, binding: false, choices: [],
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
        name: "range", kinds: [.sparkline], binding: false, choices: [],
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
                "\(SessionScript.number($0.lowerBound))..\(SessionScript.number($0.upperBound))"
            }
        },
        merge: merging(\.spark.range))

    /// Histograms: `bins=auto|sturges|fd|N`.
    static let bins = PlotOption(
        name: "bins", kinds: [.histogram], binding: false,
        choices: HistogramStyle.Bins.names,
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
        name: "height", kinds: [.sparkline], binding: false, choices: [],
        read: { token, s throws(Diagnostic) in
            s.style.spark.height = try ValueParser.integer(token, "a height in rows", in: 1...20)
        },
        written: { $0.style.spark.height.map(String.init) },
        merge: merging(\.spark.height))
}
