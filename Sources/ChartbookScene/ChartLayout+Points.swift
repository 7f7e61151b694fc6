import ChartbookModel

/// A dot plot's points in dots of the plot area: each visible one, and with channels
/// (`SeriesResolver.Channels`) each in its own colour, size and shape.
extension ChartLayout {
    /// Each visible dot once, in data order.
    func markers(
        _ values: [Double], _ window: Range<Int>, position: (Int) -> Int, x: XMapping,
        y: YMapping
    ) -> [DotPoint] {
        let w = max(1, x.widthDots), h = max(1, y.heightDots)
        var seen = [Bool](repeating: false, count: w * h)
        var points = [DotPoint]()
        for i in window.clamped(to: 0..<values.count) where values[i].isFinite {
            let px = position(i), py = y.dot(values[i])
            guard (0..<w).contains(px), (0..<h).contains(py) else { continue }
            if !seen[py * w + px] {
                seen[py * w + px] = true; points.append(DotPoint(x: px, y: py))
            }
        }
        return points
    }

    /// Each visible point with a value in every channel, its colour and size from them —
    /// every one, as Vega-Lite draws every row (the terminal keeps a cell's largest), the
    /// largest first so smaller ones stay visible on top.
    func encodedMarkers(
        _ p: ResolvedPlot, _ channels: SeriesResolver.Channels, _ window: Range<Int>,
        position: (Int) -> Int, x: XMapping, y: YMapping
    ) -> [Scene.EncodedMarker] {
        let w = max(1, x.widthDots), h = max(1, y.heightDots)
        var markers = [Scene.EncodedMarker]()
        for i in window.clamped(to: 0..<p.values.count) where p.values[i].isFinite {
            let px = position(i), py = y.dot(p.values[i])
            guard (0..<w).contains(px), (0..<h).contains(py),
                let marker = channels.marker(
                    at: p.row(i), DotPoint(x: px, y: py), default: p.color)
            else { continue }
            markers.append(marker)
        }
        guard channels.scales.size != nil else { return markers }
        return markers.enumerated().sorted {
            ($0.element.area ?? 0, $1.offset) > ($1.element.area ?? 0, $0.offset)
        }.map(\.element)
    }

    /// A jittered dot plot's dot columns (`jitter=W`): each point moved by its row's offset
    /// (`Jitter.offset`) times its slot (`p.jitterSlot` x units, or one category) in dots.
    func jittered(_ p: ResolvedPlot, _ position: @escaping (Int) -> Int, x: XMapping)
        -> (Int) -> Int
    {
        guard let width = p.plot.style.marker.jitter, width > 0 else { return position }
        let slotDots = (p.jitterSlot ?? 1) * x.dotsPerUnit
        guard slotDots.isFinite, slotDots > 0 else { return position }
        return { i in
            position(i) + Int((Jitter.offset(row: p.row(i), width: width) * slotDots).rounded())
        }
    }
}
