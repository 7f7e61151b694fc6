import ChartbookModel

/// The transform options of `add plot` / `set plot`: `agg=`, `bin=`, `rolling=`,
/// `running=`, `change=` — read into the plot's binding, whose `TransformPipeline` the
/// executor runs (Docs/commands.md, "Computing what to draw").
extension PlotOption {
    static let transforms: [PlotOption] = [
        aggregate, bin, top, rolling, running, change, method, band, extent, bandwidth, stack,
    ]

    static let stack = PlotOption.bound(
        "stack", [.area, .stacked], values: .keyword(StackMode.allCases.map(\.rawValue) + ["off"]),
        read: { token, b throws(Diagnostic) in
            b.stack = Located(
                token.text.lowercased() == "off"
                    ? nil : try ValueParser.choice(token, key: "stack", as: StackMode.self),
                at: token.range)
        },
        written: { $0.stack.map { $0.value?.rawValue ?? "off" } }
    ).described(
        "Stack the by= groups: on (from zero, one on another), normalize (each x's groups as shares of its total, reaching 1), or off (areas overlap)."
    )

    static let band = PlotOption.bound(
        "band", [.trend], values: .keyword(["on", "off", "90%", "99%"]),
        read: { token, b throws(Diagnostic) in
            b.band = Located(try bandLevel(token), at: token.range)
        },
        written: { spec in
            spec.band.map { band in
                band.value.map { $0 == 0.95 ? "on" : CommandPrinter.number($0 * 100) + "%" }
                    ?? "off"
            }
        }
    ).described(
        "A confidence band around a least-squares trend (linear, poly:K, log): on (95 %), a level such as 90% or 99%, or off."
    )

    /// `band=on` (0.95), `band=off` (nil) or `band=P%` (P from 50 to 99.9).
    static func bandLevel(_ token: Token) throws(Diagnostic) -> Double? {
        let text = token.text.lowercased()
        if text == "on" { return 0.95 }
        if text == "off" || text == "none" { return nil }
        if text.hasSuffix("%"), let p = ValueParser.number(String(text.dropLast())),
            (50...99.9).contains(p)
        {
            return p / 100
        }
        throw Diagnostic(
            .invalidValue(
                key: "band", value: token.text,
                expected: "on, off, or a confidence level from 50% to 99.9% (95% is on)"),
            at: token.range)
    }

    static let bandwidth = PlotOption.bound(
        "bandwidth", [.density, .violin], values: .either(.keyword(["auto"]), .number(1e-9...1e12)),
        read: { token, b throws(Diagnostic) in
            b.bandwidth = Located(
                token.text.lowercased() == "auto"
                    ? nil
                    : try ValueParser.positive(
                        token, key: "bandwidth", what: "a bandwidth", limit: 1e12),
                at: token.range)
        },
        written: { $0.bandwidth.map { $0.value.map(CommandPrinter.number) ?? "auto" } }
    ).described(
        "The kernel's standard deviation, in the values' units; auto (the default): Scott's rule, 1.06 · min(s, IQR/1.34) · n^-1/5, as Vega-Lite computes it."
    )

    static let top = PlotOption.bound(
        "top", with(.sortsCategories),
        values: .either(.keyword(["none"]), .integer(1...10_000)),
        read: { token, b throws(Diagnostic) in
            b.top = Located(
                try noneOr(token) { t throws(Diagnostic) in
                    try ValueParser.integer(t, "top", in: 1...10_000)
                }, at: token.range)
        },
        written: { $0.top.map { $0.value.map(String.init) ?? "none" } }
    ).described(
        "Only the N categories with the largest values (after agg=; with by=, the sum of their groups), largest first; the rest are counted under the chart."
    )

    static let extent = boundChoice(
        "extent", [.errorbar], ErrorExtent.self, \.extent
    ).described(
        "Whiskers computed from the rows sharing an x (and a by= group): the mean ± the standard deviation (stdev) or the standard error (stderr), or the quartiles around the median (iqr)."
    )

