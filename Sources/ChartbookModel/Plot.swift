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

/// How a series is drawn. Options a kind does not use are nil.
public struct PlotStyle: Equatable, Sendable {
    public enum LineStyle: String, Equatable, Sendable, CaseIterable {
        /// Straight segments between points.
        case straight
        /// A monotone cubic through the points (never overshoots neighbouring values).
        case smooth
    }

    public enum Marker: Equatable, Sendable {
        case circle, square, diamond, cross
        /// A custom glyph (one grapheme).
        case glyph(Character)

        public static let names = ["circle", "square", "diamond", "cross"]
    }

    /// nil: the palette colour for the plot's position.
    public var color: Color?
    /// Line: stroke width in points (1 point = 1/8 of a cell's width); bar: width as a
    /// fraction of the slot between points (0...1).
    public var width: Double?
    public var lineStyle: LineStyle?
    public var marker: Marker?
    /// Marker size in points.
    public var size: Double?
    public var outline: Color?
    /// Bars: outline stroke width in points (default 1).
    public var outlineWidth: Double?
    /// Lines: what fills the area under the line (nil: none for lines, solid for areas).
    public var fill: Fill?
    /// Colour of a solid fill (default: the line colour, translucent).
    public var fillColor: Color?
    /// Colours of a gradient fill, top to bottom (default: line colour fading out).
    public var gradient: GradientColors?
    public var gradientType: GradientType?
    /// Bars: rounded top corners (SVG).
    public var rounded: Bool?
    /// Sparklines: how the values are drawn.
    public var sparkKind: SparkKind?
    /// Sparklines: a fixed range (values beyond are clipped).
    public var sparkRange: ClosedRange<Double>?
    /// Sparklines: a dotted line at zero.
    public var sparkZero: Bool?
    /// Sparklines: rows tall (default 1).
    public var sparkHeight: Int?

    public enum SparkKind: String, Equatable, Sendable, CaseIterable { case line, bar, dot }

    /// Value labels on bars, points and slices (`labels=`): `on` is the kind's usual label
    /// (the value; the percentage for pie and donut slices).
    public var labels: ValueLabels?
    /// Histograms: how the bins are chosen.
    public var bins: HistogramBins?
    /// Histograms: density (counts / (N × bin width)) instead of counts.
    public var density: Bool?
    /// Horizontal bars, pies: the order of the categories.
    public var sort: SortOrder?
    /// Donuts: the text in the hole (default: the total).
    public var center: String?

    public enum ValueLabels: String, Equatable, Sendable, CaseIterable {
        case off, on, value, percent
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

    /// Histogram bins: a count, or a rule that picks one from the data.
    public enum HistogramBins: Equatable, Sendable {
        /// Freedman–Diaconis (2·IQR·n^(-1/3) wide), Sturges when the IQR is 0.
        case auto
        /// Sturges: log2(n) + 1 bins.
        case sturges
        /// Freedman–Diaconis only.
        case fd
        /// About this many bins (edges at round numbers, so the count may differ by a few).
        case count(Int)

        public static let names = ["auto", "sturges", "fd"]
    }

    public enum Fill: String, Equatable, Sendable, CaseIterable { case none, solid, gradient }
    public enum GradientType: String, Equatable, Sendable, CaseIterable { case linear, radial }
    public struct GradientColors: Equatable, Sendable {
        public var start: Color, end: Color
        public init(start: Color, end: Color) { self.start = start; self.end = end }
    }

    public init(
        color: Color? = nil, width: Double? = nil, lineStyle: LineStyle? = nil,
        marker: Marker? = nil, size: Double? = nil, outline: Color? = nil, fill: Fill? = nil,
        fillColor: Color? = nil, gradient: GradientColors? = nil, gradientType: GradientType? = nil,
        rounded: Bool? = nil
    ) {
        self.color = color
        self.width = width
        self.lineStyle = lineStyle
        self.marker = marker
        self.size = size
        self.outline = outline
        self.fill = fill
        self.fillColor = fillColor
        self.gradient = gradient
        self.gradientType = gradientType
        self.rounded = rounded
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
