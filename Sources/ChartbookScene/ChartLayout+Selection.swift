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
            guard c.scale == .log else { return value }
            return value > 0 ? log10(value) : nil
        case .last:
            let last = c.plots.compactMap { $0.xs?.filter(\.isFinite).max() }.max()
            return last
        case .none, .index: return nil
        }
    }

    /// The index of `p`'s point nearest to x `value` (ties: the earlier); nil when `value` is
    /// outside the series' x range — before its first point or after its last, a series has
    /// no value to read out (issue 31: a company listed from 2004 showed its 2004 price under
    /// 2002).
    func nearest(_ p: ResolvedPlot, to value: Double) -> Int? {
        guard let xs = p.xs, !xs.isEmpty else { return nil }
        if p.sorted {
            guard let first = xs.first(where: \.isFinite), let last = xs.last(where: \.isFinite),
                first <= value, value <= last
            else { return nil }
            let i = Self.firstIndex(in: xs) { $0 >= value }
            let candidates = [i - 1, i].filter { xs.indices.contains($0) }
            return candidates.min { abs(xs[$0] - value) < abs(xs[$1] - value) }
        }
        let finite = xs.indices.filter { xs[$0].isFinite }
        guard let low = finite.map({ xs[$0] }).min(), let high = finite.map({ xs[$0] }).max(),
            low <= value, value <= high
        else { return nil }
        return finite.min { abs(xs[$0] - value) < abs(xs[$1] - value) }
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
