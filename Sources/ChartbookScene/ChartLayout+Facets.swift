import ChartbookModel
import Foundation

/// What the panels of a faceted page share (`set facetscales`): the x extent of all their
/// data (scale units: log10 on a log x), the left y axis's range and the points along an
/// index x. Empty for a chart of its own.
struct SharedRanges: Equatable {
    var x: ClosedRange<Double>?
    var y: ClosedRange<Double>?
    var count = 0
    /// Along a shared x: the histograms' bins and the categories' slots of all the rows.
    var binning: HistogramBinning?
    var categories: XCategories?
    /// Each plot's `by=` groups in every panel's order (by plot id): the groups' numbers.
    var groupOrders: [String: [String]] = [:]
}

extension ChartLayout {
    /// A faceted page: the title and one legend for every panel on top, then one chart per
    /// panel (`Session.facetKeys`), titled with its values, in a grid; panels share their
    /// ranges as `set facetscales` says. Too small a page says how big it must be instead.
    func facetScene(_ session: Session) -> Scene {
        let keys = session.facetKeys
        // Every panel's rows, resolved once: the legend's series, the shared bins and slots.
        var all = SeriesResolver(session: session, scale: session.xScaleKind)
        all.groupDashes = groupDashes
        let whole = all.resolve()
        var texts = titleText(session).map { [$0] } ?? []
        texts += pageLegend(session, whole, row: texts.count)
        let top = texts.map(\.row).max().map { $0 + 1 } ?? 0
        let across =
            session.facet?.row == nil ? nil : session.facetValues().count
        guard
            let grid = PanelGrid.fitting(
                count: keys.count, across: across, width: columns, height: rows - top)
        else {
            return pageNote(session, texts, panels: keys.count, across: across, top: top)
        }
        let shared = sharedRanges(session, keys, grid, whole)
        let partition = session.facetPartition()
        var page = emptyPage(session, texts)
        page.panels = keys.enumerated().map { index, key in
            var layout = self
            (layout.columns, layout.rows) = (grid.width, grid.height)
            layout.panel = key
            layout.panelRows = partition.compactMapValues {
                $0.indices.contains(index) ? $0[index] : nil
            }
            layout.shared = shared
            var scene = layout.scene(for: panelSession(session, key))
            Self.titleOverPlot(&scene)
            return Scene.Panel(
                column: (index % grid.columns) * (grid.width + PanelGrid.gap),
                row: top + (index / grid.columns) * grid.height, scene: scene)
        }
        return page
    }

    /// A panel's title centred over its plot area and kept within it, clear of the y
    /// labels beside the plot's top row (in vector output they reach up into the title's).
    static func titleOverPlot(_ scene: inout Scene) {
        let area = scene.plotArea
        guard !area.isEmpty, let i = scene.texts.firstIndex(where: { $0.role == .title }) else {
            return
        }
        let text = TextMetrics.truncated(scene.texts[i].text, toWidth: area.width)
        scene.texts[i].text = text
        scene.texts[i].column = area.column + (area.width - TextMetrics.width(of: text)) / 2
    }

    /// The session one panel draws: titled with its values, without a legend of its own.
    func panelSession(_ session: Session, _ key: Facet.Key) -> Session {
        var panel = session
        panel.output.title = session.panelTitle(key)
        panel.output.legend = false
        return panel
    }

    /// What the panels share: each shared range the union of every panel's own, found by
    /// laying the panels out once alone (x first: the y range of a panel depends on its x).
    func sharedRanges(
        _ session: Session, _ keys: [Facet.Key], _ grid: PanelGrid, _ whole: SeriesResolver.Result
    ) -> SharedRanges {
        let scales = session.axes.facetScales
        var shared = SharedRanges()
        // Every panel's rows resolved together have each plot's groups in their order.
        for series in whole.series {
            shared.groupOrders[series.plot.id, default: []].append(series.groupKey)
        }
        guard scales != .free else { return shared }
        var layout = self
        (layout.columns, layout.rows) = (grid.width, grid.height)
        if scales.sharesX {
            shared.binning = whole.binning
            shared.categories = whole.categories
            layout.shared = shared
        }
        func union(_ a: ClosedRange<Double>?, _ b: ClosedRange<Double>?) -> ClosedRange<Double>? {
            guard let a else { return b }
            guard let b else { return a }
            return min(a.lowerBound, b.lowerBound)...max(a.upperBound, b.upperBound)
        }
        // On a real x, every panel's rows together are every row (the panels partition
        // them; plots without facet= are in each): the union of the panels' extents is the
        // extent of all, found in one pass.
        if session.xScaleKind != .index {
            layout.panel = nil
            layout.shared = shared
            let extents = layout.extents(session, resolved: whole)
            if scales.sharesX { shared.x = extents.x }
            if scales.sharesY { shared.y = extents.y }
            return shared
        }
        if scales.sharesX {
            for key in keys {
                layout.panel = key
                let extents = layout.extents(panelSession(session, key))
                shared.x = union(shared.x, extents.x)
                shared.count = max(shared.count, extents.count)
            }
        }
        if scales.sharesY {
            layout.shared = shared
            for key in keys {
                layout.panel = key
                shared.y = union(shared.y, layout.extents(panelSession(session, key)).y)
            }
        }
        return shared
    }

