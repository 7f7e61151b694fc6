import ChartbookModel

extension ChartLayout {
    /// A violin: at each level (a dot row), the density (`p.densities`, on the chart's one
    /// scale) each side of its slot's centre, as wide as `width=` (0.8) of the slot at the
    /// largest density; several plots' violins of one group share the slot as boxes do.
    /// A band along y in the plot's colour.
    func violin(_ p: ResolvedPlot, x: XMapping, y: YMapping, group: BarGroup) -> Scene.Band? {
        guard let densities = p.densities, let slot = p.xs?.first else { return nil }
        let whole = x.dotsPerUnit
        let share = p.plot.style.bar.widthFraction(for: .violin) / Double(group.count)
        let center =
            Double(x.dot(value: slot)) + (Double(group.index) - Double(group.count - 1) / 2) * whole
            * share
        let half = whole * share / 2
        var runs = [[Scene.Band.Point]](), run = [Scene.Band.Point]()
        for (level, density) in zip(p.values, densities) {
            guard level.isFinite, density.isFinite else {
                if !run.isEmpty { runs.append(run); run = [] }
                continue
            }
            let w = density * p.densityScale * half
            run.append(Scene.Band.Point(at: y.position(level), from: center - w, to: center + w))
        }
        if !run.isEmpty { runs.append(run) }
        var color = p.color
        color.alpha = 0.6
        return runs.isEmpty ? nil : Scene.Band(runs: runs, color: color, alongY: true)
    }
}
