import ChartbookModel

/// `top=N`: the pipeline's step after the aggregate that keeps the N keys with the largest
/// values. A key is an x value (each row its own key without an x column); its value is
/// the sum of its rows' present values (its `by=` groups', missing ones adding nothing —
/// Vega's `sum`), ties going to the key met first in the table. The rows of the kept keys
/// come out in rank order (largest first), each key's rows in table order: the order a
/// chart of categories names them in.
extension Table {
    /// Keeps the rows of the `n` largest keys, in rank order; how many keys were left out.
    mutating func keepTop(_ n: Int) -> Int {
        let keys = keyOfRow()
        var totals = [Double](), first = [Int]()
        var rowsOfKey = [[Int]]()
        for (row, key) in keys.enumerated() {
            while key >= totals.count {
                totals.append(0)
                first.append(row)
                rowsOfKey.append([])
            }
            if !y[row].isNaN { totals[key] += y[row] }
            rowsOfKey[key].append(row)
        }
        let ranked = totals.indices.sorted {
            totals[$0] > totals[$1] || (totals[$0] == totals[$1] && first[$0] < first[$1])
        }
        let kept = ranked.prefix(n)
        gather(kept.flatMap { rowsOfKey[$0] })
        return totals.count - kept.count
    }

    /// Each row's key as a number 0, 1, 2 … in order of first appearance.
    private func keyOfRow() -> [Int] {
        switch x {
        case .none: return Array(0..<count)
        case .text(let t):
            var index = [String: Int]()
            return t.map { text in
                if let k = index[text] { return k }
                index[text] = index.count
                return index.count - 1
            }
        case .numbers(let v, _):
            // Bit patterns: every NaN its own key is avoided by one pattern for NaN.
            var index = [UInt64: Int]()
            return v.map { value in
                let bits = value.isNaN ? Double.nan.bitPattern : (value + 0).bitPattern
                if let k = index[bits] { return k }
                index[bits] = index.count
                return index.count - 1
            }
        }
    }

    /// The table's rows `order` (indices into it), every column alike.
    private mutating func gather(_ order: [Int]) {
        func pick<T>(_ values: [T]) -> [T] { order.map { values[$0] } }
        switch x {
        case .none: break
        case .text(let t): x = .text(pick(t))
        case .numbers(let v, let kind): x = .numbers(pick(v), kind: kind)
        }
        group = group.map(pick)
        y = pick(y)
        rows = rows.map(pick)
        labels = labels.map(pick)
    }
}
