/// How a chart of categories (horizontal bars, pie, donut) orders and labels them.
public struct CategoryStyle: Equatable, Sendable {
    /// Default: as the rows come.
    public var sort: SortOrder?
    /// Donuts: the text in the hole (default: the total).
    public var center: String?

    public init(sort: SortOrder? = nil, center: String? = nil) {
        self.sort = sort
        self.center = center
    }

    public enum SortOrder: String, Equatable, Sendable, CaseIterable {
        /// As the rows come.
        case data
        /// Largest first.
        case descending
        /// Smallest first.
        case ascending
        /// By category name.
        case name
    }
}

extension CategoryStyle.SortOrder {
    /// The order categories `names` stand in when their values are `totals` (one each,
    /// NaN for none: last): indices into `names`, stable on ties; nil for `data`, which
    /// keeps the order they came in. The one rule horizontal bars, pies and the categories
    /// of an x axis follow.
    public func order(of names: [String], totals: [Double]) -> [Int]? {
        let key = { (k: Int) in totals[k].isNaN ? -Double.infinity : totals[k] }
        let indices = Array(names.indices)
        switch self {
        case .data: return nil
        case .descending:
            return indices.sorted { key($0) > key($1) || (key($0) == key($1) && $0 < $1) }
        case .ascending:
            return indices.sorted { key($0) < key($1) || (key($0) == key($1) && $0 < $1) }
        case .name:
            return indices.sorted { names[$0] < names[$1] || (names[$0] == names[$1] && $0 < $1) }
        }
    }
}
