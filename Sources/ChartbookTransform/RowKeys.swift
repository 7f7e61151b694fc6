import ChartbookModel

/// How each row's key is found: its x, or x's bin (`bin=`) — computed row by row as the
/// grouping pass goes, never stored for every row. Rows the filter leaves out and rows
/// without an x have no key.
struct RowKeys {
    enum Source {
        /// Numbers or times, keyed as they are, by bin centre, or by calendar unit.
        case numbers([Double], Binning)
        case text(Column)
    }

    enum Binning {
        case none
        case step(Double)
        case time(TimeBinner)
    }

    var source: Source
    /// What the keys are, as an x column: numbers, times (calendar units' starts) or text
    /// (text x, and the named cyclic units).
    var kind: Column.Kind
    /// The calendar unit, when binned by one (a named cycle's keys are month or weekday
    /// positions, named in the table).
    var unit: TimeUnit?

    static func make(_ input: TableExecutor.Input, _ p: TransformPipeline)
        throws(TransformError) -> RowKeys
    {
        guard let x = input.x else { throw .needsX(option: "agg") }
        guard let numbers = x.numbers else {
            return RowKeys(source: .text(x), kind: .text, unit: nil)
        }
        switch p.bin {
        case .none: return RowKeys(source: .numbers(numbers, .none), kind: x.kind, unit: nil)
        case .step, .count:
            guard let bin = p.bin, let w = resolvedStep(bin, input) else {
                return RowKeys(source: .numbers(numbers, .none), kind: x.kind, unit: nil)
            }
            return RowKeys(source: .numbers(numbers, .step(w)), kind: .number, unit: nil)
        case .time(let unit):
            return RowKeys(
                source: .numbers(numbers, .time(TimeBinner(unit, zone: p.timeZone))),
                kind: unit.keyKind, unit: unit)
        case .span(let seconds):
            return RowKeys(source: .numbers(numbers, .step(seconds)), kind: .time, unit: nil)
        }
    }

    /// The step `bin=N` resolves to over the kept rows' x (nil without a finite x).
    static func resolvedStep(_ bin: XBin, _ input: TableExecutor.Input) -> Double? {
        switch bin {
        case .step(let w), .span(let w): return w
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
}
