import ChartbookModel
import ChartbookScene

/// One or more Vega-Lite layers per plot, by kind.
extension VegaLiteSpec {
    /// The main plots in order; consecutive bar plots of one dataset and x (side by side, or
    /// stacked parts) form one group, drawn as one layer over their folded columns, as
    /// chartbook draws them in shared slots.
    func plotGroups() -> [[Plot]] {
        var groups = [[Plot]]()
        for plot in session.mainPlots.map(drawnPlot) {
            if let last = groups.last?.last, Self.barFamily(plot.kind) != nil,
                plot.drawn == nil, last.drawn == nil,
                Self.barFamily(plot.kind) == Self.barFamily(last.kind),
                plot.series.dataset == last.series.dataset, plot.binding.x == last.binding.x,
                plot.binding.by == nil, last.binding.by == nil
            {
                groups[groups.count - 1].append(plot)
            } else {
                groups.append([plot])
            }
        }
        return groups
    }

    /// Bars that stand side by side (0) or stack (1).
    static func barFamily(_ kind: Plot.Kind) -> Int? {
        switch kind {
        case .bar, .grouped: 0
        case .stacked: 1
        default: nil
        }
    }

    func layers(for group: [Plot], notes: inout [String]) -> [JSON] {
        guard let plot = group.first, var dataset = session.dataset(named: plot.series.dataset)
        else { return [] }
        if let drawn = plot.drawn, case .inlined(let reason) = compilation(for: plot) {
            dataset = drawn.table
            dataset.name = drawnName(plot)
            notes.append(
                "plot '\(plot.id)': \(reason) computed by chartbook (its rows are inlined)")
        }
        switch plot.kind.spec.vegaLite {
        case .line: return [lineLayer(plot, dataset)] + labelLayers(plot, dataset)
        case .trend: return bandLayers(plot, dataset) + [lineLayer(plot, dataset)]
        case .point: return [dotLayer(plot, dataset, notes: &notes)] + labelLayers(plot, dataset)
        case .bars: return barLayers(group, dataset)
        case .histogram: return histogramLayers(plot, dataset, notes: &notes)
        case .box: return [boxLayer(plot, dataset)]
        case .violin: return violinLayers(plot, dataset)
        case .range: return [rangeLayer(plot, dataset)]
        case .candles: return candleLayers(plot, dataset)
        case .errorbar: return errorbarLayers(plot, dataset)
        case .hbar: return [hbarLayer(plot, dataset)]
        case .arcs: return pieLayers(plot, dataset)
        case .heatmap: return [heatmapLayer(plot, dataset)]
        case .none:
            notes.append("\(plot.kind.rawValue) plot '\(plot.id)'")
            return []
        }
    }

    func lineLayer(_ plot: Plot, _ dataset: Dataset) -> JSON {
        let stroke = plot.style.stroke
        let filled = stroke.resolvedFill(for: plot.kind) != .none
        var extra = [JSON.Member("strokeWidth", .number(stroke.resolvedWidth))]
        // Joins and caps as SVG draws them (round unless said; dots keep round caps).
        extra.append(JSON.Member("strokeJoin", .string((stroke.join ?? .round).rawValue)))
        let cap = stroke.dash == .dotted ? StrokeStyle.Cap.round : stroke.cap ?? .round
        extra.append(JSON.Member("strokeCap", .string(cap.rawValue)))
        switch stroke.resolvedCurve(for: plot.kind) {
        case .smooth: extra.append(JSON.Member("interpolate", "monotone"))
        case .step: extra.append(JSON.Member("interpolate", "step-after"))
        case .straight: break
        }
        if filled {
            extra += [JSON.Member("opacity", 0.35), JSON.Member("line", true)]
        }
        var encoding = channels(plot, dataset)
        var transforms = [JSON]()
        if filled { stackArea(plot, &encoding, &transforms) }
        if plot.binding.order == .data {
            encoding.append(JSON.Member("order", .object(["field": .string(Self.rowField)])))
        }
        // The line's pattern: its own, or its by= groups' in turn, as in the terminal and SVG.
        let patterns = StrokeStyle.Dash.allCases.map {
            Self.strokeDash($0, width: stroke.resolvedWidth)
        }
        if let dash = stroke.dash {
            extra.append(
                JSON.Member(
                    "strokeDash", patterns[StrokeStyle.Dash.allCases.firstIndex(of: dash) ?? 0]))
        } else if let by = plot.binding.by, !plot.binding.detail {
            // Group by group in the order they appear, as the colours; one legend for both.
            let groups = groupValues(plot, by)
            let scale: JSON =
                groups.isEmpty
                ? .object(["range": .array(patterns)])
                : .object([
                    "domain": .array(groups),
                    "range": .array(groups.indices.map { patterns[$0 % patterns.count] }),
                ])
            encoding.append(
                JSON.Member(
                    "strokeDash",
                    .object(["field": .string(by), "type": "nominal", "scale": scale])
                ))
        }
        return layer(
            plot, dataset, mark: mark(filled ? "area" : "line", plot, extra), encoding: encoding,
            transforms: transforms)
    }

    /// A dash pattern as Vega-Lite writes it (on, off lengths in pixels), for a line of
    /// `width` points.
    static func strokeDash(_ dash: StrokeStyle.Dash, width: Double) -> JSON {
        switch dash {
        case .solid: .array([1, 0])
        case .dashed: .array([.number(width * 3), .number(width * 2)])
        case .dotted: .array([1, .number(width * 2)])
        }
    }

