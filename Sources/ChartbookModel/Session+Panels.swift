/// A page of several charts (`add panel`): the session's own chart fields are the current
/// panel's; `panels` keeps every panel, the current one as an empty placeholder, so a
/// session equals another exactly when they hold the same charts. One chart: no panels.
extension Session {
    /// The most panels a page holds.
    public static let maxPanels = 16

    /// The chart fields of the session: the current panel's.
    public var chartPanel: ChartPanel {
        get {
            var panel = ChartPanel()
            panel.plots = plots
            panel.referenceLines = referenceLines
            panel.markedLines = markedLines
            panel.annotations = annotations
            panel.axes = axes
            panel.view = view
            panel.selection = selection
            panel.title = output.title
            panel.legend = output.legend
            panel.nextMarkedLineNumber = nextMarkedLineNumber
            panel.nextAnnotationNumber = nextAnnotationNumber
            return panel
        }
        set {
            plots = newValue.plots
            referenceLines = newValue.referenceLines
            markedLines = newValue.markedLines
            annotations = newValue.annotations
            axes = newValue.axes
            view = newValue.view
            selection = newValue.selection
            output.title = newValue.title
            output.legend = newValue.legend
            nextMarkedLineNumber = newValue.nextMarkedLineNumber
            nextAnnotationNumber = newValue.nextAnnotationNumber
        }
    }

    /// How many charts the page holds (1 without panels).
    public var panelCount: Int { max(panels.count, 1) }

    /// Panel `index` (0-based) as a session of its own: its chart, the shared datasets and
    /// settings, no other panels.
    public func panel(_ index: Int) -> Session {
        var single = self
        if index != currentPanel, panels.indices.contains(index) {
            single.chartPanel = panels[index]
        }
        single.panels = []
        single.currentPanel = 0
        return single
    }

    /// The session with panel `index` current (unchanged when there is no such panel).
    public func switching(to index: Int) -> Session {
        guard panels.indices.contains(index), index != currentPanel else { return self }
        var s = self
        s.panels[currentPanel] = chartPanel
        s.chartPanel = panels[index]
        s.panels[index] = ChartPanel()
        s.currentPanel = index
        return s
    }

    /// Adds an empty panel after the others and makes it current.
    public mutating func addPanel() {
        if panels.isEmpty { panels = [ChartPanel()] }
        panels[currentPanel] = chartPanel
        panels.append(ChartPanel())
        currentPanel = panels.count - 1
        chartPanel = ChartPanel()
    }

    /// Removes panel `index`; the one before it (or the new first) becomes current. With
    /// one left, the session is one chart again.
    public mutating func removePanel(_ index: Int) {
        guard panels.indices.contains(index) else { return }
        self = switching(to: index)
        panels.remove(at: index)
        currentPanel = max(0, index - 1)
        chartPanel = panels[currentPanel]
        panels[currentPanel] = ChartPanel()
        if panels.count == 1 { panels = [] }
        currentPanel = panels.isEmpty ? 0 : currentPanel
    }

    /// Runs `body` on every panel but the current one (with its index), each as a session of
    /// its own (`panel(_:)`), keeping what it changes: the panel's chart and the shared
    /// datasets (columns read, tables refreshed).
    public mutating func updateOtherPanels<E: Error>(
        _ body: (Int, inout Session) throws(E) -> Void
    ) throws(E) {
        for index in panels.indices where index != currentPanel {
            var single = panel(index)
            try body(index, &single)
            datasets = single.datasets
            panels[index] = single.chartPanel
        }
    }

    /// Every panel's plots (the current panel's included), for what the whole page uses.
    public var plotsOfEveryPanel: [Plot] {
        plots + panels.indices.filter { $0 != currentPanel }.flatMap { panels[$0].plots }
    }
}
