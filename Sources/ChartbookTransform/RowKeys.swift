import ChartbookModel

/// The key each row is grouped by: its x, or x's bin (`bin=`). Rows the filter leaves out
/// and rows without an x have no key (NaN, or "" for text).
struct RowKeys {
    enum Values {
        case numbers([Double])
        case text([String])
    }

    var values: Values
    /// What the keys are, as an x column: numbers, times (calendar units' starts) or text
    /// (text x, and the named cyclic units).
    var kind: Column.Kind
    /// Names of numeric keys (month 0 → `Jan`), for the named cyclic units.
    var unit: TimeUnit?
    /// Kept rows without a key.
    var leftOut: Int

    static func make(_ input: TableExecutor.Input, _ p: TransformPipeline)
        throws(TransformError) -> RowKeys
    {
        guard let x = input.x else { throw .needsX(option: "agg") }
        guard let numbers = x.numbers else {
            let texts = (0..<input.count).map { input.keeps($0) ? x.text(at: $0) : "" }
            let leftOut = (0..<input.count).lazy.filter { input.keeps($0) && texts[$0].isEmpty }
                .count
            return RowKeys(values: .text(texts), kind: .text, unit: nil, leftOut: leftOut)
        }
        var keys = numbers
        var kind: Column.Kind = x.isTime ? .time : .number
        var unit: TimeUnit?
        switch p.bin {
        case .none: break
        case .step, .count:
            if let bin = p.bin, let w = resolvedStep(bin, input) { binned(&keys, step: w) }
        case .time(let u):
            var binner = TimeBinner(u, zone: p.timeZone)
            for i in keys.indices { keys[i] = binner.key(of: keys[i]) }
            kind = u.isCyclic ? (u == .hourOfDay ? .number : .text) : .time
            unit = u
        }
        var leftOut = 0
        for i in keys.indices {
            if !input.keeps(i) {
                keys[i] = .nan
            } else if !keys[i].isFinite {
                keys[i] = .nan
                leftOut += 1
            }
        }
        return RowKeys(values: .numbers(keys), kind: kind, unit: unit, leftOut: leftOut)
    }

    /// The step `bin=N` resolves to over the kept rows' x (nil without a finite x).
    static func resolvedStep(_ bin: XBin, _ input: TableExecutor.Input) -> Double? {
        switch bin {
        case .step(let w): return w
        case .count(let n):
            guard let numbers = input.x?.numbers,
                let (lo, hi) = Statistics.extent(of: keptValues(numbers, input)[...])
            else { return nil }
            return XBin.step(count: n, extent: lo...hi)
        case .time: return nil
        }
    }

    static func keptValues(_ numbers: [Double], _ input: TableExecutor.Input) -> [Double] {
        guard input.kept != nil else { return numbers }
        return numbers.indices.filter(input.keeps).map { numbers[$0] }
    }

    static func binned(_ keys: inout [Double], step: Double) {
        for i in keys.indices where keys[i].isFinite {
            keys[i] = XBin.centre(of: keys[i], step: step)
        }
    }
}
