import ChartbookModel

/// Areas between two edges and stacks in Vega-Lite: a trend's band, stacked areas, and the
/// order parts stack in.
extension VegaLiteSpec {
    static let groupOrderField = "_group_order"

    /// A trend's confidence band (`band=`): an area from the computed table's low column to
    /// its high one, in the line's colour at a quarter opacity, under the line.
    func bandLayers(_ plot: Plot, _ dataset: Dataset) -> [JSON] {
        guard let low = plot.drawn?.low, let high = plot.drawn?.high else { return [] }
        var encoding = channels(plot, dataset, y: low)
        encoding.append(JSON.Member("y2", .object(["field": .string(high)])))
        let color: JSON? = plot.binding.by == nil ? .string(plot.resolvedColor.hexOpaque) : nil
        return [
            layer(
                plot, dataset,
                mark: .object(["type": "area", "opacity": 0.25, "color": color]),
                encoding: encoding)
        ]
    }

    /// Vega-Lite stacks an area's colour groups unless told: chartbook overlaps them, or
    /// stacks them with `stack=` in the order of their colours (first at the bottom).
    func stackArea(_ plot: Plot, _ encoding: inout [JSON.Member], _ transforms: inout [JSON]) {
        let stacked = plot.binding.stack != nil
        encoding = encoding.map { member in
            guard member.key == "y" else { return member }
            return JSON.Member(
                "y",
                yEncoding(
                    plot, field: plot.series.column,
                    extra: [JSON.Member("stack", stacked ? "zero" : .null)]))
        }
        guard stacked, let by = plot.binding.by, let step = groupOrderStep(plot, by) else { return }
        transforms.append(step)
        encoding.append(
            JSON.Member(
                "order", .object(["field": .string(Self.groupOrderField), "type": "quantitative"])))
    }

    /// Each row's `by=` group as its place in chartbook's order of groups (the order parts
    /// stack in); nil when the groups are times (left to Vega-Lite).
    func groupOrderStep(_ plot: Plot, _ by: String) -> JSON? {
        let groups = groupValues(plot, by)
        guard !groups.isEmpty else { return nil }
        let list = groups.map { $0.text() }.joined(separator: ", ")
        return .object([
            "calculate": .string("indexof([\(list)], datum[\(JSON.quoted(by))])"),
            "as": .string(Self.groupOrderField),
        ])
    }
}
