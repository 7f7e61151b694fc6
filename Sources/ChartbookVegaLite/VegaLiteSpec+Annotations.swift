import ChartbookModel
import ChartbookScene

/// Value labels, marked lines and the selection.
extension VegaLiteSpec {
    /// Text marks over a plot's marks (`labels=`): the value, or its share of the series'
    /// total as a percentage.
    func labelLayers(
        _ plot: Plot, _ dataset: Dataset, encoding: [JSON.Member]? = nil,
        transforms: [JSON] = []
    ) -> [JSON] {
        guard let labels = plot.style.labels, labels != .off else { return [] }
        let base = encoding ?? channels(plot, dataset)
        guard case .object(let y)? = base.first(where: { $0.key == "y" })?.value,
            case .string(let field)? = y.first(where: { $0.key == "field" })?.value
        else { return [] }
        var extra = transforms
        var text = JSON.object(["field": .string(field), "type": "quantitative"])
        // Computed values with the decimals chartbook writes them with (three significant
        // digits at the table's largest), not every decimal a mean has.
        if let drawn = plot.drawn {
            text = .object([
                "field": .string(field), "type": "quantitative",
                "format": .string(".\(drawn.labelDecimals)f"),
            ])
        }
        if let column = plot.style.labelColumn,
            let name = dataset.column(named: column)?.name
        {
            // labels=COLUMN: each point's row's text in that column.
            text = .object(["field": .string(name), "type": "nominal"])
        } else if labels == .percent {
            extra += [
                .object([
                    "joinaggregate": .array([
                        .object(["op": "sum", "field": .string(field), "as": "_total"])
                    ])
                ]),
                .object([
                    "calculate": .string("datum[\(JSON.quoted(field))] / datum._total"),
                    "as": "_share",
                ]),
            ]
            text = .object(["field": "_share", "type": "quantitative", "format": ".0%"])
        }
        // Stacked parts: inside each part, in white, stacked like the bars (by `detail`,
        // which groups without colouring); other labels just above the mark, in its colour.
        let stacked = plot.kind == .stacked
        var mark: [JSON.Member] = [
            JSON.Member("type", "text"), JSON.Member("baseline", stacked ? "top" : "bottom"),
            JSON.Member("dy", stacked ? 4 : -3),
        ]
        var channels = base.filter { $0.key != "color" }
        if stacked {
            mark.append(JSON.Member("color", "#ffffff"))
            if let color = base.first(where: { $0.key == "color" })?.value,
                case .object(let members) = color
            {
                channels.append(JSON.Member("detail", .object(members.filter { $0.key != "sort" })))
            }
        } else if plot.binding.by == nil {
            mark.append(JSON.Member("color", .string(plot.resolvedColor.hexOpaque)))
        }
        return [
            layer(
                plot, dataset, mark: .object(mark),
                encoding: channels + [JSON.Member("text", text)],
                transforms: extra)
        ]
    }

    /// `add refline` lines: a rule at the value (a statistic computed now) and its label at
    /// the right end.
    func markedLineLayers(on axis: PlotBinding.Axis) -> [JSON] {
        session.markedLines.filter { $0.axis == axis && !session.isVertical($0) }.flatMap {
            line -> [JSON] in
            let value = session.value(of: line, in: panel)
            guard value.isFinite else { return [] }
            let color = JSON.string((line.color ?? session.output.themeColors.mark).hexOpaque)
            let dash = Self.dash(line.style)
            var layers: [JSON] = [
                .object([
                    "data": Self.oneRow,
                    "mark": .object([
                        "type": "rule", "color": color, "strokeDash": dash,
                        "strokeWidth": line.width.map(JSON.number),
                    ]),
                    "encoding": .object(["y": .object(["datum": .number(value)])]),
                ])
            ]
            // Its label and value, as chartbook writes them (`target 30`, `mean 23.05`).
            let label = MarkedLineLabel.text(line, value: value, in: session)
            layers.append(
                .object([
                    "data": Self.oneRow,
                    "mark": .object([
                        "type": "text", "align": "right", "baseline": "bottom", "dy": -2,
                        "color": color,
                    ]),
                    "encoding": .object([
                        "y": .object(["datum": .number(value)]),
                        "x": .object(["value": .number(Double(width))]),
                        "text": .object(["value": .string(label)]),
                    ]),
                ]))
            return layers
        }
    }

