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
    /// sparsity=N` asks), or nil when `placed` already shows each of them whole.
    static func missing(
        from placed: [XLabelPlacer.Placed], window: Range<Int>, sparsity: Int,
        mapping: XMapping, row: Int, label: (Int) -> String?
    ) -> CategoryNames? {
        let named = window.filter { $0 % max(1, sparsity) == 0 }
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
