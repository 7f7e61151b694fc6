import ChartbookModel
import Foundation

extension ChartLayout {
    /// The selected point's index on an index chart, when it exists.
    func resolvedSelection(_ selection: Selection?, count: Int) -> Int? {
        switch selection {
        case .none, .x: return nil
        case .last: return count > 0 ? count - 1 : nil
        case .index(let i): return i >= 0 && i < count ? i : nil
        }
    }

    /// The selected x on a real scale (transformed units): `select x=`, or the largest x
    /// for `select last`.
    func selectedX(_ c: ChartContext) -> Double? {
        switch c.session.selection {
        case .x(let value):
            let t = c.scale.transform
            return t.admits(value) ? t.forward(value) : nil
        case .last:
            let last = c.plots.compactMap { $0.xs?.filter(\.isFinite).max() }.max()
            return last
        case .none, .index: return nil
        }
    }

    /// The index of `p`'s point nearest to x `value` (`NearestX`: ties the earlier; nil
    /// outside the series' x range).
    func nearest(_ p: ResolvedPlot, to value: Double) -> Int? {
        guard let xs = p.xs, !xs.isEmpty else { return nil }
        return NearestX.index(in: xs, to: value, sorted: p.sorted)
    }

    /// The selection mark: a column and each layer's value there (the nearest point of each
    /// series on a real x scale).
    func selectionMark(_ c: ChartContext, x: XSide, y: (PlotBinding.Axis) -> YMapping)
        -> Scene.SelectionMark?
    {
        if let plan = x.plan {
            guard let value = selectedX(c), plan.domain.contains(value) else { return nil }
            let dotYs: [Int?] = c.plots.map { p in
                // A box is selected by its group: its median.
                if let box = p.box {
                    return p.xs?.first == value ? y(p.plot.binding.axis).dot(box.median) : nil
                }
                guard let i = nearest(p, to: value), p.values[i].isFinite else { return nil }
                return y(p.plot.binding.axis).dot(p.values[i])
            }
            let column =
                c.session.chartType == .box
                ? value : c.plots.first.flatMap { p in nearest(p, to: value).flatMap { p.xs?[$0] } }
            return Scene.SelectionMark(
                index: -1, dotX: x.mapping.dot(value: column ?? value), dotYs: dotYs)
        }
        guard let index = resolvedSelection(c.session.selection, count: c.count),
            x.window.contains(index)
        else { return nil }
        let dotYs: [Int?] = c.plots.map { p in
            guard index < p.values.count, p.values[index].isFinite else { return nil }
            return y(p.plot.binding.axis).dot(p.values[index])
        }
        return Scene.SelectionMark(index: index, dotX: x.mapping.dot(index), dotYs: dotYs)
    }
}
