import ChartbookModel

extension Table {
    /// `stack=normalize`: each value as its share of the total of its x over the `by=`
    /// groups (0 to 1; every x's present values add up to 1). Over the row index, the n-th
    /// point of each group shares an x. A total of 0 leaves its values missing; a negative
    /// value refuses the plot (`column` names it).
    mutating func applyShares(of column: String) throws(TransformError) {
        let keys = shareKeys()
        var totals = [ShareKey: Double]()
        for i in 0..<count where y[i].isFinite {
            guard y[i] >= 0 else { throw .negativeShare(column: column) }
            totals[keys[i], default: 0] += y[i]
        }
        for i in 0..<count where y[i].isFinite {
            let total = totals[keys[i]] ?? 0
            y[i] = total > 0 ? y[i] / total : .nan
        }
    }

    /// What rows sharing an x have in common.
    enum ShareKey: Hashable {
        case number(Double)
        case text(String)
        case index(Int)
    }

    /// Each row's x as a share key (its position in its group over the row index).
    func shareKeys() -> [ShareKey] {
        switch x {
        case .numbers(let v, _): return v.map { .number($0) }
        case .text(let t): return t.map { .text($0) }
        case .none:
            var seen = [Int: Int]()
            return (0..<count).map { i in
                let g = group?[i] ?? 0
                defer { seen[g, default: 0] += 1 }
                return .index(seen[g] ?? 0)
            }
        }
    }
}
