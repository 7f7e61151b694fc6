/// The kind of chart a session draws, decided by its main plots' kinds (`Plot.Kind.chart`);
/// each has a layout of its own. The main plots of one chart share its type: the executor
/// refuses a plot of another.
public enum ChartType: String, Equatable, Sendable, CaseIterable {
    /// Values against x (index, numbers, times, categories): lines, dots, bars, areas,
    /// stacked and grouped bars, ranges and candlesticks.
    case cartesian
    /// Counts per bin of one column's values: x is the value.
    case histogram
    /// Box plots: x is the group.
    case box
    /// Horizontal bars: categories down the left, values along the bottom.
    case horizontal
    /// Pie and donut: slices of a whole.
    case pie
    /// Radar: spokes per category, one polygon per series.
    case radar
    /// Heatmap: cells coloured by a count or a value.
    case heatmap

    /// Whether it has an x axis that `view` and `scroll` move along.
    public var hasXAxis: Bool { self == .cartesian || self == .histogram }

    /// How a user names it in a message.
    public var noun: String {
        switch self {
        case .cartesian: return "an x–y chart"
        case .histogram: return "a histogram"
        case .box: return "a box plot"
        case .horizontal: return "a horizontal bar chart"
        case .pie: return "a pie chart"
        case .radar: return "a radar chart"
        case .heatmap: return "a heatmap"
        }
    }
}

extension Session {
    /// The chart type of the main plots (the first one's); cartesian when there are none.
    public var chartType: ChartType { mainPlots.first?.kind.chart ?? .cartesian }
}
