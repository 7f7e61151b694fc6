import ChartbookModel

/// Session → Scene for a target of `columns × rows` cells with `dots` per cell.
///
/// Pure: everything comes from the arguments. In passes: the series are resolved (groups,
/// filters, log transforms, x values), rows are given out top to bottom (`RowPlan`), the
/// gutters are settled with the y axes (`YAxisPlan`), the x axis is laid out (`XAxisPlan`
/// on a real x scale, the view's window of points on the index), then rules, marks, labels,
/// the legend and the selection are placed. The layout knows nothing of ANSI or SVG.
public struct ChartLayout: Sendable {
    public var columns: Int
    public var rows: Int
    public var dots: DotDensity
    /// Symbols for text the layout writes itself (legend keys, readout marker).
    public var glyphs: Glyphs
    /// Vector output (SVG): bars are kept at their own positions down to one dot (pixel)
    /// wide; a cell renderer keeps one bar per cell column once slots are under a cell.
    public var vectorBars = false
    /// Whether the lines of several `by=` groups differ in dash pattern as well as colour:
    /// in SVG and on a terminal without colour; a terminal in colour draws them solid (a
    /// dashed braille line reads as scattered dots, and the colours tell them apart).
    public var groupDashes = true
    /// The panel of a faceted page this layout draws (its faceted plots keep its rows), and
    /// what it shares with the other panels; nil and empty for a chart of its own.
    var panel: Facet.Key?
    var shared = SharedRanges()
    /// The panel's rows of each faceted plot, by plot id (`Session.facetPartition`).
    var panelRows: [String: [Int]] = [:]

    public init(
        columns: Int, rows: Int, dots: DotDensity, glyphs: Glyphs = Glyphs(asciiOnly: false)
    ) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.dots = dots
        self.glyphs = glyphs
    }

    typealias ResolvedPlot = SeriesResolver.Series

    /// What the passes share: the session, its resolved series and the x scale.
    struct ChartContext {
        var session: Session
        var scale: XScaleKind
        var plots: [ResolvedPlot]
        var sparks: [ResolvedPlot]
        var categories: XCategories
        /// What is not drawn (values a log scale leaves out, groups past the limit).
        var notes: [String]
        /// Points along x on an index chart (the longest series); 0 on a real x scale.
        var count: Int
        var marks: [(MarkedLine, Double)]
        /// The keys of the plots' channels, one row each (`channelGuides`).
        var guides: [[Scene.Text]] = []
        var realX: Bool { scale != .index }
        var includeZero: Bool {
            plots.contains { $0.plot.kind.standsOnZero }
        }
    }

    public func scene(for session: Session) -> Scene {
        let scale = session.xScaleKind
        // A heatmap bins the columns themselves: no series to resolve.
        if session.chartType == .heatmap { return heatmapScene(session) }
        if session.panels.count > 1 { return panelPage(session) }
        if panel == nil, session.facet != nil, !session.mainPlots.isEmpty {
            return facetScene(session)
        }
        let resolved = resolver(session, scale).resolve()
        if !session.mainPlots.isEmpty {
            switch session.chartType {
            case .horizontal: return horizontalScene(session, resolved)
            case .pie: return pieScene(session, resolved)
            case .radar: return radarScene(session, resolved)
            case .cartesian, .histogram, .box, .heatmap: break
            }
        }
        let context = self.context(session, resolved, scale: scale)
        if session.plots.isEmpty { return emptyScene(session) }
        let plan = rowPlan(context)
        return compose(context, plan)
    }

    /// What the passes share for `session`, its series resolved: the main plots and the
    /// sparklines, the points along an index x (at least what the page's panels share) and
    /// the marked lines across at their values.
    func context(_ session: Session, _ resolved: SeriesResolver.Result, scale: XScaleKind)
        -> ChartContext
    {
        let main = resolved.series.filter { $0.plot.kind != .sparkline }
        var context = ChartContext(
            session: session, scale: scale, plots: main,
            sparks: resolved.series.filter { $0.plot.kind == .sparkline },
            categories: resolved.categories, notes: resolved.notes,
            count: scale == .index ? max(main.map(\.values.count).max() ?? 0, shared.count) : 0,
            marks: [])
        context.marks = session.markedLines.filter { !session.isVertical($0) }.map {
            ($0, markedValue($0, in: session))
        }
        context.guides = channelGuides(main, session: session)
        return context
    }

    /// Nothing to draw yet: the title, and in the middle what to type next instead of an
    /// empty frame.
    func emptyScene(_ session: Session) -> Scene {
        let hint: [String] =
            session.datasets.isEmpty
            ? ["no data yet", "try: load FILE  or  gen w walk 200"]
            : [
                "no plots yet",
                session.suggestedFirstPlot().map { "try: " + $0 }
                    ?? "try: add plot line DATASET.COLUMN",
            ]
        var texts = titleText(session).map { [$0] } ?? []
        let first = max(texts.count, (rows - hint.count) / 2)
        for (offset, line) in hint.enumerated() where first + offset < rows {
            let text = TextMetrics.truncated(TextMetrics.sanitized(line), toWidth: columns)
            texts.append(
                Scene.Text(
                    role: .note, row: first + offset,
                    column: max(0, (columns - TextMetrics.width(of: text)) / 2), text: text))
        }
        return Scene(
            columns: columns, rows: rows, dotsPerCell: dots,
            plotArea: Scene.CellRect(column: 0, row: 0, width: 0, height: 0),
            frame: Scene.AxisFrame(), rules: [], layers: [], texts: texts, selection: nil,
            yRange: 0...1, theme: session.output.themeColors)
    }

    /// Left and right gutter widths (label, space, axis) and whether there is a right axis.
    func gutters(
        labelSide: ReferenceLines.LabelSide, labelWidth: Int, rightLabelWidth: Int? = nil
    ) -> (Int, Int, Bool) {
        guard columns >= 4 else { return (0, 0, false) }
        var left = 1, right = 0, rightAxis = false
        if labelSide == .left || labelSide == .both, columns - (labelWidth + 2) >= 8 {
            left += labelWidth + 1
        }
        let rightWidth = max(
            labelSide == .right || labelSide == .both ? labelWidth : -1, rightLabelWidth ?? -1)
        if rightWidth >= 0, columns - left - (rightWidth + 2) >= 8 {
            rightAxis = true
            right = rightWidth + 2
        }
        return (left, right, rightAxis)
    }
}
