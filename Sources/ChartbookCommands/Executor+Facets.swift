import ChartbookModel

/// Checking a faceted page (`facet=`) after every command: one facet for every plot that has
/// one, its columns in each such plot's rows, a bounded number of panels, and what panels
/// cannot yet draw refused with the remedy.
extension Executor {
    /// `chartSize`: the cells the chart has on a page of several (nil: the session's fixed
    /// size, if any).
    func checkFacets(_ s: Session, chartSize: (Int, Int)? = nil, at range: SourceRange)
        throws(Diagnostic)
    {
        let faceted = s.mainPlots.filter { $0.binding.facet != nil }
        guard let facet = faceted.first?.binding.facet else { return }
        func refuse(_ message: String, _ hint: String? = nil) -> Diagnostic {
            Diagnostic(.page(message: message, hint: hint), at: range)
        }
        for plot in faceted {
            guard plot.binding.facet == facet else {
                throw refuse(
                    "plot '\(plot.id)' has facet=\(plot.binding.facet?.description ?? "") and plot '\(faceted[0].id)' facet=\(facet.description)",
                    "a page has one facet: give every faceted plot the same, or facet=none")
            }
            let dataset = s.dataset(named: plot.series.dataset)
            if dataset?.remote != nil {
                throw Diagnostic(
                    .remoteNeedsLocal(dataset: plot.series.dataset, needs: "facet="), at: range)
            }
            for name in facet.columns where dataset?.column(named: name) == nil {
                throw Diagnostic(
                    .unknown(
                        .column, name, context: "facet= of dataset '\(plot.series.dataset)'",
                        candidates: dataset?.columns.map(\.name) ?? []), at: range)
            }
        }
        if let chart = s.mainPlots.first?.kind.chart,
            ![.cartesian, .histogram, .box].contains(chart)
        {
            throw refuse("a \(chart.noun) cannot be drawn in panels")
        }
        let columns = s.facetValues().count
        let rows = facet.row == nil ? 1 : s.facetValues(row: true).count
        guard columns * rows <= Facet.maxPanels else {
            throw refuse(
                "facet=\(facet.description) makes \(columns * rows) panels; a page holds at most \(Facet.maxPanels)",
                "facet by a column with fewer values, or keep some rows with where=")
        }
        // A fixed size is known now (a window's may change: its page says what it needs);
        // on a page of charts, the panel's.
        if let (width, height) = chartSize ?? fixedSize(s) {
            let top = (s.output.title == nil ? 0 : 1) + (s.output.legend == false ? 0 : 1)
            if let least = PanelGrid.shortfall(
                count: columns * rows, across: facet.row == nil ? nil : columns, top: top,
                columns: width, rows: height)
            {
                throw refuse(
                    "\(columns * rows) panels need at least \(least.columns)x\(least.rows) cells; the chart is \(width)x\(height)",
                    "set size \(max(width, least.columns))x\(max(height, least.rows)), or keep fewer values with where="
                )
            }
        }
    }

    /// The session's fixed size in cells; nil when it follows the window.
    func fixedSize(_ s: Session) -> (Int, Int)? {
        guard case .fixed(let width, let height) = s.output.size else { return nil }
        return (width, height)
    }
}
