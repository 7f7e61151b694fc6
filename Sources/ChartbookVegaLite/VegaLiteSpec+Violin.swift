import ChartbookModel

/// Violins in Vega-Lite: the density transform (as for `density`), each group at its place
/// among the box family's categories, and a horizontal `area` from its left edge to its right
/// on a numeric x whose ticks are the categories — the widths on chartbook's one scale.
extension VegaLiteSpec {
    /// The box family's categories in chartbook's order: each box or violin plot's `by=`
    /// groups (as Vega-Lite writes them), or its id.
    var boxCategories: [JSON] {
        var names = [JSON]()
        for plot in session.mainPlots where plot.kind.chart == .box {
            let groups = plot.binding.by.map { groupValues(plot, $0) } ?? [.string(plot.id)]
            for group in groups where !names.contains(group) { names.append(group) }
        }
        return names
    }

    /// Whether the chart draws violins (its x is then numeric: `violinAxis`).
    var hasViolins: Bool { session.mainPlots.contains { $0.kind == .violin } }

    /// The largest density of every violin in the chart (their one width scale).
    var largestDensity: Double {
        session.mainPlots.filter { $0.kind == .violin }.compactMap { plot in
            plot.drawn.flatMap { $0.table.column(named: $0.y)?.numbers }?.filter(\.isFinite)
                .max()
        }.max() ?? 1
    }

    /// A calculate of each row's category place (`_slot`): its group's, or the plot's.
    func slotStep(_ plot: Plot) -> JSON {
        let list = boxCategories.map { $0.text() }.joined(separator: ", ")
        let key = plot.binding.by.map { "datum[\(JSON.quoted($0))]" } ?? JSON.quoted(plot.id)
        return .object(["calculate": .string("indexof([\(list)], \(key))"), "as": "_slot"])
    }

    /// The x of a chart with violins: the categories' places 0, 1, … labelled with their
    /// names, half a slot beyond each end.
    var violinAxis: JSON {
        let names = boxCategories
        let labels = names.enumerated().map { i, name in
            "datum.value == \(i) ? \(JSON.quoted(name.text().trimmingCharacters(in: ["\""])))"
        }
        return .object([
            "type": "quantitative",
            "scale": .object([
                "domain": .array([-0.5, .number(Double(names.count) - 0.5)]), "nice": false,
                "zero": false,
            ]),
            "axis": .object([
                "values": .array(names.indices.map { .number(Double($0)) }),
                "labelExpr": .string((labels + ["''"]).joined(separator: " : ")), "grid": false,
            ]),
            "title": session.axes.xTitle.map(JSON.string) ?? .null,
        ])
    }

    func violinLayers(_ plot: Plot, _ dataset: Dataset) -> [JSON] {
        guard plot.drawn != nil else { return [] }
        let half = plot.style.bar.widthFraction(for: .violin) / 2 / largestDensity
        let density = "datum[\(JSON.quoted(KernelDensity().field))]"
        let steps: [JSON] = [
            slotStep(plot),
            .object([
                "calculate": .string("datum._slot - \(density) * \(NumberText.shortest(half))"),
                "as": "_left",
            ]),
            .object([
                "calculate": .string("datum._slot + \(density) * \(NumberText.shortest(half))"),
                "as": "_right",
            ]),
        ]
        guard case .object(let x) = violinAxis else { return [] }
        var encoding = [
            JSON.Member("x", .object([JSON.Member("field", "_left")] + x)),
            JSON.Member("x2", .object(["field": "_right"])),
            // Measured in its column's units (titled by the column, not its density).
            JSON.Member("y", yEncoding(original(plot), field: drawnValueField(plot))),
        ]
        if let color = colorEncoding(plot) { encoding.append(JSON.Member("color", color)) }
        let color: JSON? = plot.binding.by == nil ? .string(plot.resolvedColor.hexOpaque) : nil
        return [
            layer(
                plot, dataset,
                mark: .object([
                    "type": "area", "orient": "horizontal", "opacity": 0.6, "color": color,
                ]), encoding: encoding, transforms: steps)
        ]
    }

    /// A box plot beside violins: at its group's place on their numeric x (`_slot`), as wide
    /// as chartbook draws it (its share of a slot, in the spec's pixels).
    func slottedBoxLayer(_ plot: Plot, _ dataset: Dataset) -> JSON {
        guard case .object(let x) = violinAxis else { return .null }
        let slots = Double(max(boxCategories.count, 1))
        let size = plot.style.bar.widthFraction(for: .box) * Double(width) / slots
        var encoding = [
            JSON.Member("x", .object([JSON.Member("field", "_slot")] + x)),
            JSON.Member("y", yEncoding(plot, field: plot.series.column)),
        ]
        if plot.binding.by != nil, let color = colorEncoding(plot) {
            encoding.append(JSON.Member("color", color))
        }
        return layer(
            plot, dataset,
            mark: mark(
                "boxplot", plot,
                [
                    JSON.Member("extent", 1.5), JSON.Member("orient", "vertical"),
                    JSON.Member("size", .number(size)), Self.outliers,
                ]), encoding: encoding, transforms: [slotStep(plot)])
    }

    /// The field a violin's levels are in after the density transform: its column's name.
    func drawnValueField(_ plot: Plot) -> String {
        plot.drawn?.inputs.series.column ?? plot.series.column
    }

    /// The plot on its own series (not the drawn table's statistic).
    func original(_ plot: Plot) -> Plot {
        var plot = plot
        if let drawn = plot.drawn { plot.series = drawn.inputs.series }
        return plot
    }
}
