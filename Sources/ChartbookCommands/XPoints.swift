import ChartbookModel

/// The x values at which a plot draws a point on a number, log or time axis: rows whose x
/// is finite (above 0 on a log axis) and whose value is not missing. Answers "the lowest
/// above", "the highest below" and "the nearest" without copying the column: by halving on
/// an ascending x column, in one pass on another.
struct XPoints {
    private let xs: [Double]
    private let values: [Double]?
    private let ascending: Bool
    /// The chart's x transform: a log x draws only x above 0, a sqrt x 0 and above.
    private let transform: ScaleTransform

    /// Nil when the plot has no x column of numbers or times.
    init?(session: Session, plot: Plot) {
        guard let column = session.xColumn(of: plot), let xs = column.numbers else { return nil }
        self.xs = xs
        values = session.values(of: plot)
        ascending = column.ascends
        transform = session.xScaleKind.transform
    }

    /// Whether row `i` is drawn.
    private func drawn(_ i: Int) -> Bool {
        let x = xs[i]
        guard x.isFinite, transform.admits(x) else { return false }
        guard let values else { return true }
        return i < values.count && !values[i].isNaN
    }

    /// The lowest drawn x above `value` (or equal, when `inclusive`).
    func lowest(from value: Double, inclusive: Bool) -> Double? {
        if ascending {
            var i = firstIndex { inclusive ? $0 >= value : $0 > value }
            while i < xs.count, !drawn(i) { i += 1 }
            return i < xs.count ? xs[i] : nil
        }
        var best: Double?
        for i in xs.indices where drawn(i) {
            let x = xs[i]
            if inclusive ? x >= value : x > value, best.map({ x < $0 }) ?? true { best = x }
        }
        return best
    }

    /// The highest drawn x below `value` (or equal, when `inclusive`).
    func highest(from value: Double, inclusive: Bool) -> Double? {
        if ascending {
            var i = firstIndex { inclusive ? $0 > value : $0 >= value } - 1
            while i >= 0, !drawn(i) { i -= 1 }
            return i >= 0 ? xs[i] : nil
        }
        var best: Double?
        for i in xs.indices where drawn(i) {
            let x = xs[i]
            if inclusive ? x <= value : x < value, best.map({ x > $0 }) ?? true { best = x }
        }
        return best
    }

    /// The lowest and the highest drawn x; nil when none is drawn.
    var span: ClosedRange<Double>? {
        guard let low = lowest(from: -.infinity, inclusive: true),
            let high = highest(from: .infinity, inclusive: true)
        else { return nil }
        return low...high
    }

    /// The drawn x nearest to `value` (ties: the lower).
    func nearest(to value: Double) -> Double? {
        let below = highest(from: value, inclusive: true)
        let above = lowest(from: value, inclusive: true)
        guard let below else { return above }
        guard let above else { return below }
        return above - value < value - below ? above : below
    }

    /// The first index of the ascending `xs` where `rises` holds (`xs.count` if none).
    private func firstIndex(where rises: (Double) -> Bool) -> Int {
        var low = 0, high = xs.count
        while low < high {
            let mid = (low + high) / 2
            if rises(xs[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
