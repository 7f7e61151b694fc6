/// `facet=COLUMN` or `facet=ROW~COLUMN` on a plot: the chart drawn as small panels, one per
/// value of `column` (wrapped to fit the window), or a grid with one row per value of `row`
/// and one column per value of `column`. Plots without `facet=` appear in every panel.
public struct Facet: Hashable, Sendable {
    /// The column whose values make the panels (the grid's columns).
    public var column: String
    /// The column whose values make the grid's rows; nil: the panels wrap.
    public var row: String?

    /// The most panels a page holds (wrapped, or rows × columns of a grid).
    public static let maxPanels = 36

    public init(column: String, row: String? = nil) {
        self.column = column
        self.row = row
    }

    /// How it is written in a script: `species` or `sex~species`.
    public var description: String { row.map { "\($0)~\(column)" } ?? column }

    /// The columns it reads, the row's first.
    public var columns: [String] { [row, column].compactMap { $0 } }

    /// Reads `species` or `sex~species`; nil when a side is empty or there are more than two.
    public init?(parsing text: String) {
        let parts = text.split(separator: "~", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        self.init(column: parts[parts.count - 1], row: parts.count == 2 ? parts[0] : nil)
    }

    /// One panel: the facet's values it shows (the row's nil when the panels wrap).
    public struct Key: Hashable, Sendable {
        public var column: String
        public var row: String?
        public init(column: String, row: String? = nil) {
            self.column = column
            self.row = row
        }
    }
}

/// How the panels of a faceted chart share their axes (`set facetscales`).
public enum FacetScales: String, Equatable, Sendable, CaseIterable {
    /// Every panel the same x and y ranges (the default: panels compare at a glance).
    case shared
    /// Each panel its own x and y ranges.
    case free
    /// Each panel its own x range, one y range for all.
    case freex = "free-x"
    /// Each panel its own y range, one x range for all.
    case freey = "free-y"

    public var sharesX: Bool { self == .shared || self == .freey }
    public var sharesY: Bool { self == .shared || self == .freex }
}
