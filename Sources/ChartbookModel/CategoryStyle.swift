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
