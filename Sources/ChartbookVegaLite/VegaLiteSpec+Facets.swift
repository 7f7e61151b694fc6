import ChartbookModel

/// A faceted session (`facet=`) as a Vega-Lite `concat` of one layered chart per panel — the
/// panels `Session.facetKeys` gives every output, each titled with its values and keeping
/// its rows with a filter — whose scales resolve as `set facetscales` says.
extension VegaLiteSpec {
    var facetPage: JSON {
        let keys = session.facetKeys
        let across = max(1, min(facetColumns ?? keys.count, keys.count))
        let down = max(1, (keys.count + across - 1) / across)
        var notes = [String]()
        let panels = keys.map { key -> JSON in
            var panel = self
            panel.panel = key
            panel.session.output.title = session.facetTitle(key)
            panel.width = max(width / across - 40, 80)
            panel.height = max(height / down - 40, 60)
            return .object(panel.chart(notes: &notes))
        }
        let scales = session.axes.facetScales
        let resolve = JSON.object([
            "scale": .object([
                "x": .string(scales.sharesX ? "shared" : "independent"),
                "y": .string(scales.sharesY ? "shared" : "independent"),
            ])
        ])
        return .object(
            [
                JSON.Member("$schema", .string(Self.schema)),
                JSON.Member("description", .string(description(Array(Set(notes)).sorted()))),
                JSON.Member("title", session.output.title.map(JSON.string) ?? .null),
                JSON.Member("datasets", datasets ?? .null),
                JSON.Member("columns", .number(Double(across))),
                JSON.Member("concat", .array(panels)),
                JSON.Member("resolve", resolve),
            ].filter { $0.value != .null })
    }

    /// The filters that keep a faceted plot's rows of this spec's panel: each facet column
    /// equal to the panel's value, compared as the spec's rows hold it (a missing cell:
    /// not valid).
    func panelFilters(for plot: Plot) -> [JSON] {
        guard let panel, let facet = plot.binding.facet,
            let dataset = session.dataset(named: plot.series.dataset)
        else { return [] }
        let conditions =
            [(facet.column, panel.column)] + (facet.row.map { [($0, panel.row ?? "")] } ?? [])
        return conditions.compactMap { name, value -> JSON? in
            guard let column = dataset.column(named: name) else { return nil }
            guard !value.isEmpty || column.kind == .text else {
                return .object([
                    "filter": .object(["not": .object(["field": .string(name), "valid": true])])
                ])
            }
            guard let row = (0..<column.count).first(where: { column.text(at: $0) == value }) else {
                return .object([
                    "filter": .object(["field": .string(name), "equal": .string(value)])
                ])
            }
            return .object([
                "filter": .object(["field": .string(name), "equal": cell(column, row)])
            ])
        }
    }
}