    func dotLayer(_ plot: Plot, _ dataset: Dataset, notes: inout [String]) -> JSON {
        let marker = plot.style.marker
        let shape: String
        switch marker.resolvedShape {
        case .circle: shape = "circle"
        case .square: shape = "square"
        case .diamond: shape = "diamond"
        case .cross: shape = "cross"
        case .glyph:
            shape = "circle"
            notes.append("the custom marker of '\(plot.id)' (drawn as circles)")
        }
        // Vega-Lite's size is an area in square pixels; chartbook's a diameter in points.
        let size = max(marker.resolvedSize, 1)
        var extra = [JSON.Member("filled", true), JSON.Member("size", .number(size * size))]
        var encoding = channels(plot, dataset)
        if let by = plot.binding.by, !plot.binding.detail, marker.shape == nil {
            // Groups differ in shape as in the terminal and SVG (`SeriesResolver.groupShapes`),
            // taken in turn in chartbook's order of the groups (the colours' domain).
            let shapes: [JSON] = ["circle", "square", "diamond", "cross"]
            let groups = groupValues(plot, by)
            encoding.append(
                JSON.Member(
                    "shape",
                    .object([
                        "field": .string(by), "type": "nominal",
                        "scale": groups.isEmpty
                            ? .object(["range": .array(shapes)])
                            : .object([
                                "domain": .array(groups),
                                "range": .array(groups.indices.map { shapes[$0 % shapes.count] }),
                            ]),
                    ])))
        } else {
            extra.insert(JSON.Member("shape", .string(shape)), at: 1)
        }
        guard case .object(var members) = mark("point", plot, extra) else { return .null }
        var (channelled, filters) = withChannels(plot, encoding, &members)
        jitter(plot, dataset, &channelled, &filters)
        return layer(
            plot, dataset, mark: .object(members), encoding: channelled, transforms: filters)
    }

    /// A box's outliers as chartbook draws them: open circles of a one-pixel stroke.
    static let outliers = JSON.Member("outliers", .object(["strokeWidth": 1]))

    func boxLayer(_ plot: Plot, _ dataset: Dataset) -> JSON {
        if hasViolins { return slottedBoxLayer(plot, dataset) }
        var encoding = [JSON.Member("y", yEncoding(plot, field: plot.series.column))]
        if let by = plot.binding.by {
            // The groups in chartbook's order (first appearance), written out: Vega-Lite's
            // boxplot aggregates them into its own.
            let groups = groupValues(plot, by)
            encoding.insert(
                JSON.Member(
                    "x",
                    .object([
                        "field": .string(by), "type": "nominal", "sort": .null,
                        "scale": groups.isEmpty ? nil : .object(["domain": .array(groups)]),
                        "title": session.axes.xTitle.map(JSON.string),
                    ])), at: 0)
            // Each group's box in its colour, as chartbook's (they were all the plot's).
            if let color = colorEncoding(plot) { encoding.append(JSON.Member("color", color)) }
        }
        return layer(
            plot, dataset,
            mark: mark("boxplot", plot, [JSON.Member("extent", 1.5), Self.outliers]),
            encoding: encoding)
    }

    func rangeLayer(_ plot: Plot, _ dataset: Dataset) -> JSON {
        let encoding =
            channels(plot, dataset, y: plot.binding.low ?? "low") + [
                JSON.Member("y2", .object(["field": .string(plot.series.column)]))
            ]
        return layer(plot, dataset, mark: mark("bar", plot), encoding: encoding)
    }

    /// Error bars: an `errorbar` mark with ticks from the low column to the high one, and a
    /// filled point at the value, in the plot's colour.
    func errorbarLayers(_ plot: Plot, _ dataset: Dataset) -> [JSON] {
        let x = JSON.Member("x", xEncoding(plot, dataset))
        let color = JSON.string(plot.resolvedColor.hexOpaque)
        // With extent=, the computed table's (inlined) whiskers and centre.
        let computed = plot.binding.extent == nil ? nil : plot.drawn
        let low = computed?.low ?? plot.binding.low ?? "low"
        let high = computed?.high ?? plot.binding.high ?? "high"
        return [
            layer(
                plot, dataset,
                mark: .object(["type": "errorbar", "ticks": true, "color": color]),
                encoding: [
                    x, JSON.Member("y", yEncoding(plot, field: low)),
                    JSON.Member("y2", .object(["field": .string(high)])),
                ]),
            layer(
                plot, dataset,
                mark: .object(["type": "point", "filled": true, "size": 30, "color": color]),
                encoding: [
                    x, JSON.Member("y", yEncoding(plot, field: computed?.y ?? plot.series.column)),
                ]),
        ]
    }

    /// A wick (rule, low to high) and a body (bar, open to close), rising in the plot's
    /// colour and falling in red.
    func candleLayers(_ plot: Plot, _ dataset: Dataset) -> [JSON] {
        let open = plot.binding.open ?? "open", close = plot.series.column
        let color = JSON.object([
            "condition": .object([
                "test": .string("datum[\(JSON.quoted(close))] >= datum[\(JSON.quoted(open))]"),
                "value": .string(plot.resolvedColor.hexOpaque),
            ]),
            "value": "#e04e4e",
        ])
        let x = JSON.Member("x", xEncoding(plot, dataset))
        return [
            layer(
                plot, dataset, mark: .object(["type": "rule"]),
                encoding: [
                    x, JSON.Member("y", yEncoding(plot, field: plot.binding.low ?? "low")),
                    JSON.Member("y2", .object(["field": .string(plot.binding.high ?? "high")])),
                    JSON.Member("color", color),
                ]),
            layer(
                plot, dataset, mark: .object(["type": "bar"]),
                encoding: [
                    x, JSON.Member("y", yEncoding(plot, field: open)),
                    JSON.Member("y2", .object(["field": .string(close)])),
                    JSON.Member("color", color),
                ]),
        ]
    }
}
