import ChartbookModel

/// The channels every layer shares: x as the session's x scale reads it, y with the axis
/// settings, colour by `by=` or the plot's own colour.
extension VegaLiteSpec {
    /// The x field and its type: the plot's x column on a real x scale; on the index, the
    /// dataset's labels (ordinal) or the row number.
    func xEncoding(_ plot: Plot, _ dataset: Dataset, discrete: Bool = false) -> JSON {
        let title = session.axes.xTitle.map(JSON.string)
        let kind = session.xScaleKind
        guard kind != .index, let column = session.xColumn(of: plot) else {
            if dataset.labels != nil {
                // chartbook's points span the plot from edge to edge (bars: whole slots).
                return .object([
                    "field": .string(labelField(dataset)), "type": "ordinal", "sort": .null,
                    "scale": .object(["padding": 0]), "title": title ?? .null,
                    "axis": session.axes.xGuide.top ? .object(["orient": "top"]) : nil,
                ])
            }
            return .object([
                "field": .string(Self.rowField), "type": discrete ? "ordinal" : "quantitative",
                "title": title ?? "point",
                "axis": session.axes.xGuide.top ? .object(["orient": "top"]) : nil,
            ])
        }
        if kind == .category || discrete {
            return discreteX(plot, column, text: kind == .category && column.kind == .text)
        }
        var scale = [JSON.Member]()
        // (Vega's symlog is sign·ln(1 + |v|): chartbook's base-10 one scaled, the same places.)
        if kind.isTransformed { scale.append(JSON.Member("type", .string(kind.rawValue))) }
        if kind == .time { scale.append(JSON.Member("type", "utc")) }
        if let xAxis {
            // chartbook's interval and ticks (its view, its slots' room, not from zero).
            scale += drawnDomain(xAxis, time: kind == .time)
        } else if let interval = session.view.xInterval, !kind.isTransformed {
            let ends = [interval.lowerBound, interval.upperBound]
            scale.append(
                JSON.Member(
                    "domain", .array(ends.map { kind == .time ? .string(time($0)) : .number($0) })))
        } else if let domain = slottedDomain(kind) {
            // Bars stand in slots: the axis reaches half the smallest step beyond the ends,
            // as chartbook's (the first and last bars were cut in half).
            let ends = [domain.lowerBound, domain.upperBound]
            scale += [
                JSON.Member(
                    "domain", .array(ends.map { kind == .time ? .string(time($0)) : .number($0) })),
                JSON.Member("nice", false),
            ]
        } else if kind == .linear {
            // chartbook's x spans the data, not from zero (Vega-Lite's default for numbers).
            scale.append(JSON.Member("zero", false))
        }
        // Whole numbers are written as chartbook writes them: 1898, not 1,898.
        let whole =
            kind == .linear
            && (column.numbers ?? []).allSatisfy { !$0.isFinite || $0 == $0.rounded() }
        let axis =
            xAxis.map { drawnAxis($0, time: kind == .time, extra: guideMembers(x: true)) }
            ?? (whole ? .object(["format": "d"]) : nil)
        return .object([
            "field": .string(column.name), "type": kind == .time ? "temporal" : "quantitative",
            "scale": scale.isEmpty ? nil : .object(scale), "title": title, "axis": axis,
        ])
    }

    /// An x of categories (or numbers made discrete for bars side by side): chartbook's
    /// order; on `text` categories every one in its place — a category whose values are all
    /// missing (a first `change=`) still holds its slot, where Vega-Lite would drop it.
    func discreteX(_ plot: Plot, _ column: Column, text: Bool) -> JSON {
        var scale = slotted ? [JSON.Member("padding", 0)] : []
        let sort = categoryOrder(plot)
        if text, case .array(let names) = sort {
            scale.append(JSON.Member("domain", .array(names)))
        } else if text, sort == .null {
            scale.append(
                JSON.Member("domain", .array(session.xCategoriesAsMet.names.map(JSON.string))))
        }
        return .object([
            "field": .string(column.name), "type": "ordinal", "sort": sort,
            "scale": scale.isEmpty ? nil : .object(scale),
            "title": session.axes.xTitle.map(JSON.string), "axis": categoryAxis(labelled: text),
        ])
    }

