import ChartbookModel

/// A faceted session (`facet=`) as a Vega-Lite `concat` of one layered chart per panel — the
/// panels `Session.facetKeys` gives every output, each titled with its values and keeping
/// its rows with a filter — whose scales resolve as `set facetscales` says.
extension VegaLiteSpec {
    func facetPage(notes: inout [String]) -> [JSON.Member] {
        let keys = session.facetKeys
        let panels = concat(count: keys.count, across: facetColumns, notes: &notes) { index in
            var panel = self
            panel.panel = keys[index]
            panel.session.output.title = session.panelTitle(keys[index])
            panel.drawn = drawn.facets.indices.contains(index) ? drawn.facets[index] : Drawn()
            return panel
        }
        let scales = session.axes.facetScales
        let resolve = JSON.object([
            "scale": .object([
                "x": .string(scales.sharesX ? "shared" : "independent"),
                "y": .string(scales.sharesY ? "shared" : "independent"),
            ])
        ])
        return [JSON.Member("title", session.output.title.map(JSON.string) ?? .null)]
            .filter { $0.value != .null } + panels + [JSON.Member("resolve", resolve)]
    }

    /// A page of several charts (`add panel`): a `concat` of each panel's spec, as many a
    /// row as the chart has (`panelColumns`), each with scales of its own.
    func panelPage(notes: inout [String]) -> [JSON.Member] {
        let panels = concat(
            count: session.panels.count, across: panelColumns, notes: &notes, panelSpec)
        return panels + [
            JSON.Member(
                "resolve", .object(["scale": .object(["x": "independent", "y": "independent"])]))
        ]
    }

    /// `columns` and `concat` of `count` panels' specs (`spec(index)`), `across` a row (all
    /// when nil), each sized to its share of the page; what they leave out goes to `notes`.
    func concat(
        count: Int, across: Int?, notes: inout [String], _ spec: (Int) -> VegaLiteSpec
    ) -> [JSON.Member] {
        let across = max(1, min(across ?? count, count))
        let down = max(1, (count + across - 1) / across)
        let panels = (0..<count).map { index -> JSON in
            var panel = spec(index)
            panel.width = max(width / across - 40, 80)
            panel.height = max(height / down - 40, 60)
            return .object(panel.body(notes: &notes))
        }
        return [
            JSON.Member("columns", .number(Double(across))), JSON.Member("concat", .array(panels)),
        ]
    }

    /// The spec of panel `index` of a page: the panel as a session of its own, its computed
    /// tables named apart.
    func panelSpec(_ index: Int) -> VegaLiteSpec {
        var spec = self
        spec.session = session.panel(index)
        spec.drawnPrefix = "panel\(index + 1)_"
        spec.facetColumns = panelFacetColumns[index] ?? nil
        spec.drawn = panelsDrawn.indices.contains(index) ? panelsDrawn[index] : Drawn()
        spec.panelsDrawn = []
        return spec
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
