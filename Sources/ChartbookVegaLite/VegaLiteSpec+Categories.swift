import ChartbookModel

/// Charts of categories (horizontal bars, pie, donut) and heatmaps.
extension VegaLiteSpec {
    /// The field a plot's categories come from: its x column, else the dataset's labels,
    /// else the row number.
    func categoryField(_ plot: Plot, _ dataset: Dataset) -> String {
        if let column = session.xColumn(of: plot) { return column.name }
        return dataset.labels != nil ? labelField(dataset) : Self.rowField
    }

    /// Horizontal bars' categories top to bottom, as chartbook orders them: as the plots'
    /// rows meet them (a computed table's rows: numbers ascending, a `top=` ranking), then
    /// by the first plot's `sort=` over its totals (`CategoryStyle.SortOrder.order`, ties
    /// in that order) — written out, as Vega-Lite breaks ties its own way.
    func categoryRows() -> JSON {
        var names = [String](), keys = [JSON](), index = [String: Int](), totals = [Double]()
        for (number, plot) in session.mainPlots.enumerated() {
            guard let table = session.table(of: plot), let x = session.xColumn(of: plot) else {
                return .null
            }
            let kept = session.rowsKept(by: plot)
            let values = table.column(named: plot.drawn?.y ?? plot.series.column)?.numbers
            for row in 0..<min(table.count, x.count)
            where kept.map({ row < $0.count && $0[row] }) ?? true {
                let text = x.text(at: row)
                guard !text.isEmpty else { continue }
                if index[text] == nil {
                    index[text] = names.count
                    names.append(text)
                    totals.append(.nan)
                    keys.append(x.kind == .text ? .string(text) : .number(x.numbers?[row] ?? .nan))
                }
                guard number == 0, let k = index[text], let values, row < values.count,
                    values[row].isFinite
                else { continue }
                totals[k] = totals[k].isNaN ? values[row] : totals[k] + values[row]
            }
        }
        let sort = session.mainPlots.first?.style.categories.sort ?? .data
        let order = sort.order(of: names, totals: totals) ?? Array(names.indices)
        return .array(order.map { keys[$0] })
    }

    /// Rows with the same category add up, as in chartbook.
    func hbarLayer(_ plot: Plot, _ dataset: Dataset) -> JSON {
        let sort = categoryRows()
        var y = [
            JSON.Member("field", .string(categoryField(plot, dataset))),
            JSON.Member("type", "nominal"), JSON.Member("sort", sort),
        ]
        if let title = session.axes.xTitle { y.append(JSON.Member("title", .string(title))) }
        let x = JSON.object([
            "field": .string(plot.series.column), "aggregate": "sum", "type": "quantitative",
            "title": .string(session.axes.yTitle ?? plot.series.column),
            "scale": xAxis.map { .object(drawnDomain($0, time: false)) },
            "axis": xAxis.map { drawnAxis($0, time: false) },
        ])
        var encoding = [JSON.Member("y", .object(y)), JSON.Member("x", x)]
        if let color = colorEncoding(plot) { encoding.append(JSON.Member("color", color)) }
        return layer(plot, dataset, mark: mark("bar", plot), encoding: encoding)
    }

    /// Slices of the positive values' sum per category, clockwise from twelve o'clock; a
    /// donut's hole holds the total (or `center=`).
    func pieLayers(_ plot: Plot, _ dataset: Dataset) -> [JSON] {
        let category = categoryField(plot, dataset)
        let positive = JSON.object([
            "filter": .string("datum[\(JSON.quoted(plot.series.column))] > 0")
        ])
        let donut = plot.kind == .donut
        let radius = Double(min(width, height)) / 2
        var arc = [JSON.Member("type", "arc"), JSON.Member("outerRadius", .number(radius))]
        if donut { arc.append(JSON.Member("innerRadius", .number(radius / 2))) }
        let slices = layer(
            plot, dataset, mark: .object(arc),
            encoding: [
                JSON.Member(
                    "theta",
                    .object([
                        "field": .string(plot.series.column), "aggregate": "sum",
                        "type": "quantitative", "stack": true,
                    ])),
                JSON.Member(
                    "color",
                    .object(["field": .string(category), "type": "nominal", "sort": .null])
                ),
                // Clockwise from twelve o'clock in the order the categories first come.
                JSON.Member(
                    "order",
                    .object([
                        "field": .string(Self.rowField), "aggregate": "min", "type": "quantitative",
                    ])),
            ], transforms: [positive])
        guard donut else { return [slices] }
        let total =
            session.values(of: plot.series)?.filter { $0 > 0 }.reduce(0, +) ?? 0
        let centre = JSON.object([
            "data": .object(["values": .array([.object([])])]),
            "mark": .object(["type": "text", "fontSize": 16, "fontWeight": "bold"]),
            "encoding": .object([
                "text": .object([
                    "value": .string(plot.style.categories.center ?? NumberText.shortest(total))
                ])
            ]),
        ])
        return [slices, centre]
    }

    /// A density of two numeric columns (binned x and y, counted), or a matrix of the mean
    /// value per (x, y) category pair, on a viridis scale.
    func heatmapLayer(_ plot: Plot, _ dataset: Dataset) -> JSON {
        let scheme = heatColorScale
        let x = session.xColumn(of: plot)?.name ?? Self.rowField
        if let y = plot.binding.y {
            // Categories of numbers or times in their order, text as it first appears (as
            // chartbook lays them); with `agg=`, its transforms computed one value a pair.
            func order(_ name: String) -> JSON {
                let kind = session.dataset(named: plot.series.dataset)?.column(named: name)?.kind
                return kind == .text || kind == nil ? .null : "ascending"
            }
            let value: JSON =
                plot.drawn != nil
                ? .object([
                    "field": .string(drawnPlot(plot).series.column), "type": "quantitative",
                    "scale": scheme,
                ])
                : .object([
                    "field": .string(plot.series.column), "aggregate": "mean",
                    "type": "quantitative", "scale": scheme,
                ])
            return layer(
                plot, dataset, mark: .object(["type": "rect"]),
                encoding: [
                    JSON.Member(
                        "x", .object(["field": .string(x), "type": "ordinal", "sort": order(x)])),
                    JSON.Member(
                        "y", .object(["field": .string(y), "type": "ordinal", "sort": order(y)])),
                    JSON.Member("color", value),
                ])
        }
        if let heatmap { return drawnHeatmapLayer(heatmap, plot, xTitle: x) }
        return layer(
            plot, dataset, mark: .object(["type": "rect"]),
            encoding: [
                JSON.Member(
                    "x",
                    .object([
                        "field": .string(x), "type": "quantitative",
                        "bin": .object(["maxbins": 60]),
                    ])),
                JSON.Member(
                    "y",
                    .object([
                        "field": .string(plot.series.column), "type": "quantitative",
                        "bin": .object(["maxbins": 30]),
                    ])),
                JSON.Member(
                    "color",
                    .object(["aggregate": "count", "type": "quantitative", "scale": scheme])),
            ])
    }

    /// A heatmap's colours: chartbook's ramp over its range of values, mixed in RGB as
    /// chartbook mixes them; Vega-Lite's viridis over the values' own range without one.
    var heatColorScale: JSON {
        guard let heatColors else { return .object(["scheme": "viridis"]) }
        return .object([
            "domain": .array([
                .number(heatColors.domain.lowerBound), .number(heatColors.domain.upperBound),
            ]),
            "range": .array(heatColors.colors.map(JSON.string)), "interpolate": "rgb",
        ])
    }
}