    /// A discrete x axis: over the plot with `position=top`, and on text categories the
    /// labels chartbook drew where it labelled only some (a narrow panel, `at=`), by name;
    /// nil when Vega-Lite's own axis draws the same.
    func categoryAxis(labelled: Bool) -> JSON? {
        var members = [JSON.Member]()
        if session.axes.xGuide.top { members.append(JSON.Member("orient", "top")) }
        let names = session.xCategories.names
        if labelled, let shown = drawn.labelledCategories, shown.count < names.count {
            let values = shown.filter(names.indices.contains).map { JSON.string(names[$0]) }
            members.append(JSON.Member("values", .array(values)))
        }
        return members.isEmpty ? nil : .object(members)
    }

    /// Whether a main plot stands in slots (bars, candles, error bars): a band x then, its
    /// slots whole and touching as chartbook's (no padding), bars a share of each.
    var slotted: Bool { session.mainPlots.contains(where: \.standsInSlots) }

    /// The order of x categories: as the data has them, or for names of a calendar bin
    /// (`bin=day-of-week`, `month-of-year`) by their place in the calendar, as chartbook
    /// orders them (Monday first), not by the first row's.
    func categoryOrder(_ plot: Plot) -> JSON {
        // A `sort=` or a `top=` ranking: chartbook's order, named (found once).
        let met = session.xCategoriesAsMet
        if let sorted = session.sortedCategories(met) {
            return .array(sorted.names.map(JSON.string))
        }
        if session.mainPlots.contains(where: { $0.binding.top != nil }) {
            return .array(met.names.map(JSON.string))
        }
        guard let bin = pipeline(of: plot)?.bin, case .time(let unit) = bin,
            unit.keyKind == .text
        else { return .null }
        return .object(["field": .string(Self.keyField), "op": "min"])
    }

    /// On a time or number x with plots standing in slots (bars, candles, error bars): the
    /// main plots' x extent widened by half the slotted plots' smallest step each side, as
    /// chartbook's axis is; nil otherwise.
    func slottedDomain(_ kind: XScaleKind) -> ClosedRange<Double>? {
        guard kind == .time || kind == .linear, slotted else { return nil }
        var lo = Double.infinity, hi = -Double.infinity, step = Double.infinity
        for plot in session.mainPlots {
            guard let xs = session.xColumn(of: plot)?.numbers else { continue }
            let sorted = xs.filter(\.isFinite).sorted()
            guard let first = sorted.first, let last = sorted.last else { continue }
            (lo, hi) = (min(lo, first), max(hi, last))
            if plot.standsInSlots {
                step = min(step, Statistics.smallestStep(sorted, sorted: true))
            }
        }
        guard lo < hi, step.isFinite else { return nil }
        return (lo - step / 2)...(hi + step / 2)
    }

    /// Whether the chart's x is discrete already (categories, or labels on the index).
    func xIsDiscrete(_ dataset: Dataset) -> Bool {
        let kind = session.xScaleKind
        return kind == .category || (kind == .index && dataset.labels != nil)
    }

    /// The field that holds a dataset's x labels: `_label` inline, the label column in a file.
    func labelField(_ dataset: Dataset) -> String {
        if !inline(dataset), case .file(_, let options) = dataset.source,
            let column = options.labelColumn
        {
            return column
        }
        return Self.labelField
    }