    /// A panel's x data extent (real x), its points along an index x and its left y range,
    /// as its own layout finds them.
    func extents(_ session: Session, resolved known: SeriesResolver.Result? = nil) -> (
        x: ClosedRange<Double>?, y: ClosedRange<Double>?, count: Int
    ) {
        let scale = session.xScaleKind
        let resolved = known ?? resolver(session, scale).resolve()
        let context = self.context(session, resolved, scale: scale)
        let settled = settle(context, rowPlan(context))
        let hasData = context.plots.contains { !$0.values.isEmpty }
        return (
            hasData ? settled.x.plan?.extent : nil, hasData ? settled.y.left.range : nil,
            context.plots.map(\.values.count).max() ?? 0
        )
    }

    /// The resolver of this layout's panel (what it shares with the others included).
    func resolver(_ session: Session, _ scale: XScaleKind) -> SeriesResolver {
        var resolver = SeriesResolver(session: session, scale: scale, panel: panel)
        resolver.panelRows = panelRows
        resolver.groupOrders = shared.groupOrders
        resolver.sharedBinning = shared.binning
        resolver.sharedCategories = shared.categories
        resolver.groupDashes = groupDashes
        return resolver
    }

    /// One legend for every panel, right-aligned on the page's rows from `row`: the series
    /// of all the panels' rows (a `by=` group's colour is the same in every panel).
    func pageLegend(_ session: Session, _ whole: SeriesResolver.Result, row: Int) -> [Scene.Text] {
        let main = whole.series.filter { $0.plot.kind != .sparkline }
        let named = main.indices.filter { main[$0].inLegend }
        guard !named.isEmpty,
            session.output.legendShown(series: named.count, yTitled: session.axes.yTitle != nil)
        else { return [] }
        let area = Scene.CellRect(column: 0, row: 0, width: columns, height: 0)
        let patterns = stackedPatterns(main)
        return legendLines(main, named).prefix(max(1, rows / 8)).enumerated().flatMap {
            number, line in
            legend(
                plots: line.map { main[$0] }, patterns: line.map { patterns[$0] },
                row: row + number, area: area)
        }
    }

    /// A page of `texts` and no plot area, for panels to be placed on.
    func emptyPage(_ session: Session, _ texts: [Scene.Text]) -> Scene {
        Scene(
            columns: columns, rows: rows, dotsPerCell: dots,
            plotArea: Scene.CellRect(column: 0, row: 0, width: 0, height: 0),
            frame: Scene.AxisFrame(), rules: [], layers: [], texts: texts, selection: nil,
            yRange: 0...1, theme: session.output.themeColors)
    }

    /// The page when its panels do not fit: what size they need, in the middle.
    func pageNote(
        _ session: Session, _ texts: [Scene.Text], panels: Int, across: Int?, top: Int
    ) -> Scene {
        let needed = PanelGrid.needed(count: panels, across: across)
        let lines =
            panels == 0
            ? ["no rows to draw in panels"]
            : [
                "\(panels) panels need \(needed.columns)×\(needed.rows + top) cells",
                "(the chart is \(columns)×\(rows))",
                "a larger window, or fewer (where=)",
            ]
        var all = texts
        let first = max(top, (rows - lines.count) / 2)
        for (offset, line) in lines.enumerated() where first + offset < rows {
            let text = TextMetrics.truncated(line, toWidth: columns)
            all.append(
                Scene.Text(
                    role: .note, row: first + offset,
                    column: max(0, (columns - TextMetrics.width(of: text)) / 2), text: text))
        }
        return emptyPage(session, all)
    }
}
