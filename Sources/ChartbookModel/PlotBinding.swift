/// What a plot's points are, beyond its y column: the x column, the grouping of long-format
/// data, a row filter, the y axis it is measured on and the order its points are joined in.
/// All nil or default: x is the point index, one series, every row, the left axis.
public struct PlotBinding: Equatable, Sendable {
    /// Which y axis a plot (or a marked line) is measured on: the left or the right one, or
    /// a second one outside either (`left2`, `right2`: seed 004's several axes per side),
    /// each with a scale and ticks of its own.
    public enum Axis: String, Equatable, Sendable, CaseIterable {
        case left, right, left2, right2

        /// Whether it stands on the right of the plot.
        public var isRight: Bool { self == .right || self == .right2 }
        /// Whether it stands outside the first axis of its side.
        public var isOuter: Bool { self == .left2 || self == .right2 }
    }

    /// The order a line joins its points in.
    public enum Order: String, Equatable, Sendable, CaseIterable {
        /// By x (Vega-Lite's default for lines over numbers and times).
        case x
        /// As the rows come in the file (a path, a trajectory).
        case data
    }

    /// A column of the same dataset (`x=`); nil: the dataset's x column, else the index.
    public var x: String?
    /// `by=COLUMN`: one series per distinct value of the column, in order of first appearance.
    public var by: String?
    /// `detail=COLUMN` (Vega-Lite's detail channel): the `by=` groups drawn alike — one
    /// colour, one stroke, one legend entry — a line per value not told apart.
    public var detail = false
    /// `where=...`: only the rows it keeps.
    public var filter: RowFilter?
    public var axis: Axis
    public var order: Order
    /// Heatmaps: the row category column (`y=`) of a matrix.
    public var y: String?
    /// Ranges and candlesticks: the low and high columns (`low=`, `high=`); candlesticks
    /// also the open (`open=`). nil: a column named `low`, `high`, `open` in the dataset.
    public var low: String?
    public var high: String?
    public var open: String?
    /// `agg=`: how rows sharing an x (and a group) become one value; nil: every row drawn.
    public var aggregate: Aggregation?
    /// `bin=`: x values grouped into bins or calendar units before aggregating.
    public var bin: XBin?
    /// `rolling=`, `running=`, `change=`: a window over each group's points in x order.
    public var window: PlotWindow?
    /// A `trend` plot's fit (`method=`); nil: linear.
    public var trend: TrendMethod?
    /// `stack=`: the `by=` groups of an area (or a stacked bar's) stacked from zero, or as
    /// shares of each x's total (`normalize`, computed by the pipeline); nil: areas overlap.
    public var stack: StackMode?
    /// A trend's confidence band (`band=on` or a level such as `band=90%`): the level,
    /// 0 < level < 1; nil: no band.
    public var band: Double?
    /// `facet=`: drawn in small panels, one per value of a column (or a grid of two).
    public var facet: Facet?
    /// `extent=` of an error bar: whiskers computed from the rows sharing an x.
    public var extent: ErrorExtent?
    /// A density's `bandwidth=` (the kernel's standard deviation, in the values' units);
    /// nil: Scott's rule.
    public var bandwidth: Double?
    /// `color=COLUMN`, `size=COLUMN`: channels bound to columns (`PlotEncoding`).
    public var encoding = PlotEncoding()
    /// `top=N`: only the N x values with the largest values (the sum of their `by=` groups'),
    /// in that order (`TransformPipeline.top`).
    public var top: Int?

    /// Whether the plot draws a table computed from its rows (`DrawnTable`) rather than
    /// the rows themselves.
    public var transforms: Bool {
        aggregate != nil || bin != nil || window != nil || extent != nil || top != nil
            || stack == .normalize
    }

    /// Every column the binding names: `x=`, `by=`, `where=`, `y=`, `low=`, `high=`, `open=`,
    /// `facet=`, and the channels' (`color=COLUMN`, `size=COLUMN`).
    public var columns: [String] {
        [x, by, filter?.column, y, low, high, open].compactMap { $0 } + (facet?.columns ?? [])
            + encoding.columns
    }

    public init(
        x: String? = nil, by: String? = nil, filter: RowFilter? = nil, axis: Axis = .left,
        order: Order = .x
    ) {
        self.x = x
        self.by = by
        self.filter = filter
        self.axis = axis
        self.order = order
    }
}

extension Plot.Kind {
    /// The columns a kind draws besides its own, in the order its marks read them, each by
    /// the binding option that names it (`low=` …), which is also the column name looked for
    /// when the option is not given: a range's low; a candlestick's open, high and low.
    public var extraColumns: [(option: String, path: WritableKeyPath<PlotBinding, String?>)] {
        spec.columns.compactMap { name in PlotBinding.columnPaths[name].map { (name, $0) } }
    }
}

extension PlotBinding {
    /// The binding's column options by name (`low=` …), for the kinds' tables.
    public static var columnPaths: [String: WritableKeyPath<PlotBinding, String?>] {
        ["x": \.x, "y": \.y, "low": \.low, "high": \.high, "open": \.open, "by": \.by]
    }
}

extension Session {
    /// The rows of `plot`'s dataset its `where=` keeps, one flag per row; nil when it has no
    /// filter (every row) or draws a table its transforms made (the filter is applied).
    public func rowsKept(by plot: Plot) -> [Bool]? {
        guard plot.drawn == nil, let filter = plot.binding.filter,
            let column = dataset(named: plot.series.dataset)?.column(named: filter.column)
        else { return nil }
        return filter.keeps(column)
    }
}