    /// A quantitative y on `field`: log scale, fixed range, zero, the right axis, the title.
    func yEncoding(_ plot: Plot, field: String, extra: [JSON.Member] = []) -> JSON {
        var scale = [JSON.Member]()
        // Vega's symlog is sign·ln(1 + |v|): chartbook's base-10 one scaled, the same places.
        if session.axes.yScale != .linear {
            scale.append(JSON.Member("type", .string(session.axes.yScale.rawValue)))
        }
        if case .fixed(let lower, let upper) = session.axes.range {
            if let lower { scale.append(JSON.Member("domainMin", .number(lower))) }
            if let upper { scale.append(JSON.Member("domainMax", .number(upper))) }
        } else if let drawn = leftAxis(plot) {
            // chartbook's range, ends and all (Vega-Lite's nice range differs).
            scale += drawnDomain(drawn, time: false)
        } else if let outer = drawn.outerAxes.first(where: { $0.axis == plot.binding.axis }) {
            scale += drawnDomain(DrawnAxis(domain: outer.domain, ticks: outer.ticks), time: false)
        }
        // As chartbook: the range holds zero for bars and areas, or when `set zero on`.
        let zero = session.axes.includeZero || plot.kind.standsOnZero
        scale.append(JSON.Member("zero", .bool(zero)))
        var members = [
            JSON.Member("field", .string(field)), JSON.Member("type", "quantitative"),
        ]
        if !scale.isEmpty { members.append(JSON.Member("scale", .object(scale))) }
        // `set ylabel`, else what the values are: the plot's column, or a histogram's counts —
        // never a field chartbook made for the spec (`_value`, `_count`) or a range's low.
        if let title = session.axes.yTitle ?? Self.yTitle(field, plot) {
            members.append(JSON.Member("title", .string(title)))
        }
        if plot.binding.axis != .left {
            members.append(JSON.Member("axis", otherAxis(plot.binding.axis)))
        } else if let drawn = leftAxis(plot) {
            members.append(
                JSON.Member("axis", drawnAxis(drawn, time: false, extra: guideMembers(x: false))))
        }
        return .object(members + extra)
    }

    /// A y axis other than the left: its side, and a second axis's ticks as chartbook drew
    /// them, outside its side's first by `outerOffset` pixels.
    func otherAxis(_ axis: PlotBinding.Axis) -> JSON {
        var members = [JSON.Member("orient", axis.isRight ? "right" : "left")]
        if axis.isOuter {
            members.append(JSON.Member("offset", .number(Double(outerOffset(axis)))))
            if let drawn = drawn.outerAxes.first(where: { $0.axis == axis }) {
                let values = drawn.ticks.map { JSON.number($0.value) }
                members.append(JSON.Member("values", .array(values)))
            }
        }
        return .object(members)
    }

    /// How far a second axis stands from the plot, in pixels: past its side's first axis's
    /// labels (about seven pixels a character, as Vega-Lite's default font), or none.
    func outerOffset(_ axis: PlotBinding.Axis) -> Int {
        let inner: PlotBinding.Axis = axis == .left2 ? .left : .right
        let labels: [String]
        if inner == .left {
            labels = yAxis?.ticks.map(\.label) ?? []
        } else {
            labels = drawn.rightTicks.map(\.label)
        }
        let widest = labels.map(\.count).max() ?? 0
        return widest == 0 ? 0 : widest * 7 + 14
    }

    /// The left y axis chartbook drew, for a plot on it.
    func leftAxis(_ plot: Plot) -> DrawnAxis? {
        plot.binding.axis == .left ? yAxis : nil
    }

    /// The y axis's title when `field` is not the plot's own column: `count` or `density` of
    /// a histogram, else the column; nil when it is (Vega-Lite titles a field by its name).
    static func yTitle(_ field: String, _ plot: Plot) -> String? {
        switch field {
        case plot.series.column: nil
        case "_count": "count"
        case "_density": "density"
        default: plot.series.column.isEmpty ? nil : plot.series.column
        }
    }

    /// Colour by the `by=` column; else, when the chart has several plots, the plot's id —
    /// both on one scale (`colorScale`), as Vega-Lite merges the layers' colour scales into
    /// one: the legend names and colours what chartbook's does.
    func colorEncoding(_ plot: Plot) -> JSON? {
        if let by = plot.binding.by, !plot.binding.detail {
            return .object([
                "field": .string(by), "type": "nominal",
                "scale": groupValues(plot, by).isEmpty ? nil : colorScale,
            ])
        }
        guard hasColorChannel(plot) else { return nil }
        return .object([
            "datum": .string(plot.id), "type": "nominal", "scale": colorScale, "title": .null,
        ])
    }

    /// The chart's one colour scale: each main plot's id with its colour, or for a `by=`
    /// plot its groups with theirs (in chartbook's order of first appearance), each value
    /// once (the first plot to name it colours it).
    var colorScale: JSON {
        var domain = [JSON](), range = [JSON]()
        func add(_ value: JSON, _ color: Color) {
            guard !domain.contains(value) else { return }
            domain.append(value)
            range.append(.string(color.hexOpaque))
        }
        for plot in session.mainPlots {
            if let by = plot.binding.by, !plot.binding.detail {
                for (number, value) in groupValues(plot, by).enumerated() {
                    add(value, plot.color(ofGroup: number))
                }
            } else {
                add(.string(plot.id), plot.resolvedColor)
            }
        }
        return .object(["domain": .array(domain), "range": .array(range)])
    }