    /// A binding option whose value is one of an enum's words or `none` (which removes it).
    static func boundChoice<T: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ kinds: Set<Plot.Kind>, _ type: T.Type,
        _ path: WritableKeyPath<PlotBindingSpec, Located<T?>?> & Sendable
    ) -> PlotOption where T.RawValue == String {
        PlotOption.bound(
            name, kinds, values: .keyword(T.allCases.map(\.rawValue) + ["none"]),
            read: { token, b throws(Diagnostic) in
                b[keyPath: path] = Located(
                    try noneOr(token) { t throws(Diagnostic) in
                        try ValueParser.choice(t, key: name, as: T.self)
                    }, at: token.range)
            },
            written: { $0[keyPath: path].map { $0.value?.rawValue ?? "none" } })
    }

    static let aggregates = with(.aggregates)
    static let windows = with(.windows)

    static let aggregate = boundChoice(
        "agg", aggregates, Aggregation.self, \.aggregate
    ).described(
        "Combine the rows that share an x (and a by= group; on a heatmap, an x and a y=): sum, count, mean, median, min, max, q1, q3, the percentiles p90, p95, p99, stdev or distinct."
    )

    static let bin = PlotOption.bound(
        "bin", aggregates,
        values: .either(.keyword(TimeUnit.allCases.map(\.rawValue) + ["none"]), .integer(1...1000)),
        read: { token, b throws(Diagnostic) in
            b.bin = Located(try noneOr(token, read: binValue), at: token.range)
        },
        written: { $0.bin.map { $0.value?.description ?? "none" } }
    ).described(
        "Group x into bins before agg=: a count (about N bins), step:W, a span of time over a time x (10min, 6h, 2w), or a calendar unit (year … minute, month-of-year, day-of-week, hour-of-day)."
    )

    static let rolling = PlotOption.bound(
        "rolling", windows,
        values: .either(.keyword(["none"]), .integer(1...100_000)),
        read: { token, b throws(Diagnostic) in
            b.window = Located(try noneOr(token, read: rollingValue), at: token.range)
        },
        written: { spec in
            guard let window = spec.window else { return nil }
            guard case .rolling(let op, let extent) = window.value else {
                return window.value == nil ? "none" : nil
            }
            return (op == .mean ? "" : op.rawValue + ":") + extentText(extent)
        }
    ).described(
        "A rolling window along x: the mean (or OP:) of the last N points, or of a span of time (7d, 12h)."
    )

    static let method = PlotOption.bound(
        "method", [.trend], values: .keyword(TrendMethod.words),
        read: { token, b throws(Diagnostic) in
            guard let method = TrendMethod(parsing: token.text) else {
                throw Diagnostic(
                    .invalidValue(
                        key: "method", value: token.text,
                        expected:
                            "linear, poly:K (K from 2 to 6), exp, log, loess or loess:BANDWIDTH (0 to 1)"
                    ), at: token.range)
            }
            b.trend = Located(method, at: token.range)
        },
        written: { $0.trend.map { $0.value.description } }
    ).described(
        "How the trend is fitted: linear, poly:K (K from 2 to 6), exp, log or loess[:BANDWIDTH] (default linear)."
    )

    static let running = windowChoice(
        "running", PlotWindow.Running.self, make: PlotWindow.running
    ).described("A running total (or mean, min, max, count) along x.")

    static let change = windowChoice(
        "change", PlotWindow.Change.self, make: PlotWindow.change
    ).described(
        "The difference from the point before (diff), the percent change (pct), or each point as an index of the first (index: the first is 100)."
    )

    /// A window option whose value is one word (`running=sum`, `change=pct`).
    static func windowChoice<T: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ type: T.Type, make: @escaping @Sendable (T) -> PlotWindow
    ) -> PlotOption where T.RawValue == String {
        PlotOption.bound(
            name, windows, values: .keyword(T.allCases.map(\.rawValue) + ["none"]),
            read: { token, b throws(Diagnostic) in
                let value = try noneOr(token) { t throws(Diagnostic) in
                    make(try ValueParser.choice(t, key: name, as: T.self))
                }
                b.window = Located(value, at: token.range)
            },
            written: { spec in
                guard let value = spec.window?.value, value.option == name else { return nil }
                return T.allCases.first { make($0) == value }?.rawValue
            })
    }

    /// nil for `none`, else what `read` makes of the token.
    static func noneOr<T>(_ token: Token, read: (Token) throws(Diagnostic) -> T)
        throws(Diagnostic) -> T?
    {
        token.text.lowercased() == "none" ? nil : try read(token)
    }

    /// `bin=N`, `bin=step:W` or `bin=UNIT`.
    static func binValue(_ token: Token) throws(Diagnostic) -> XBin {
        let text = token.text.lowercased()
        if let unit = TimeUnit(rawValue: text) { return .time(unit) }
        if let n = Int(text), (1...1000).contains(n) { return .count(n) }
        if text.hasPrefix("step:"), let w = ValueParser.number(String(text.dropFirst(5))),
            w.isFinite, w > 0
        {
            return .step(w)
        }
        if let seconds = span(text) { return .span(seconds) }
        throw Diagnostic(
            .invalidValue(
                key: "bin", value: token.text,
                expected:
                    "a number of bins (1 to 1000), step:WIDTH, a span of time (10min, 6h, 2w), or one of "
                    + ValueParser.listed(TimeUnit.allCases.map(\.rawValue), "or")),
            at: token.range)
    }

    /// `rolling=[OP:]N` or `rolling=[OP:]SPAN` (a span in s, min, h, d or w).
    static func rollingValue(_ token: Token) throws(Diagnostic) -> PlotWindow {
        var text = token.text.lowercased()
        var op = PlotWindow.Rolling.mean
        if let colon = text.firstIndex(of: ":") {
            let name = String(text[..<colon])
            guard let chosen = PlotWindow.Rolling(rawValue: name) else {
                throw Diagnostic(
                    .unknown(
                        .value, name, context: "rolling",
                        candidates: PlotWindow.Rolling.allCases.map(\.rawValue)), at: token.range)
            }
            op = chosen
            text = String(text[text.index(after: colon)...])
        }
        if let n = Int(text), (1...100_000).contains(n) { return .rolling(op, .points(n)) }
        if let seconds = span(text) { return .rolling(op, .span(seconds)) }
        throw Diagnostic(
            .invalidValue(
                key: "rolling", value: token.text,
                expected:
                    "a number of points (1 to 100000) or a span like 7d, 12h, 30min (OP: first for median, sum, min, max)"
            ), at: token.range)
    }

    /// A window's reach as written: N points, or the span in its largest whole unit.
    static func extentText(_ extent: PlotWindow.Extent) -> String {
        switch extent {
        case .points(let n): return String(n)
        case .span(let seconds): return XBin.spanText(seconds)
        }
    }

    /// A span of time as `rolling=` and `bin=` read it: N followed by s, min, h, d or w.
    static func span(_ text: String) -> Double? {
        guard ["s", "min", "h", "d", "w"].contains(where: text.hasSuffix),
            let seconds = XValueReader.duration(text), seconds > 0, seconds.isFinite
        else { return nil }
        return seconds
    }
}
