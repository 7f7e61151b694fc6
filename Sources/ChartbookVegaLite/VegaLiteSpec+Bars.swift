import ChartbookModel
import ChartbookScene

/// The bar-like layers (issue 30's shared slots, issue 50's stacks): bars side by side or
/// stacked over a group's folded columns, and histograms over chartbook's own bins.
extension VegaLiteSpec {
    /// Bars of one group: side by side (`xOffset`) or stacked; several plots over their
    /// folded columns, one plot with `by=` over its groups.
    func barLayers(_ group: [Plot], _ dataset: Dataset) -> [JSON] {
        guard let plot = group.first else { return [] }
        let stacked = plot.kind == .stacked
        var transforms = [JSON]()
        var valueField = plot.series.column
        var seriesField = plot.binding.by
        if group.count > 1 {
            transforms = Self.foldSteps(group)
            valueField = "_value"
            seriesField = "_series"
        }
        // Side by side: on a continuous x each bar's interval, as chartbook places it; on
        // categories an offset within the band.
        var offset = !stacked && seriesField != nil
        let placed =
            offset ? seriesField.flatMap { sideBySide(group, series: $0, dataset) } : nil
        if let placed {
            transforms += placed.steps
            offset = false
        }
        var encoding = [
            JSON.Member(
                "x",
                placed?.x ?? xEncoding(plot, dataset, discrete: offset || xIsDiscrete(dataset))),
            JSON.Member(
                "y",
                yEncoding(
                    plot, field: valueField,
                    extra: stacked ? [JSON.Member("stack", "zero")] : [])),
        ]
        if let seriesField {
            encoding.append(JSON.Member("color", seriesColor(seriesField)))
            if offset {
                encoding.append(JSON.Member("xOffset", .object(["field": .string(seriesField)])))
            }
        } else if let color = colorEncoding(plot) {
            encoding.append(JSON.Member("color", color))
        }
        if stacked { encoding.append(stackOrder(group, &transforms)) }
        if let placed {
            encoding.insert(JSON.Member("x2", placed.x2), at: 1)
            encoding.append(JSON.Member("y2", .object(["datum": 0])))
        }
        let banded = xIsDiscrete(dataset) || offset
        var barMark = self.barMark(plot, banded: banded, coloredByField: seriesField != nil)
        if !banded, placed == nil, case .object(var members) = barMark,
            let width = slotWidth(plot, dataset)
        {
            members.append(JSON.Member("width", width))
            barMark = .object(members)
        }
        let bars = layer(plot, dataset, mark: barMark, encoding: encoding, transforms: transforms)
        return [bars] + labelLayers(plot, dataset, encoding: encoding, transforms: transforms)
    }

    /// Several plots' columns folded into one (`_value`, named by `_series`), with each
    /// part's place (`_order`): parts stack in plot order.
    static func foldSteps(_ group: [Plot]) -> [JSON] {
        let columns = group.map { JSON.quoted($0.series.column) }.joined(separator: ", ")
        return [
            .object([
                "fold": .array(group.map { .string($0.series.column) }),
                "as": .array(["_series", "_value"]),
            ]),
            .object([
                "calculate": .string("indexof([\(columns)], datum._series)"), "as": "_order",
            ]),
        ]
    }

    /// Bars coloured by a series field, in the data's order (also the order parts stack in).
    func seriesColor(_ field: String) -> JSON {
        .object([
            "field": .string(field), "type": "nominal", "sort": .null,
            // The folded plots' ids need no title (chartbook's legend has none).
            "title": field == "_series" ? .null : nil,
            // chartbook's colours: the plots' own, or the groups' in its order.
            "scale": colorScale,
        ])
    }

    /// How stacked bars and their labels stack alike: parts in plot order, groups in
    /// chartbook's order (their first rows'; not each x's own first rows), adding the step
    /// that orders the groups where it is needed.
    func stackOrder(_ group: [Plot], _ transforms: inout [JSON]) -> JSON.Member {
        var field = group.count > 1 ? "_order" : Self.rowField
        if group.count == 1, let plot = group.first, let by = plot.binding.by,
            let step = groupOrderStep(plot, by)
        {
            transforms.append(step)
            field = Self.groupOrderField
        }
        return JSON.Member("order", .object(["field": .string(field), "type": "quantitative"]))
    }

    /// On a continuous x (numbers, times) a bar is as wide as chartbook draws it: its share
    /// (`width=`) of the smallest step between x values, in the chart's own pixels — an
    /// expression over the x scale, so it holds at any size (Vega-Lite's default there is a
    /// sliver). Nil on other scales, or with fewer than two x values.
    func slotWidth(_ plot: Plot, _ dataset: Dataset) -> JSON? {
        let kind = session.xScaleKind
        guard kind == .time || kind == .linear, let column = session.xColumn(of: plot),
            let xs = column.numbers
        else { return nil }
        let sorted = xs.filter(\.isFinite).sorted()
        let step = Statistics.smallestStep(sorted, sorted: true)
        guard let first = sorted.first, step.isFinite else { return nil }
        let unit = kind == .time ? 1000.0 : 1
        let (a, b) = (first * unit, (first + step) * unit)
        let at = { (v: Double) in
            let number = NumberText.shortest(v)
            return kind == .time ? "scale('x', datetime(\(number)))" : "scale('x', \(number))"
        }
        let share = plot.style.bar.widthFraction(for: plot.kind)
        return .object(["expr": .string("max(1, (\(at(b)) - \(at(a))) * \(share))")])
    }

