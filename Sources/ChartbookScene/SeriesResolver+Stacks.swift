import ChartbookModel

/// Series reshaped for the marks that stand on one another or around a slot: stacked bars
/// and areas, violins.
extension SeriesResolver {
    /// Stacked parts: each stands on the parts before it at the same x (positive values on
    /// the positive ones, negative below the negative ones); `values` become the tops and
    /// `original` keeps the parts' own values. Stacked bars stack together; a stacked area
    /// (`stack=`) stacks its own `by=` groups, in their order.
    func stack(_ series: inout [Series]) {
        var stacks = [String: (positive: [Double: Double], negative: [Double: Double])]()
        for s in series.indices where Self.stacks(series[s].plot) {
            let id = series[s].plot.kind == .stacked ? "" : series[s].plot.id
            var (positive, negative) = stacks[id] ?? ([:], [:])
            defer { stacks[id] = (positive, negative) }
            let values = series[s].values
            var bases = [Double](repeating: 0, count: values.count)
            var tops = values
            for i in values.indices where values[i].isFinite {
                let key = series[s].xs.map { $0[i] } ?? Double(i)
                guard key.isFinite else { continue }
                if values[i] >= 0 {
                    bases[i] = positive[key] ?? 0
                    positive[key] = bases[i] + values[i]
                } else {
                    bases[i] = negative[key] ?? 0
                    negative[key] = bases[i] + values[i]
                }
                tops[i] = bases[i] + values[i]
            }
            series[s].original = series[s].original ?? values
            series[s].bases = bases
            series[s].values = tops
        }
    }

    /// Whether a plot's parts stand on one another: stacked bars, areas with `stack=`.
    static func stacks(_ plot: Plot) -> Bool {
        plot.kind == .stacked || (plot.kind == .area && plot.binding.stack != nil)
    }

    /// A violin: its densities kept aside, its levels become the values (the y extent, the
    /// log scale and the readout read them), x its group's category slot.
    func mirror(_ s: inout Series, at slot: Double) {
        s.densities = s.values
        s.values = s.extra.first ?? []
        s.extra = []
        s.xs = Array(repeating: slot, count: s.values.count)
    }

    /// One width scale for every violin of the chart: the largest density fills the slot's
    /// `width=` share.
    func scaleViolins(_ series: inout [Series]) {
        let largest = series.compactMap(\.densities).flatMap { $0 }.filter(\.isFinite).max() ?? 0
        guard largest > 0 else { return }
        for i in series.indices where series[i].densities != nil {
            series[i].densityScale = 1 / largest
        }
    }
}
