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
    /// A panel's title and, for each faceted trend, the fit of its rows there (`trend: y =
    /// 0.81x + 12.3, R² 0.93`; with `by=`, each group's): what the terminal, SVG and each
    /// panel of the Vega-Lite `concat` write above the panel.
    public func panelTitle(_ key: Facet.Key) -> String {
        var title = facetTitle(key)
        for plot in mainPlots where plot.binding.facet != nil {
            guard let fits = plot.drawn?.panelFits[key], !fits.isEmpty else { continue }
            let said = fits.sorted { $0.key < $1.key }.map { name, fit in
                name.isEmpty ? fit : "\(name): \(fit)"
            }
            title += "  " + said.joined(separator: "; ")
        }
        return title
    }

    public func facetTitle(_ key: Facet.Key) -> String {
        guard let facet else { return "" }
        let shown = { (value: String) in value.isEmpty ? "(none)" : value }
        guard facet.row != nil, let row = key.row else {
            return "\(facet.column) = \(shown(key.column))"
        }
        return "\(shown(row)) · \(shown(key.column))"
    }

    /// Each faceted main plot's rows (those its `where=` keeps) split by panel
    /// (`Dataset.facetGroups`): by plot id, the rows of each of `facetKeys`, in order — what
    /// the page's panels draw, found once for every panel.
    public func facetPartition() -> [String: [[Int]]] {
        guard let facet else { return [:] }
        let keys = facetKeys
        let place = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var partition = [String: [[Int]]]()
        for plot in mainPlots where plot.binding.facet != nil {
            guard let table = table(of: plot) else { continue }
            var panels = [[Int]](repeating: [], count: keys.count)
            for group in table.facetGroups(facet, keeping: rowsKept(by: plot)) {
                if let index = place[group.key] { panels[index] = group.rows }
            }
            partition[plot.id] = panels
        }
        return partition
    }

    /// The rows of `plot`'s table it draws in `panel`: those its `where=` keeps whose facet
    /// columns hold the panel's values (`Dataset.facetGroups`). A plot without `facet=`
    /// keeps its rows in every panel. nil: every row.
    public func rowsKept(by plot: Plot, in panel: Facet.Key?) -> [Bool]? {
        let kept = rowsKept(by: plot)
        guard let panel, let facet = plot.binding.facet, let table = table(of: plot) else {
            return kept
        }
        var keep = [Bool](repeating: false, count: table.count)
        for group in table.facetGroups(facet, keeping: kept) where group.key == panel {
            for row in group.rows where row < keep.count { keep[row] = true }
        }
        return keep
    }
}

extension Dataset {
    /// The rows `keep` holds (every row when nil) by the values of the facet's columns — a
    /// panel each, in order of first appearance, each's rows in order — from the columns'
    /// keys (`Column.cellKeys`): the one rule of which rows a panel holds, for the page's
    /// panels and for a faceted plot's computed table. Empty without the facet's column.
    public func facetGroups(_ facet: Facet, keeping keep: [Bool]?) -> [(
        key: Facet.Key, rows: [Int]
    )] {
        guard let across = column(named: facet.column) else { return [] }
        let down = facet.row.flatMap { column(named: $0) }
        let a = across.cellKeys, d = down?.cellKeys
        var place = [Int: Int]()
        var groups = [(key: Facet.Key, rows: [Int])]()
        for row in 0..<min(count, a.rows.count)
        where keep.map({ row < $0.count && $0[row] }) ?? true {
            let ak = Int(a.rows[row])
            let dk = d.map { row < $0.rows.count ? Int($0.rows[row]) : 0 } ?? 0
            let combined = dk * a.firsts.count + ak
            if let index = place[combined] {
                groups[index].rows.append(row)
                continue
            }
            place[combined] = groups.count
            var rowValue: String?
            if let down, let d { rowValue = down.text(at: d.firsts[dk]) }
            groups.append((Facet.Key(column: across.text(at: a.firsts[ak]), row: rowValue), [row]))
        }
        return groups
    }
}

extension Column {
    /// Its cells' texts (`text(at:)`) in the rows `keep` holds (every row when nil), each
    /// once, in order of first appearance: `by=` groups and facet panels.
    public func texts(inOrderOfAppearance keep: [Bool]?) -> [String] {
        let keys = cellKeys
        return keys.keys(keeping: keep).map { text(at: keys.firsts[$0]) }
    }
}
