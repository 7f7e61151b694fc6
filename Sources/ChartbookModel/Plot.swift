/// One layer of the chart: a kind of mark bound to a series, with its style.
public struct Plot: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        case line, dot, bar
        /// A line filled down to zero (or the range's edge): a line with `fill=solid` by default.
        case area
        /// A strip of its own rows under the main chart: name, the sparkline, the last value.
        case sparkline
        /// Horizontal bars, categories down the left.
        case hbar
        /// Bars stacked on the bars of the plots before them (negative values downwards).
        case stacked
        /// Bars side by side in each slot (what several `bar` plots do too).
        case grouped
        /// Counts (or density) of a column's values in bins along x.
        case histogram
        /// Quartiles, whiskers at 1.5 IQR and outliers, one box per group.
        case box
        /// A bar from a low column to the plot's (high) column.
        case range
        /// Open/high/low/close candles: the plot's column is the close.
        case candlestick
        /// Slices of a whole; `donut` has a hole with a centre label.
        case pie, donut
        /// A polygon over categories on spokes (Graffeine's polygon).
        case radar
        /// A 2-D density of two numeric columns, or a matrix of values by two categories.
        case heatmap

        /// Whether the kind is drawn as a connected line (`line`, `area`).
        public var isLine: Bool { self == .line || self == .area }

        /// Whether the kind's marks stand on the zero line, so the y range must hold zero
        /// (bars and areas; not ranges, candles or boxes, which float).
        public var standsOnZero: Bool {
            switch self {
            case .bar, .grouped, .stacked, .histogram, .area: return true
            default: return false
            }
        }

        /// The chart a plot of this kind is drawn in; the main plots of a session share one.
        public var chart: ChartType {
            switch self {
            case .line, .dot, .bar, .area, .sparkline, .stacked, .grouped, .range, .candlestick:
                return .cartesian
            case .hbar: return .horizontal
            case .histogram: return .histogram
            case .box: return .box
            case .pie, .donut: return .pie
            case .radar: return .radar
            case .heatmap: return .heatmap
            }
        }
    }

    /// Unique within the session; defaults to the column name.
    public var id: String
    public var kind: Kind
    public var series: SeriesReference
    /// x, grouping, filter, axis and order (`x=`, `by=`, `where=`, `axis=`, `order=`).
    public var binding: PlotBinding
    public var style: PlotStyle
    /// Index into `Color.palette` chosen when the plot was added (the first one no other
    /// plot used), so colours stay put when other plots come and go.
    public var paletteSlot: Int

    public init(
        id: String, kind: Kind, series: SeriesReference, style: PlotStyle, paletteSlot: Int = 0,
        binding: PlotBinding = PlotBinding()
    ) {
        self.id = id
        self.kind = kind
        self.series = series
        self.binding = binding
        self.style = style
        self.paletteSlot = paletteSlot
    }

    /// The colour this plot is drawn with.
    public var resolvedColor: Color {
        style.color ?? Color.palette[paletteSlot % Color.palette.count]
    }
}

/// `dataset.column` as the user wrote it, resolved to names when the plot was added.
public struct SeriesReference: Hashable, Sendable, CustomStringConvertible {
    public var dataset: String
    public var column: String

    public init(dataset: String, column: String) {
        self.dataset = dataset
        self.column = column
    }

    public var description: String { "\(dataset).\(column)" }
}