    /// The data of a mark drawn once at its datums (a rule, a text, an annotation).
    static let oneRow = JSON.object(["values": .array([.object([])])])

    /// A rule's dashes, as the terminal and SVG draw them.
    static func dash(_ style: RuleStyle) -> JSON? {
        switch style {
        case .dashed: .array([6, 4])
        case .dotted: .array([2, 3])
        case .solid: nil
        }
    }

    /// `add refline x=` lines and bands: a rule down the chart at the x value (a time as
    /// milliseconds since the epoch, a temporal datum), or a translucent rect between two;
    /// and the label at the top, right of the line or the band's start.
    func verticalLineLayers() -> [JSON] {
        let kind = session.xScaleKind
        // On row numbers and categories no line follows an x value: the chart leaves them
        // out (`add refline x=` refuses those scales; the scale may change after).
        guard kind != .index, kind != .category else { return [] }
        // A time as milliseconds since the epoch: Vega-Lite reads a datum string as text.
        func number(_ value: Double) -> JSON { .number(kind == .time ? value * 1000 : value) }
        func datum(_ value: Double) -> JSON {
            .object(["datum": number(value), "type": kind == .time ? "temporal" : "quantitative"])
        }
        return session.markedLines.flatMap { line -> [JSON] in
            let start: Double, text: String
            let mark: JSON, encoding: JSON
            let color = JSON.string((line.color ?? session.output.themeColors.mark).hexOpaque)
            switch line.value {
            case .x(let value, let given):
                (start, text) = (value, given)
                mark = .object([
                    "type": "rule", "color": color, "strokeDash": Self.dash(line.style),
                    "strokeWidth": line.width.map(JSON.number),
                ])
                encoding = .object(["x": datum(value)])
            case .span(let from, let to, let given):
                (start, text) = (from, given)
                mark = .object(["type": "rect", "color": color, "opacity": 0.18])
                encoding = .object([
                    "x": datum(from),
                    "x2": .object(["datum": number(to)]),
                ])
            case .statistic where session.isVertical(line):
                let value = session.value(of: line, in: panel)
                (start, text) = (value, MarkedLineLabel.text(line, x: value, in: session))
                mark = .object([
                    "type": "rule", "color": color, "strokeDash": Self.dash(line.style),
                    "strokeWidth": line.width.map(JSON.number),
                ])
                encoding = .object(["x": datum(value)])
            case .constant, .statistic: return []
            }
            guard start.isFinite else { return [] }
            // Near the right end the label goes left of the mark, as in the terminal and SVG.
            let shown = session.view.xInterval ?? session.xExtent(on: kind)
            let nearEnd =
                shown.map { start > $0.lowerBound + 0.85 * ($0.upperBound - $0.lowerBound) }
                ?? false
            return [
                .object(["data": Self.oneRow, "mark": mark, "encoding": encoding]),
                .object([
                    "data": Self.oneRow,
                    "mark": .object([
                        "type": "text", "align": nearEnd ? "right" : "left", "baseline": "top",
                        "dx": nearEnd ? -3 : 3, "dy": 2, "color": color,
                    ]),
                    "encoding": .object([
                        "x": datum(start), "y": .object(["value": 0]),
                        "text": .object(["value": .string(line.label ?? text)]),
                    ]),
                ]),
            ]
        }
    }

