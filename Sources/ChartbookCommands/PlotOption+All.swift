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
        .positive(
            "width", lines.union(bars).union([.candlestick, .box]), what: "a width", \.width),
        .choice(
            "style", lines, PlotStyle.LineStyle.self, get: { $0.lineStyle },
            set: { $0.lineStyle = $1 }),
        marker,
        .positive("size", [.dot], what: "a marker size", \.size),
        .color("outline", bars, \.outline),
        .positive("outlinewidth", bars, what: "an outline width", \.outlineWidth),
        .choice("fill", lines, PlotStyle.Fill.self, get: { $0.fill }, set: { $0.fill = $1 }),
        .color("fillcolor", lines, \.fillColor),
        gradient,
        .choice(
            "gradienttype", lines, PlotStyle.GradientType.self, get: { $0.gradientType },
            set: { $0.gradientType = $1 }),
        .flag("rounded", bars.subtracting([.histogram]), \.rounded),
        .choice(
            "labels", [.bar, .grouped, .stacked, .hbar, .histogram, .dot, .pie, .donut],
            PlotStyle.ValueLabels.self, get: { $0.labels }, set: { $0.labels = $1 }),
        bins,
        .flag("density", [.histogram], \.density),
        .choice(
            "sort", [.hbar, .pie, .donut], PlotStyle.SortOrder.self, get: { $0.sort },
            set: { $0.sort = $1 }),
        PlotOption(
            name: "center", kinds: [.donut], binding: false, choices: [],
            read: { token, s in s.style.center = token.text },
            written: { $0.style.center.map(ScriptQuoting.quoted) },
            merge: { style, other in if let v = other.center { style.center = v } }),
        .choice(
            "kind", [.sparkline], PlotStyle.SparkKind.self, get: { $0.sparkKind },
            set: { $0.sparkKind = $1 }),
        sparkRange,
        .flag("zero", [.sparkline], \.sparkZero),
        sparkHeight,
    ]

    /// `marker=circle|square|diamond|cross` or one character in quotes.
    static let marker = PlotOption(
        name: "marker", kinds: [.dot], binding: false, choices: PlotStyle.Marker.names,
        read: { token, s throws(Diagnostic) in
            if token.kind == .string {
                guard token.text.count == 1, let glyph = token.text.first else {
                    throw Diagnostic(
                        .invalidValue(key: "marker", value: token.text, expected: "one character"),
                        at: token.range)
                }
                s.style.marker = .glyph(glyph)
                return
            }
            let markers: [String: PlotStyle.Marker] = [
                "circle": .circle, "square": .square, "diamond": .diamond, "cross": .cross,
            ]
            guard let marker = markers[token.text.lowercased()] else {
                throw Diagnostic(
                    .unknown(
                        .value, token.text, context: "marker", candidates: PlotStyle.Marker.names),
                    at: token.range)
            }
            s.style.marker = marker
        },
        written: { plot in
            switch plot.style.marker {
            case .none: nil
            case .glyph(let g): ScriptQuoting.quoted(String(g))
            case .circle: "circle"
            case .square: "square"
            case .diamond: "diamond"
            case .cross: "cross"
            }
        },
        merge: { style, other in if let v = other.marker { style.marker = v } })

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
            s.style.gradient = PlotStyle.GradientColors(start: start, end: end)
        },
        written: { $0.style.gradient.map { "\($0.start)..\($0.end)" } },
        merge: { style, other in if let v = other.gradient { style.gradient = v } })

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
            s.style.sparkRange = lower...upper
        },
        written: { plot in
            plot.style.sparkRange.map {
                "\(SessionScript.number($0.lowerBound))..\(SessionScript.number($0.upperBound))"
            }
        },
        merge: { style, other in if let v = other.sparkRange { style.sparkRange = v } })

    /// Histograms: `bins=auto|sturges|fd|N`.
    static let bins = PlotOption(
        name: "bins", kinds: [.histogram], binding: false,
        choices: PlotStyle.HistogramBins.names,
        read: { token, s throws(Diagnostic) in
            switch token.text.lowercased() {
            case "auto": s.style.bins = .auto
            case "sturges": s.style.bins = .sturges
            case "fd": s.style.bins = .fd
            default:
                s.style.bins = .count(
                    try ValueParser.integer(token, "a bin count or auto|sturges|fd", in: 1...1000))
            }
        },
        written: { plot in
            switch plot.style.bins {
            case .none: nil
            case .auto: "auto"
            case .sturges: "sturges"
            case .fd: "fd"
            case .count(let n): String(n)
            }
        },
        merge: { style, other in if let v = other.bins { style.bins = v } })

    /// Sparklines: `height=N` rows.
    static let sparkHeight = PlotOption(
        name: "height", kinds: [.sparkline], binding: false, choices: [],
        read: { token, s throws(Diagnostic) in
            s.style.sparkHeight = try ValueParser.integer(token, "a height in rows", in: 1...20)
        },
        written: { $0.style.sparkHeight.map(String.init) },
        merge: { style, other in if let v = other.sparkHeight { style.sparkHeight = v } })
}
