import ChartbookModel

extension ChartLayout {
    func markedValue(_ line: MarkedLine, in session: Session) -> Double {
        switch line.value {
        case .constant(let v): return v
        case .statistic(let kind, let series):
            guard let values = session.values(of: series) else { return .nan }
            return kind.evaluate(values)
        }
    }

    /// The y range: all data (`auto`), the points in `window` (`adapt`), or fixed; widened to
    /// round numbers except where fixed. `includeZero`: bars and areas are measured from zero.
    func yRange(
        session: Session, plots: [ResolvedPlot], window: Range<Int>, marks: [(MarkedLine, Double)],
        includeZero: Bool
    ) -> ClosedRange<Double> {
        var lo = Double.infinity, hi = -Double.infinity
        for p in plots {
            let slice =
                session.axes.range == .adapt
                ? p.values[
                    min(window.lowerBound, p.values.count)..<min(window.upperBound, p.values.count)]
                : p.values[...]
            if let (a, b) = Statistics.extent(of: slice) { lo = min(lo, a); hi = max(hi, b) }
        }
        for (line, value) in marks where line.fit && value.isFinite {
            lo = min(lo, value); hi = max(hi, value)
        }
        if session.axes.includeZero || includeZero { lo = min(lo, 0); hi = max(hi, 0) }
        if lo > hi { lo = 0; hi = 1 }
        let intervals: Int
        switch session.referenceLines.positions {
        case .relative(let fractions): intervals = YRange.intervals(forRelative: fractions)
        case .absolute: intervals = 5
        }
        let nice = YRange.nice(lo, hi, intervals: intervals)
        switch session.axes.range {
        case .auto, .adapt: return nice
        case .fixed(let lower, let upper):
            let l = lower ?? nice.lowerBound, u = upper ?? nice.upperBound
            if l < u { return l...u }
            let (a, b) = YRange.widenedIfFlat(min(l, u), max(l, u))
            return a...b
        }
    }

    struct GridEntry { var value: Double }

    /// The reference line values inside `range`, honouring min/max and intermediate visibility.
    func gridValues(_ lines: ReferenceLines, range: ClosedRange<Double>) -> [GridEntry] {
        let span = range.upperBound - range.lowerBound
        var values: [Double]
        switch lines.positions {
        case .relative(let fractions):
            // lower + f·span, unless the span overflows (bounds near ±1.8e308): then interpolated.
            values = fractions.sorted().map { f in
                YRange.clean(
                    span.isFinite
                        ? range.lowerBound + f * span
                        : range.lowerBound * (1 - f) + range.upperBound * f)
            }
        case .absolute(let list):
            values = list.sorted().filter {
                $0 >= range.lowerBound - span * 1e-9 && $0 <= range.upperBound + span * 1e-9
            }
        }
        var unique = [Double]()
        for v in values where unique.last != v { unique.append(v) }
        return unique.enumerated().compactMap { index, value in
            let isEnd = index == 0 || index == unique.count - 1
            if isEnd && !lines.showMinMax { return nil }
            if !isEnd && !lines.showIntermediate { return nil }
            return GridEntry(value: value)
        }
    }

    func resolvedSelection(_ selection: Selection?, count: Int) -> Int? {
        switch selection {
        case .none: return nil
        case .last: return count > 0 ? count - 1 : nil
        case .index(let i): return i >= 0 && i < count ? i : nil
        }
    }
}
