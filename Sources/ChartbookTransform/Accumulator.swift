import ChartbookModel

/// One aggregate per group, built up row by row: sums, counts and extremes as running
/// values; quantiles, deviations and `distinct` from the group's values, gathered. Missing
/// values are counted as rows but never added (`Aggregation`'s rules).
struct Accumulator {
    let op: Aggregation
    /// Whether rows are counted (no y column): every row adds 1.
    let counting: Bool
    private(set) var rows: [Double] = []
    private var present: [Double] = []
    private var running: [Double] = []
    private var gathered: [[Double]] = []

    init(_ op: Aggregation, counting: Bool) {
        self.op = op
        self.counting = counting
    }

    /// Whether the op needs each group's values, not a running value.
    var gathers: Bool { op.quantile != nil || [.stdev, .distinct].contains(op) }

    mutating func addGroup() {
        rows.append(0)
        present.append(0)
        running.append(op == .min ? .infinity : op == .max ? -.infinity : 0)
        if gathers { gathered.append([]) }
    }

    @inline(__always) mutating func add(_ value: Double, to g: Int) {
        rows[g] += 1
        guard !value.isNaN else { return }
        present[g] += 1
        if gathers {
            gathered[g].append(value)
            return
        }
        switch op {
        case .min: running[g] = Swift.min(running[g], value)
        case .max: running[g] = Swift.max(running[g], value)
        default: running[g] += value
        }
    }

    /// Each group's aggregate, in group order.
    var results: [Double] {
        if counting { return rows }
        if gathers { return gathered.map(op.apply) }
        return running.indices.map { g in
            if op == .count { return present[g] }
            guard present[g] > 0 else { return op.ofNothing }
            return op == .mean ? running[g] / present[g] : running[g]
        }
    }
}
