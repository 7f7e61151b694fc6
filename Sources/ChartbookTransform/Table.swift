import ChartbookModel

/// The rows a pipeline has made so far: x, the `by=` group, the values, and how many rows
/// each stands for. Sorted by x within each group (x order is the order windows run in).
struct Table {
    enum XValues {
        /// No x column: the row index.
        case none
        case numbers([Double], kind: Column.Kind)
        case text([String])

        /// Numeric keys as an x: a named cycle's (`Jan`, `Mon`: `kind` text) by name, else
        /// numbers or times.
        static func keys(_ keys: [Double], kind: Column.Kind, unit: TimeUnit?) -> XValues {
            guard kind == .text, let unit else { return .numbers(keys, kind: kind) }
            return .text(keys.map { unit.name(ofKey: $0) ?? "" })
        }
    }

    var x: XValues
    /// The `by=` value of each row, as an index into `byNames`; nil: one group.
    var group: [Int]?
    var byNames: [String]?
    var y: [Double]
    /// Rows each value covers (aggregates only).
    var rows: [Double]?
    var labels: [String]?
    /// A trend's confidence band at each row (`band=`): its low and high ends.
    var band: (low: [Double], high: [Double])? = nil

    var count: Int { y.count }

    /// The kept rows one by one, sorted by a numeric x (stably: ties keep row order).
    /// Every row in its own order (no filter, x ascending or text or the index) shares the
    /// dataset's columns instead of copying them.
    static func rows(of input: TableExecutor.Input) -> Table {
        let numbers = input.x?.numbers
        let inOrder = input.kept == nil && (numbers == nil || input.x?.ascends == true)
        let order: [Int]? = inOrder ? nil : sortedRows(input)
        func gathered<T>(_ values: [T]) -> [T] { order.map { $0.map { values[$0] } } ?? values }
        let x: XValues
        switch input.x?.values {
        case .none, .unread: x = .none
        case .numbers(let v): x = .numbers(gathered(v), kind: input.x?.kind ?? .number)
        case .text(let t): x = .text(order.map { t.keeping(rows: $0).strings } ?? t.strings)
        }
        var group: [Int]?, byNames: [String]?
        if let by = input.by {
            // Each row's cell key (`CellKeys`) named once: no text made or hashed per row.
            let cells = by.cellKeys
            var byOfCell = [Int](repeating: -1, count: cells.firsts.count)
            var index = [String: Int](), names = [String]()
            group = (order ?? Array(0..<input.count)).map { row in
                let code = Int(cells.rows[row])
                if byOfCell[code] < 0 {
                    byOfCell[code] = Grouping.index(of: by.text(at: row), in: &index, list: &names)
                }
                return byOfCell[code]
            }
            byNames = names
        }
        let y = input.y.map(gathered) ?? Array(repeating: 1, count: order?.count ?? input.count)
        return Table(
            x: x, group: group, byNames: byNames, y: y, rows: nil,
            labels: input.x == nil ? input.labels.map(gathered) : nil)
    }

    /// The kept rows in x order (missing x last), ties in row order.
    static func sortedRows(_ input: TableExecutor.Input) -> [Int] {
        let kept = (0..<input.count).filter(input.keeps)
        guard let numbers = input.x?.numbers, input.x?.ascends != true else { return kept }
        return kept.sorted { a, b in
            let (xa, xb) = (numbers[a], numbers[b])
            if xa.isNaN != xb.isNaN { return xb.isNaN }
            if xa.isNaN { return a < b }
            return xa < xb || (xa == xb && a < b)
        }
    }

    /// The rows of each `by=` group, in table order; nil for one group (every row).
    var rowsByGroup: [[Int]]? {
        guard let group, let byNames else { return nil }
        var groups = [[Int]](repeating: [], count: max(1, byNames.count))
        for i in 0..<count { groups[group[i]].append(i) }
        return groups
    }

    /// The table as a dataset with the names of the plot's columns.
    func result(
        _ input: TableExecutor.Input, _ p: TransformPipeline, notes: [String], source: Dataset
    ) -> TableExecutor.Result {
        var columns = [Column]()
        var taken = Set<String>()
        func named(_ wanted: String) -> String {
            var name = wanted
            while taken.contains(name.lowercased()) { name += "_" }
            taken.insert(name.lowercased())
            return name
        }
        // A distribution's curve runs along the values: x takes their column's name.
        let xName = (p.distribution == nil ? p.x : p.y).map(named)
        switch x {
        case .none: break
        case .numbers(let v, let kind):
            columns.append(
                kind == .time
                    ? Column(name: xName ?? "x", times: v) : Column(name: xName ?? "x", numbers: v))
        case .text(let t): columns.append(Column(name: xName ?? "x", text: t))
        }
        if let by = p.by, let byNames {
            columns.append(Column(name: named(by), text: (group ?? []).map { byNames[$0] }))
        }
        let yName = named(p.distribution?.field ?? input.yName)
        columns.append(Column(name: yName, numbers: y))
        let rowsName = rows.map { _ in named("rows") }
        if let rows, let rowsName { columns.append(Column(name: rowsName, numbers: rows)) }
        var ends: (low: String, high: String)?
        if let band {
            ends = (named(DrawnTable.lowColumn), named(DrawnTable.highColumn))
            columns.append(Column(name: ends?.low ?? "", numbers: band.low))
            columns.append(Column(name: ends?.high ?? "", numbers: band.high))
        }
        let table = Dataset(
            name: source.name, columns: columns, labels: labels, source: source.source,
            xColumn: xName)
        var result = TableExecutor.Result(table: table, y: yName, rows: rowsName, notes: notes)
        (result.low, result.high) = (ends?.low, ends?.high)
        return result
    }
}
