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
        guard
            let grid = PanelGrid.fitting(count: count, across: across, width: columns, height: rows)
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
                scene: layout.scene(for: session.panel(index)))
        }
        return page
    }
}
