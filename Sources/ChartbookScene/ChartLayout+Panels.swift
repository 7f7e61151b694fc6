import ChartbookModel

extension ChartLayout {
    /// A page of several charts (`add panel`): each panel laid out as a chart of its own
    /// (`Session.panel(_:)`: its plots, axes, view and title over the shared data) at its
    /// place in a grid (`PanelGrid`, `set layout`); too small a page says what it needs.
    func panelPage(_ session: Session) -> Scene {
        let count = session.panelCount
        let across: Int?
        switch session.panelLayout {
        case .auto: across = nil
        case .grid(let columns, _): across = min(columns, count)
        }
        // A faceted chart needs room for its own panels: a page is laid out so it has it
        // where it can (stacked rather than side by side at 80×24).
        let panels = (0..<count).map(session.panel)
        let needs = panels.compactMap(Self.facetNeed)  // (read once, not per grid tried)
        guard
            let grid = PanelGrid.fitting(
                count: count, across: across, width: columns, height: rows,
                holds: { grid in
                    needs.allSatisfy { need in
                        PanelGrid.fitting(
                            count: need.count, across: need.across, width: grid.width,
                            height: grid.height - need.top) != nil
                    }
                })
        else {
            return pageNote(session, [], panels: count, across: across, top: 0)
        }
        var page = emptyPage(session, [])
        page.panels = (0..<count).map { index in
            var layout = self
            (layout.columns, layout.rows) = (grid.width, grid.height)
            return Scene.Panel(
                column: (index % grid.columns) * (grid.width + PanelGrid.gap),
                row: (index / grid.columns) * grid.height,
                scene: layout.scene(for: panels[index]))
        }
        return page
    }

    /// What a faceted chart's own panels need: how many, how many a row (a grid of two
    /// columns), and the rows above them (a title, one row of legend); nil without facets.
    static func facetNeed(_ session: Session) -> (count: Int, across: Int?, top: Int)? {
        guard let facet = session.facet else { return nil }
        let across = facet.row == nil ? nil : session.facetValues().count
        return (session.facetKeys.count, across, (session.output.title == nil ? 0 : 1) + 1)
    }
}