    /// The values of `plot`'s `by=` column among the rows its `where=` keeps (or in its
    /// computed table: the groups it drew), each once, in order of first appearance, as the
    /// spec's rows hold them (numbers as numbers); a missing value is left out (Vega-Lite
    /// colours it apart). Empty for a time column.
    func groupValues(_ plot: Plot, _ by: String) -> [JSON] {
        // Times are written in the rows their own way: Vega-Lite's order is left to them.
        guard let dataset = session.table(of: plot), let column = dataset.column(named: by),
            !column.isTime
        else { return [] }
        let keep = session.rowsKept(by: plot)
        // The spec's rows are the dataset's: a column of numbers there is numbers in the
        // domain, even where a computed table keyed its groups by their text (a domain of
        // strings matches no number, and Vega-Lite drew no mark).
        let numeric =
            session.dataset(named: plot.series.dataset)?.column(named: by).map {
                $0.kind != .text && $0.numbers != nil
            } ?? false
        var seen = Set<String>(), values = [JSON]()
        for row in 0..<column.count where keep.map({ row < $0.count && $0[row] }) ?? true {
            let text = column.text(at: row)
            guard !text.isEmpty, seen.insert(text).inserted else { continue }
            if let numbers = column.numbers, column.kind != .text {
                values.append(.number(numbers[row]))
            } else if numeric, let number = Double(text) {
                values.append(.number(number))
            } else {
                values.append(.string(text))
            }
        }
        return values
    }

    /// Whether `colorEncoding` gives the plot a colour channel (its `by=` groups, or its id
    /// among several plots) — said without reading the groups.
    func hasColorChannel(_ plot: Plot) -> Bool {
        (plot.binding.by != nil && !plot.binding.detail) || session.mainPlots.count > 1
    }

    /// A mark of `type` in the plot's colour (unless a colour channel colours it), with
    /// `extra` settings.
    func mark(_ type: String, _ plot: Plot, _ extra: [JSON.Member] = []) -> JSON {
        var members = [JSON.Member("type", .string(type))]
        if !hasColorChannel(plot) {
            members.append(JSON.Member("color", .string(plot.resolvedColor.hexOpaque)))
        }
        if plot.markOpacity < 1, !extra.contains(where: { $0.key == "opacity" }) {
            members.append(JSON.Member("opacity", .number(plot.markOpacity)))
        }
        return .object(members + extra)
    }

    /// The channels of a mark at each row: x, y on `field` (default: the plot's column) and
    /// the colour channel when there is one.
    func channels(_ plot: Plot, _ dataset: Dataset, y field: String? = nil) -> [JSON.Member] {
        var channels = [
            JSON.Member("x", xEncoding(plot, dataset)),
            JSON.Member("y", yEncoding(plot, field: field ?? plot.series.column)),
        ]
        if let color = colorEncoding(plot) { channels.append(JSON.Member("color", color)) }
        // `detail=`: the groups drawn apart, alike (Vega-Lite's own detail channel).
        if plot.binding.detail, let by = plot.binding.by {
            channels.append(
                JSON.Member("detail", .object(["field": .string(by), "type": "nominal"])))
        }
        return channels
    }

    /// A layer: the plot's data and transforms (plus `extra`), its mark and encoding.
    func layer(
        _ plot: Plot, _ dataset: Dataset, mark: JSON, encoding: [JSON.Member],
        transforms extra: [JSON] = []
    ) -> JSON {
        .object([
            "data": data(dataset),
            "transform": .array(transforms(for: plot) + extra),
            "mark": clipped(mark),
            "encoding": .object(encoding),
        ])
    }

    /// `mark` clipped to a `view` domain, as chartbook's marks are.
    func clipped(_ mark: JSON) -> JSON {
        guard session.view.xInterval != nil, case .object(var members) = mark else { return mark }
        members.append(JSON.Member("clip", true))
        return .object(members)
    }
}
