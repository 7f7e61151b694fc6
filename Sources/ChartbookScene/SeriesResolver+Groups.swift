import ChartbookModel

/// A plot's groups (`by=`): which rows each holds among those its `where=` (and, on a
/// faceted page, its panel) keeps, in order of first appearance — numbered as every panel
/// numbers them — from the column's cell keys.
extension SeriesResolver {
    struct Group {
        var name: String
        /// The `by=` value as the data holds it ("" without `by=`).
        var key = ""
        var number: Int
        /// The rows it holds, in order; nil: every row (no copy needed).
        var rows: [Int]?
    }

    /// The plot's groups (`by=`) of the rows its filter (`where=`) keeps.
    func groups(of plot: Plot, count: Int) -> [Group] {
        let dataset = session.table(of: plot)
        let column = { (name: String?) in name.flatMap { dataset?.column(named: $0) } }
        // A panel's rows of a faceted plot, when the page found them.
        let known = panel == nil ? nil : panelRows[plot.id]
        let keep = known == nil ? session.rowsKept(by: plot, in: panel) : nil
        guard let by = column(plot.binding.by) else {
            if let known { return [Group(name: plot.id, number: 0, rows: known)] }
            guard let keep else { return [Group(name: plot.id, number: 0, rows: nil)] }
            return [
                Group(
                    name: plot.id, number: 0,
                    rows: (0..<count).filter { $0 < keep.count && keep[$0] })
            ]
        }
        // Rows by the cell's key (`Column.cellKeys`: integers, not texts, per row).
        let keys = by.cellKeys
        var rowsOfKey = [[Int]](repeating: [], count: keys.firsts.count)
        var keyOrder = [Int]()
        func add(_ row: Int) {
            let key = Int(keys.rows[row])
            if rowsOfKey[key].isEmpty { keyOrder.append(key) }
            rowsOfKey[key].append(row)
        }
        if let known {
            for row in known where row < min(count, keys.rows.count) { add(row) }
        } else {
            for row in 0..<min(count, keys.rows.count)
            where keep.map({ row < $0.count && $0[row] }) ?? true {
                add(row)
            }
        }
        let text = { (key: Int) in by.text(at: keys.firsts[key]) }
        var order = keyOrder.map(text)
        var rows = [String: [Int]](minimumCapacity: keyOrder.count)
        for key in keyOrder { rows[text(key)] = rowsOfKey[key] }
        // A remote dataset holds a drawing's rows, in x order: the engine found the groups'
        // order of first appearance in the query's rows.
        if plot.drawn == nil, let table = session.dataset(named: plot.series.dataset)?.remote,
            let known = table.groups[
                RemoteRowSet.Grouping(
                    column: plot.binding.by ?? by.name, rows: RemoteRowSet(plot.binding.filter))]
        {
            order = known.filter { rows[$0] != nil }
        }
        // Names are sanitised once per group, not once per row; in a panel a group's number
        // is its place among every panel's groups (and its groups come in that order: its
        // readout and marks as the legend's).
        let numbers =
            panel != nil && plot.binding.facet != nil
            ? groupOrders[plot.id] ?? by.texts(inOrderOfAppearance: session.rowsKept(by: plot))
            : order
        if panel != nil && plot.binding.facet != nil { order = numbers.filter { rows[$0] != nil } }
        let number = Dictionary(
            numbers.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        return order.map { key in
            Group(
                name: key.isEmpty ? "(none)" : TextMetrics.sanitized(key), key: key,
                number: number[key] ?? 0, rows: rows[key])
        }
    }
}
