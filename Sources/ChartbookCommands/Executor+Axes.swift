import ChartbookModel

extension Executor {
    /// `set labels`, the scales, the y range, titles and the legend.
    func applyAxes(_ command: Command, to s: inout Session, at range: SourceRange)
        throws(Diagnostic) -> [Effect]
    {
        switch command {
        case .setLabels(let source, let sparsity):
            return try setLabels(source, sparsity: sparsity, in: &s)
        case .setXScale(let kind):
            s.axes.xScale = kind
            s.view.xInterval = nil
            try checkXScale(s, at: range)
        case .setYScale(let kind): s.axes.yScale = kind
        case .setAxisTitle(let isX, let text):
            if isX { s.axes.xTitle = text } else { s.axes.yTitle = text }
        case .setRange(let mode): s.axes.range = mode
        case .setZero(let on): s.axes.includeZero = on
        case .setFacetScales(let scales): s.axes.facetScales = scales
        case .setAxis(let isX, var change):
            if isX {
                if let at = change.at {
                    let reader = xReader(s)
                    var values = [Double]()
                    for text in at { values.append(try reader.value(text)) }
                    change.step = .some(.values(Array(Set(values)).sorted()))
                }
                s.axes.xGuide = change.applied(to: s.axes.xGuide)
            } else {
                s.axes.yGuide = change.applied(to: s.axes.yGuide)
            }
        case .setSelectionStyle(let color, let line):
            if let color { s.output.selectionStyle.color = color }
            if let line { s.output.selectionStyle.line = line }
        case .setGrid(let x, let y):
            s.axes.xGuide.grid = x
            s.axes.yGuide.grid = y
        case .setTitle(let title): s.output.title = title.map(TextMetrics.sanitized)
        case .setLegend(let on): s.output.legend = on
        case .setLegendPosition(let position): s.output.legendPosition = position
        default: break
        }
        return [.render]
    }

    /// `set labels SOURCE [sparsity=N]`; a numeric column as labels gets a note (spaced
    /// evenly, not to scale).
    func setLabels(_ source: Located<SeriesName>?, sparsity: Int?, in s: inout Session)
        throws(Diagnostic) -> [Effect]
    {
        if let source { s.axes.labelSource = try labelSource(source, in: s) }
        if let sparsity { s.axes.labelSparsity = sparsity }
        guard case .column(let ref) = s.axes.labelSource,
            s.dataset(named: ref.dataset)?.column(named: ref.column)?.isNumeric == true
        else { return [.render] }
        let column = TextMetrics.sanitized(ref.column)
        return [
            .render,
            .feedback(
                "note: '\(column)' holds numbers; as labels they are spaced evenly, not to scale. To draw against them, give the plots x=\(column)\n"
            ),
        ]
    }
}
