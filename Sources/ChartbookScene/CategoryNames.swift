import ChartbookModel

/// Every category's whole name on an x axis of categories, for outputs with room to spare
/// (SVG draws them slanted under the axis, issue 31). Present only when the terminal's row
/// of x labels could not name every category whole — it thinned them or cut them.
public struct CategoryNames: Equatable, Sendable {
    /// The chart row the x labels are on (cells, from the top).
    public var row: Int
    /// The names in x order: sanitised, at most `XLabelPlacer.longestLabel` cells.
    public var names: [Name]

    public struct Name: Equatable, Sendable {
        public var text: String
        /// The category's centre in the plot area, in dots from its left edge (fractional).
        public var dotX: Double
        public init(text: String, dotX: Double) { self.text = text; self.dotX = dotX }
    }

    public init(row: Int, names: [Name]) { self.row = row; self.names = names }

    /// The names of the categories in `window` (every `sparsity`-th, as `set labels …
    /// sparsity=N` asks), or nil when `placed` already shows each of them whole. At most one
    /// a cell (a slanted name needs more than a cell): a window of a million rows asks for a
    /// few hundred names, not a million, on every drawing.
    static func missing(
        from placed: [XLabelPlacer.Placed], window: Range<Int>, sparsity: Int,
        mapping: XMapping, row: Int, label: (Int) -> String?
    ) -> CategoryNames? {
        let sparsity = max(1, sparsity)
        let perCell = (window.count + max(1, mapping.widthCells) - 1) / max(1, mapping.widthCells)
        let step = max(1, (perCell + sparsity - 1) / sparsity) * sparsity
        let first = (window.lowerBound + step - 1) / step * step
        let named = stride(from: first, to: window.upperBound, by: step)
        let names = named.compactMap { index -> Name? in
            guard let text = label(index), !text.isEmpty else { return nil }
            return Name(
                text: TextMetrics.truncated(text, toWidth: XLabelPlacer.longestLabel),
                dotX: mapping.centerCell(index) * Double(mapping.dotsPerCell))
        }
        let shown = Set(placed.map(\.text))
        guard names.contains(where: { !shown.contains($0.text) }) else { return nil }
        return CategoryNames(row: row, names: names)
    }
}