    /// A bar mark with the plot's `BarStyle`: its share of the band (on a discrete x),
    /// rounded ends, outline; no fixed colour when a field colours the bars.
    func barMark(_ plot: Plot, banded: Bool, coloredByField: Bool) -> JSON {
        var extra = [JSON.Member]()
        let style = plot.style.bar
        if banded {
            extra.append(
                JSON.Member(
                    "width", .object(["band": .number(style.widthFraction(for: plot.kind))])))
        }
        if style.rounded == true { extra.append(JSON.Member("cornerRadiusEnd", 3)) }
        if let outline = style.outline {
            extra += [
                JSON.Member("stroke", .string(outline.hexOpaque)),
                JSON.Member("strokeWidth", .number(style.resolvedOutlineWidth)),
            ]
        }
        guard coloredByField, case .object(var members) = mark("bar", plot, extra) else {
            return mark("bar", plot, extra)
        }
        members.removeAll { $0.key == "color" }
        return .object(members)
    }

    /// Histogram: chartbook's own bins (1-2-5 widths, shared by every histogram of the
    /// chart), counted (or as density) by Vega-Lite's `bin` and `aggregate`.
    func histogramLayers(_ plot: Plot, _ dataset: Dataset, notes: inout [String]) -> [JSON] {
        let histograms = session.mainPlots.filter { $0.kind == .histogram }
        guard
            let binning = HistogramBinning.make(
                histograms.compactMap { session.values(of: $0.series) },
                rule: histograms.first?.style.histogram.bins ?? .auto)
        else { return [] }
        if histograms.count > 1, histograms.first == plot {
            notes.append("side-by-side bins of several histograms (drawn overlapping)")
        }
        let density = plot.style.histogram.density == true
        let last = binning.first + binning.width * Double(binning.count)
        var transforms: [JSON] = [
            .object([
                "bin": .object([
                    "step": .number(binning.width),
                    "extent": .array([.number(binning.first), .number(last)]),
                ]), "field": .string(plot.series.column), "as": .array(["_bin", "_bin_end"]),
            ]),
            .object([
                "aggregate": .array([.object(["op": "count", "as": "_count"])]),
                "groupby": .array(["_bin", "_bin_end"]),
            ]),
        ]
        if density {
            transforms += [
                .object([
                    "joinaggregate": .array([
                        .object(["op": "sum", "field": "_count", "as": "_total"])
                    ])
                ]),
                .object([
                    "calculate": .string("datum._count / (datum._total * \(binning.width))"),
                    "as": "_density",
                ]),
            ]
        }
        let encoding = [
            JSON.Member(
                "x",
                .object([
                    "field": "_bin", "type": "quantitative",
                    "bin": .object(["binned": true, "step": .number(binning.width)]),
                    "title": .string(session.axes.xTitle ?? plot.series.column),
                    // chartbook's axis: its extent, ticks and their texts.
                    "scale": xAxis.map { .object(drawnDomain($0, time: false)) },
                    "axis": xAxis.map { drawnAxis($0, time: false, extra: guideMembers(x: true)) },
                ])),
            JSON.Member("x2", .object(["field": "_bin_end"])),
            JSON.Member("y", yEncoding(plot, field: density ? "_density" : "_count")),
        ]
        let opacity = histograms.count > 1 ? [JSON.Member("opacity", 0.6)] : []
        return [
            layer(
                plot, dataset, mark: mark("bar", plot, opacity), encoding: encoding,
                transforms: transforms)
        ] + histogramLabels(plot, dataset, encoding: encoding, transforms: transforms)
    }

    /// A histogram's value labels over the middle of each bin, as chartbook centres them on
    /// the bar (a text at the bin's start stood half over the next bar).
    func histogramLabels(
        _ plot: Plot, _ dataset: Dataset, encoding: [JSON.Member], transforms: [JSON]
    ) -> [JSON] {
        let middle = JSON.object([
            "calculate": "(datum._bin + datum._bin_end) / 2", "as": "_bin_middle",
        ])
        let centred = encoding.filter { $0.key != "x2" }.map { member -> JSON.Member in
            guard member.key == "x" else { return member }
            return JSON.Member("x", .object(["field": "_bin_middle", "type": "quantitative"]))
        }
        return labelLayers(plot, dataset, encoding: centred, transforms: transforms + [middle])
    }
}
