import ChartbookModel

/// Bands under lines: a trend's confidence band, a stacked area's part (`Scene.Band`).
extension ChartLayout {
    /// A trend's confidence band (`band=`: its low and high ends, `p.extra`), each point at
    /// its dot column, in the line's colour made translucent; nil without one.
    func band(_ p: ResolvedPlot, _ span: Range<Int>, position: (Int) -> Int, y: YMapping)
        -> Scene.Band?
    {
        guard p.plot.kind == .trend, p.extra.count == 2 else { return nil }
        var color = p.color
        color.alpha = 0.25
        return Self.band(
            low: p.extra[0], high: p.extra[1], span, position: position, y: y, color: color)
    }

    /// The band between two columns (`low`, `high`) at each point of `span`, a missing end
    /// starting a new run.
    static func band(
        low: [Double], high: [Double], _ span: Range<Int>, position: (Int) -> Int, y: YMapping,
        color: Color
    ) -> Scene.Band? {
        var runs = [[Scene.Band.Point]](), run = [Scene.Band.Point]()
        for i in span where i < low.count && i < high.count {
            guard low[i].isFinite, high[i].isFinite else {
                if !run.isEmpty { runs.append(run); run = [] }
                continue
            }
            let point = Scene.Band.Point(
                at: Double(position(i)), from: Double(y.dot(high[i])), to: Double(y.dot(low[i])))
            if run.last?.at == point.at { run[run.count - 1] = point } else { run.append(point) }
        }
        if !run.isEmpty { runs.append(run) }
        return runs.isEmpty ? nil : Scene.Band(runs: runs, color: color)
    }

    /// A stacked area's part (`stack=`): the band from the parts below it (`p.bases`) up to
    /// its top, in its fill's colour (the line's, lighter, unless `fillcolor=`).
    func stackedBand(
        _ p: ResolvedPlot, _ span: Range<Int>, position: (Int) -> Int, y: YMapping
    ) -> Scene.Band? {
        guard let bases = p.bases else { return nil }
        var color = p.plot.style.stroke.fillColor ?? p.color
        if p.plot.style.stroke.fillColor == nil { color.alpha = 0.35 }
        return Self.band(
            low: bases, high: p.values, span, position: position, y: y, color: color)
    }
}
