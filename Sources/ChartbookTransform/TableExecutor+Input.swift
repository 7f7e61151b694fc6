import ChartbookModel

extension TableExecutor {
    /// The columns a pipeline reads, found and checked against what it asks of them.
    struct Input {
        var x: Column?
        /// The values; nil when rows are counted.
        var y: [Double]?
        /// The drawn values' name: the y column's, else `count`.
        var yName: String
        var by: Column?
        /// Which rows `where=` keeps; nil: every row.
        var kept: [Bool]?
        var count: Int
        /// Rows `where=` leaves out.
        var filteredOut: Int
        var labels: [String]?

        init(_ p: TransformPipeline, _ d: Dataset) throws(TransformError) {
            func column(_ name: String?) throws(TransformError) -> Column? {
                guard let name else { return nil }
                guard let c = d.column(named: name) else { throw .missingColumn(name) }
                return c
            }
            x = try column(p.x)
            by = try column(p.by)
            count = d.count
            labels = d.labels
            if let name = p.y {
                guard let values = try column(name)?.numbers else { throw .notNumeric(name) }
                y = values
                yName = name
            } else {
                guard p.aggregate == .count else { throw .missingColumn("") }
                yName = "count"
            }
            if let filter = p.filter {
                let flags = filter.keeps(try column(filter.column) ?? Column(name: "", text: []))
                kept = flags
                filteredOut = flags.lazy.filter { !$0 }.count
            } else {
                filteredOut = 0
            }
            try check(p)
        }

        /// What the pipeline's steps need of x.
        func check(_ p: TransformPipeline) throws(TransformError) {
            if p.fit != nil {
                guard let x else { throw .trendNeedsX }
                if TableExecutor.keyKind(p, x: x.kind) == .text {
                    throw .trendNeedsNumbers(column: x.name)
                }
            }
            if p.aggregate != nil || p.bin != nil, x == nil {
                throw .needsX(option: p.aggregate != nil ? "agg" : "bin")
            }
            if p.bin != nil, p.aggregate == nil { throw .binWithoutAggregate }
            if let bin = p.bin, let x {
                switch bin {
                case .time(let unit):
                    if !x.isTime { throw .timeBinNeedsTimes(unit: unit, column: x.name) }
                case .span:
                    if !x.isTime { throw .spanBinNeedsTimes(bin: bin, column: x.name) }
                case .count, .step:
                    if x.kind != .number { throw .numberBinNeedsNumbers(bin: bin, column: x.name) }
                }
            }
            // Spans are of time: the keys (an x of times, binned to calendar units if at all).
            if case .rolling(_, .span) = p.window,
                x.map({ TableExecutor.keyKind(p, x: $0.kind) }) != .time
            {
                throw .spanNeedsTimes(column: x?.name)
            }
        }

        /// Whether row `i` is kept by the filter.
        @inline(__always) func keeps(_ i: Int) -> Bool { kept.map { $0[i] } ?? true }
    }
}
