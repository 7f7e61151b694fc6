/// Faceted charts (`facet=`): which panels a session's page holds and which rows each panel's
/// plots keep. One rule for every output: the terminal, SVG and Vega-Lite panels are these.
extension Session {
    /// The facet of the main plots that have one (the executor keeps them all alike); nil:
    /// one chart.
    public var facet: Facet? { mainPlots.lazy.compactMap(\.binding.facet).first }

    /// The values of the facet's column (`row`: of its row column) in the rows the faceted
    /// plots keep (`where=`), in order of first appearance, plot after plot. A missing cell
    /// is the value "".
    public func facetValues(row: Bool = false) -> [String] {
        guard let facet, let name = row ? facet.row : facet.column else { return [] }
        var seen = Set<String>()
        var order = [String]()
        for plot in mainPlots where plot.binding.facet != nil {
            guard let column = table(of: plot)?.column(named: name) else { continue }
            for value in column.texts(inOrderOfAppearance: rowsKept(by: plot))
            where seen.insert(value).inserted {
                order.append(value)
            }
        }
        return order
    }

    /// The page's panels in reading order: each value of a wrapped facet; every row value
    /// with every column value of a grid (panels without rows drawn empty).
    public var facetKeys: [Facet.Key] {
        guard let facet else { return [] }
        let columns = facetValues()
        guard facet.row != nil else { return columns.map { Facet.Key(column: $0) } }
        return facetValues(row: true).flatMap { row in
            columns.map { Facet.Key(column: $0, row: row) }
        }
    }

    /// A panel's title: `species = Adelie`; on a grid its two values, the row's first
    /// (`female · Biscoe`: the names would not fit small panels).
    public func facetTitle(_ key: Facet.Key) -> String {
        guard let facet else { return "" }
        let shown = { (value: String) in value.isEmpty ? "(none)" : value }
        guard facet.row != nil, let row = key.row else {
            return "\(facet.column) = \(shown(key.column))"
        }
        return "\(shown(row)) · \(shown(key.column))"
    }

    /// Each faceted main plot's rows (those its `where=` keeps) split by panel, in one pass
    /// over its facet columns' keys: by plot id, the rows of each of `facetKeys`, in order —
    /// exactly the rows `rowsKept(by:in:)` keeps, found once for every panel.
    public func facetPartition() -> [String: [[Int]]] {
        guard let facet else { return [:] }
        let columnValues = facetValues()
        let rowValues = facet.row == nil ? [""] : facetValues(row: true)
        var partition = [String: [[Int]]]()
        for plot in mainPlots where plot.binding.facet != nil {
            guard let table = table(of: plot), let column = table.column(named: facet.column)
            else { continue }
            // A key's place among the values (-1: none), for the column and the row column.
            func places(_ column: Column, _ values: [String]) -> (CellKeys, [Int]) {
                let keys = column.cellKeys
                let index = Dictionary(
                    values.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
                return (keys, keys.firsts.map { index[column.text(at: $0)] ?? -1 })
            }
            let across = places(column, columnValues)
            let down = facet.row.flatMap { table.column(named: $0) }.map { places($0, rowValues) }
            let keep = rowsKept(by: plot)
            var panels = [[Int]](repeating: [], count: columnValues.count * rowValues.count)
            for row in 0..<min(table.count, across.0.rows.count)
            where keep.map({ row < $0.count && $0[row] }) ?? true {
                let c = across.1[Int(across.0.rows[row])]
                let r = down.map { row < $0.0.rows.count ? $0.1[Int($0.0.rows[row])] : -1 } ?? 0
                guard c >= 0, r >= 0 else { continue }
                panels[r * columnValues.count + c].append(row)
            }
            partition[plot.id] = panels
        }
        return partition
    }

    /// The rows of `plot`'s table it draws in `panel`: those its `where=` keeps whose facet
    /// columns hold the panel's values. A plot without `facet=` keeps its rows in every
    /// panel. nil: every row.
    public func rowsKept(by plot: Plot, in panel: Facet.Key?) -> [Bool]? {
        let kept = rowsKept(by: plot)
        guard let panel, let facet = plot.binding.facet, let table = table(of: plot) else {
            return kept
        }
        var keep = kept ?? Array(repeating: true, count: table.count)
        let conditions =
            [(facet.column, panel.column)] + (facet.row.map { [($0, panel.row ?? "")] } ?? [])
        for (name, value) in conditions {
            guard let column = table.column(named: name) else { continue }
            let holds = column.rows(reading: value)
            for r in keep.indices where keep[r] { keep[r] = r < holds.count && holds[r] }
        }
        return keep
    }
}

extension Column {
    /// Its cells' texts (`text(at:)`) in the rows `keep` holds (every row when nil), each
    /// once, in order of first appearance: `by=` groups and facet panels.
    public func texts(inOrderOfAppearance keep: [Bool]?) -> [String] {
        let keys = cellKeys
        return keys.keys(keeping: keep).map { text(at: keys.firsts[$0]) }
    }

    /// Which rows hold the cell that reads `value` (`text(at:)`), one flag per row.
    public func rows(reading value: String) -> [Bool] {
        let keys = cellKeys
        guard let key = keys.firsts.firstIndex(where: { text(at: $0) == value }) else {
            return Array(repeating: false, count: count)
        }
        let wanted = Int32(key)
        return keys.rows.map { $0 == wanted }
    }
}
