import ChartbookModel

/// A page of several charts (`add panel`, `panel N`, `remove panel`, `set layout`).
extension Executor {
    func applyPanels(_ command: Command, to s: inout Session, at range: SourceRange)
        throws(Diagnostic) -> [Effect]
    {
        switch command {
        case .addPanel:
            guard s.panelCount < Session.maxPanels else {
                throw Diagnostic(.tooMany("panels", limit: Session.maxPanels), at: range)
            }
            if case .grid(let columns, let rows) = s.panelLayout, s.panelCount >= columns * rows {
                throw Diagnostic(
                    .page(
                        message:
                            "the layout \(s.panelLayout.description) holds \(columns * rows) panels",
                        hint: "set layout auto, or a larger grid first"),
                    at: range)
            }
            s.addPanel()
        case .selectPanel(let number):
            try checkPanel(number, in: s)
            s = s.switching(to: number.value - 1)
        case .removePanel(let number):
            guard s.panelCount > 1 else {
                throw Diagnostic(.nothingTo("remove: the page has one chart"), at: range)
            }
            if let number { try checkPanel(number, in: s) }
            s.removePanel(number.map { $0.value - 1 } ?? s.currentPanel)
        case .setLayout(let layout):
            if case .grid(let columns, let rows) = layout, columns * rows < s.panelCount {
                throw Diagnostic(
                    .page(
                        message:
                            "the layout \(layout.description) holds \(columns * rows) panels; the page has \(s.panelCount)",
                        hint: "remove a panel first, or a larger grid"),
                    at: range)
            }
            s.panelLayout = layout
        case .setLink(let link): s.panelLink = link
        default: break
        }
        return [.render]
    }

    private func checkPanel(_ number: Located<Int>, in s: Session) throws(Diagnostic) {
        guard number.value >= 1, number.value <= s.panelCount else {
            throw Diagnostic(
                .page(
                    message: "panel \(number.value) does not exist: the page has \(s.panelCount)",
                    hint: s.panelCount == 1 ? "add panel makes a second" : nil),
                at: number.range)
        }
    }

    /// What `apply` keeps true of the current chart, kept of every other panel of the page:
    /// its columns read, its computed tables made again from changed data, its x places
    /// forgotten when its x scale changed (`old`: the session before, with the same panels),
    /// and its checks passed. Remote datasets draw one chart: a page of panels refuses them.
    func maintainOtherPanels(_ s: inout Session, old: Session?, at range: SourceRange)
        throws(Diagnostic)
    {
        guard s.panels.count > 1 else { return }
        if let remote = s.plotsOfEveryPanel.first(where: {
            s.dataset(named: $0.series.dataset)?.remote != nil
        }) {
            throw Diagnostic(
                .remoteNeedsLocal(dataset: remote.series.dataset, needs: "a page of panels"),
                at: range)
        }
        let size = panelSize(s)
        try s.updateOtherPanels { (index: Int, panel: inout Session) throws(Diagnostic) in
            try readColumnsInUse(&panel, at: range)
            try refreshDrawnTables(&panel, at: range)
            if panel.plots.contains(where: { $0.drawn != nil }) {
                try checkXScale(panel, at: range)
            }
            if let old { panel.forgetXPlaces(unless: old.panel(index).xScaleKind) }
            try checkFacets(panel, chartSize: size, at: range)
            try checkYScale(panel, at: range)
            try checkHorizontalXScale(panel, at: range)
        }
    }

    /// How a page of panels is placed: its grid's panels a row (nil: as fits).
    func across(_ s: Session) -> Int? {
        guard case .grid(let columns, _) = s.panelLayout else { return nil }
        return min(columns, s.panelCount)
    }

    /// A panel's size in cells on a page of a fixed size; nil when the size follows the
    /// window, or the page is one chart or cannot hold its panels.
    func panelSize(_ s: Session) -> (Int, Int)? {
        guard s.panels.count > 1, let (width, height) = fixedSize(s),
            let grid = PanelGrid.fitting(
                count: s.panelCount, across: across(s), width: width, height: height)
        else { return nil }
        return (grid.width, grid.height)
    }

    /// Refuses a fixed size too small for the page's panels, naming the size they need.
    func checkPageFits(_ s: Session, at range: SourceRange) throws(Diagnostic) {
        guard s.panels.count > 1, let (width, height) = fixedSize(s),
            let least = PanelGrid.shortfall(
                count: s.panelCount, across: across(s), top: 0, columns: width, rows: height)
        else { return }
        throw Diagnostic(
            .page(
                message:
                    "\(s.panelCount) panels need at least \(least.columns)x\(least.rows) cells; the chart is \(width)x\(height)",
                hint: "set size \(max(width, least.columns))x\(max(height, least.rows)) first"),
            at: range)
    }

    /// With `set link x`, a `view`, `scroll` or `select x=` also changes every other panel
    /// on the current panel's kind of real x scale, as it changed the current one; refused
    /// (naming the panel) where it cannot.
    func applyLinked(_ command: Command, to s: inout Session, at range: SourceRange)
        throws(Diagnostic)
    {
        guard s.panels.count > 1, s.panelLink == .x else { return }
        switch command {
        case .view, .scroll, .selectX: break
        default: return
        }
        let kind = s.xScaleKind
        guard kind != .index, kind != .category else { return }
        try s.updateOtherPanels { (index: Int, panel: inout Session) throws(Diagnostic) in
            guard panel.xScaleKind == kind, !panel.plots.isEmpty else { return }
            do throws(Diagnostic) {
                _ = try applyViewing(command, to: &panel, at: range)
            } catch {
                throw Diagnostic(
                    .page(
                        message: "panel \(index + 1) (linked): \(error.message)",
                        hint: "set link none changes the current panel only"),
                    at: range)
            }
        }
    }
}
