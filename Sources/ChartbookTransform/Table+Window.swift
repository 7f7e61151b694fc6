import ChartbookModel

extension Table {
    /// Replaces each group's values by `window` over its points with a value, in table
    /// (x) order; rows without a value stay missing.
    mutating func apply(_ window: PlotWindow) throws(TransformError) {
        let times: [Double]? = if case .numbers(let v, _) = x { v } else { nil }
        // One group without missing values: the window runs over the column itself.
        if rowsByGroup == nil, !y.contains(where: \.isNaN) {
            y = try Self.computed(window, y, at: times)
            return
        }
        var out = [Double](repeating: .nan, count: count)
        for rows in rowsByGroup ?? [Array(0..<count)] {
            let present = rows.filter { !y[$0].isNaN }
            let computed = try Self.computed(
                window, present.map { y[$0] }, at: times.map { t in present.map { t[$0] } })
            for (i, row) in present.enumerated() { out[row] = computed[i] }
        }
        y = out
    }

    /// `window` over values without missing ones, at times `t` (span windows need them).
    static func computed(_ window: PlotWindow, _ values: [Double], at t: [Double]?)
        throws(TransformError) -> [Double]
    {
        switch window {
        case .rolling(let op, .points(let n)):
            return WindowFunctions.rolling(op, values, points: n)
        case .rolling(let op, .span(let span)):
            guard let t else { throw .spanNeedsTimes(column: nil) }
            return WindowFunctions.rolling(op, values, at: t, span: span)
        case .running(let op): return WindowFunctions.running(op, values)
        case .change(let change): return WindowFunctions.change(change, values)
        }
    }
}

/// Windows over a sequence of values (no missing ones), each output at the same position.
/// The one definition of each window (`PlotWindow` documents them).
public enum WindowFunctions {
    /// `op` of the last `points` values, missing until `points` have been seen.
    public static func rolling(_ op: PlotWindow.Rolling, _ v: [Double], points n: Int) -> [Double] {
        guard n > 0 else { return v.map { _ in .nan } }
        if op == .mean || op == .sum {
            var out = slidingSums(v, points: n)
            if op == .mean {
                // In place: one array of the length of the values, not two.
                out.withUnsafeMutableBufferPointer { out in
                    for i in out.indices { out[i] /= Double(n) }
                }
            }
            return out
        }
        var out = [Double](repeating: .nan, count: v.count)
        for i in v.indices where i >= n - 1 { out[i] = of(op, v[(i - n + 1)...i]) }
        return out
    }

    /// The sum of the `n` values ending at each position from `n − 1` on (missing before), in two
    /// passes and never by subtraction (van Herk–Gil-Werman): the values are cut into blocks
    /// of `n`, and a window is the sum from its start to the end of its block plus the sum
    /// from the start of the next block to its end. A running sum that added each value in
    /// and subtracted it out kept what left it: after +∞ every later sum was NaN (∞ − ∞) until
    /// it was summed afresh, and a spike of 1e20 among values near 1 took theirs with it
    /// (0 or 16 384 for the windows after). Memory: one block of sums.
    static func slidingSums(_ v: [Double], points n: Int) -> [Double] {
        var suffix = [Double](repeating: 0, count: min(n, v.count))  // the block before, to its end
        let out = [Double](unsafeUninitializedCapacity: v.count) { out, initialized in
            v.withUnsafeBufferPointer { v in
                suffix.withUnsafeMutableBufferPointer { suffix in
                    var blockStart = 0
                    while blockStart < v.count {
                        let blockEnd = min(blockStart + n, v.count)
                        var prefix = 0.0
                        for i in blockStart..<blockEnd {
                            prefix = i == blockStart ? v[i] : prefix + v[i]
                            let start = i - n + 1
                            out[i] =
                                start < 0
                                ? .nan
                                : start == blockStart
                                    ? prefix
                                    : suffix[start - (blockStart - n)] + prefix
                        }
                        var sum = 0.0
                        for i in (blockStart..<blockEnd).reversed() {
                            sum = i == blockEnd - 1 ? v[i] : v[i] + sum
                            suffix[i - blockStart] = sum
                        }
                        blockStart = blockEnd
                    }
                }
            }
            initialized = v.count
        }
        return out
    }

    /// `op` of the values whose time lies in (t − span, t], for each t; missing while
    /// t − span is before the first time.
    public static func rolling(
        _ op: PlotWindow.Rolling, _ v: [Double], at t: [Double], span: Double
    ) -> [Double] {
        var out = [Double](repeating: .nan, count: v.count)
        guard let first = t.first else { return out }
        var start = 0
        for i in v.indices {
            while start < i, t[start] <= t[i] - span { start += 1 }
            if t[i] - span >= first { out[i] = of(op, v[start...i]) }
        }
        return out
    }

    static func of(_ op: PlotWindow.Rolling, _ w: ArraySlice<Double>) -> Double {
        switch op {
        case .mean: return w.reduce(0, +) / Double(w.count)
        case .sum: return w.reduce(0, +)
        case .min: return w.min() ?? .nan
        case .max: return w.max() ?? .nan
        case .median: return Statistics.quantile(0.5, of: Array(w))
        }
    }

    /// `op` of every value so far.
    public static func running(_ op: PlotWindow.Running, _ v: [Double]) -> [Double] {
        var out = [Double](), total = 0.0, low = Double.infinity, high = -Double.infinity
        out.reserveCapacity(v.count)
        for (i, value) in v.enumerated() {
            total += value
            low = min(low, value)
            high = max(high, value)
            switch op {
            case .sum: out.append(total)
            case .mean: out.append(total / Double(i + 1))
            case .min: out.append(low)
            case .max: out.append(high)
            case .count: out.append(Double(i + 1))
            }
        }
        return out
    }

    /// The difference from the value before, or the percent change (the first is missing);
    /// or the value as an index of the first, 100·y/y₀ (all missing where y₀ is 0).
    public static func change(_ change: PlotWindow.Change, _ v: [Double]) -> [Double] {
        if change == .index {
            guard let first = v.first, first != 0 else { return v.map { _ in .nan } }
            return v.map { $0 / first * 100 }
        }
        return v.indices.map { i in
            guard i > 0 else { return .nan }
            let (previous, value) = (v[i - 1], v[i])
            switch change {
            case .diff: return value - previous
            case .pct: return previous == 0 ? .nan : (value - previous) / abs(previous) * 100
            case .index: return .nan
            }
        }
    }
}