    /// The selected point of each x–y plot, ringed: one ring a plot, or one a `by=` group in
    /// the group's colour (layers of a fixed colour: a colour channel would put the rings
    /// into the legend, whose keys are the lines' and dots').
    func selectionLayers(on axis: PlotBinding.Axis) -> [JSON] {
        guard let selection = session.selection else { return [] }
        let kinds: Set<Plot.Kind> = [.line, .area, .dot, .bar, .range, .candlestick]
        return session.mainPlots.filter { $0.binding.axis == axis }.flatMap { original -> [JSON] in
            guard kinds.contains(original.kind),
                let dataset = session.dataset(named: original.series.dataset)
            else { return [] }
            // A plot with transforms is ringed at a row of the table it draws.
            let plot = drawnPlot(original)
            let drawn = original.drawn?.table
            return selectedRows(selection, plot, drawn ?? dataset).map { row, group in
                let color =
                    session.output.selectionStyle.color
                    ?? group.map { plot.color(ofGroup: $0) } ?? plot.resolvedColor
                let mark = JSON.object([
                    "type": "point", "size": 140, "filled": false, "strokeWidth": 2,
                    "color": .string(color.hexOpaque),
                ])
                let encoding = [
                    JSON.Member("x", xEncoding(plot, dataset, discrete: xIsDiscrete(dataset))),
                    JSON.Member("y", yEncoding(plot, field: plot.series.column)),
                ]
                // That row itself: its pipeline numbers rows before it combines them (an
                // aggregate keeps each key's first row), so no row number finds it.
                if let drawn {
                    return .object([
                        "data": .object(["values": .array([self.row(row, of: drawn)])]),
                        "mark": clipped(mark), "encoding": .object(encoding),
                    ])
                }
                let picked = JSON.object([
                    "filter": .object([
                        "field": .string(Self.rowField), "equal": .number(Double(row)),
                    ])
                ])
                return layer(plot, dataset, mark: mark, encoding: encoding, transforms: [picked])
            }
        }
    }

    /// The rows a selection rings in a plot: its selected row, or with `by=` and a selected
    /// x each group's as chartbook's readout picks it (`NearestX`) among the rows `where=`
    /// keeps, none where its value there is missing — with the group's number (in order of
    /// first appearance among those rows, as its colour is numbered).
    func selectedRows(_ selection: Selection, _ plot: Plot, _ dataset: Dataset) -> [(
        row: Int, group: Int?
    )] {
        guard case .x(let x) = selection, let by = plot.binding.by,
            let column = dataset.column(named: by),
            let values = dataset.column(named: plot.series.column)?.numbers
        else { return selectedRow(selection, plot, dataset).map { [($0, nil)] } ?? [] }
        var categories = session.xCategories
        let xs = session.xValues(of: plot, on: session.xScaleKind, categories: &categories)
        let keep = session.rowsKept(by: plot)
        var groups = [String: [Int]]()
        var order = [String]()
        for row in xs.indices where xs[row].isFinite && row < column.count {
            if let keep, row >= keep.count || !keep[row] { continue }
            let text = column.text(at: row)
            guard !text.isEmpty else { continue }
            if groups[text] == nil { order.append(text) }
            groups[text, default: []].append(row)
        }
        return order.enumerated().compactMap { number, text -> (Int, Int?)? in
            guard let rows = groups[text],
                let nearest = NearestX.index(in: rows.map { xs[$0] }, to: x),
                rows[nearest] < values.count, values[rows[nearest]].isFinite
            else { return nil }
            return (rows[nearest], number)
        }
    }

    /// The row a selection picks in a plot: the index, the last row, or the row nearest x.
    func selectedRow(_ selection: Selection, _ plot: Plot, _ dataset: Dataset) -> Int? {
        let count = dataset.count
        guard count > 0 else { return nil }
        switch selection {
        case .index(let i): return i < count ? i : nil
        case .last: return count - 1
        case .x(let x):
            var categories = session.xCategories
            let xs = session.xValues(of: plot, on: session.xScaleKind, categories: &categories)
            return xs.indices.filter { xs[$0].isFinite }.min { abs(xs[$0] - x) < abs(xs[$1] - x) }
        }
    }
}
