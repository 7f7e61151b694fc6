import ChartbookModel

extension Grouping {
    /// One row per group: its key, its `by=` value, `op` of its values (rows counted when
    /// `values` is nil) and how many rows it covers; in output order (`ordered`).
    func aggregated(_ op: Aggregation, values: [Double]?) -> Table {
        let (result, rows) = accumulate(op, values)
        let order = ordered
        let x: Table.XValues
        switch keys.values {
        case .text: x = .text(order.map { keyTexts[keyOf[$0]] })
        case .numbers:
            let numbers = order.map { keyNumbers[keyOf[$0]] }
            if let unit = keys.unit, unit.isCyclic, keys.kind == .text {
                x = .text(numbers.map { unit.name(ofKey: $0) ?? "" })
            } else {
                x = .numbers(numbers, kind: keys.kind)
            }
        }
        return Table(
            x: x, group: order.map { byOf[$0] }, byNames: byNames.isEmpty ? nil : byNames,
            y: order.map { result[$0] }, rows: order.map { rows[$0] }, labels: nil)
    }

    /// `op` of each group's values, and each group's row count, in group order. Sums,
    /// means, counts, extremes and deviations are kept running as rows go by; quantiles and
    /// `distinct` gather their group's values first.
    func accumulate(_ op: Aggregation, _ values: [Double]?) -> ([Double], [Double]) {
        var rows = [Double](repeating: 0, count: count)
        for g in groupOfRow where g >= 0 { rows[Int(g)] += 1 }
        guard let values else { return (rows, rows) }
        switch op {
        case .median, .q1, .q3, .distinct, .stdev:
            var gathered = [[Double]](repeating: [], count: count)
            for (row, g) in groupOfRow.enumerated() where g >= 0 && !values[row].isNaN {
                gathered[Int(g)].append(values[row])
            }
            return (gathered.map(op.apply), rows)
        case .sum, .mean, .count, .min, .max:
            return (running(op, values), rows)
        }
    }

    /// Sums, means, counts and extremes in one pass without gathering values.
    func running(_ op: Aggregation, _ values: [Double]) -> [Double] {
        var total = [Double](
            repeating: op == .min ? .infinity : op == .max ? -.infinity : 0, count: count)
        var present = [Double](repeating: 0, count: count)
        values.withUnsafeBufferPointer { v in
            for (row, g32) in groupOfRow.enumerated() where g32 >= 0 {
                let value = v[row]
                guard !value.isNaN else { continue }
                let g = Int(g32)
                present[g] += 1
                switch op {
                case .min: total[g] = Swift.min(total[g], value)
                case .max: total[g] = Swift.max(total[g], value)
                default: total[g] += value
                }
            }
        }
        return (0..<count).map { g in
            if op == .count { return present[g] }
            guard present[g] > 0 else { return op.ofNothing }
            return op == .mean ? total[g] / present[g] : total[g]
        }
    }
}
