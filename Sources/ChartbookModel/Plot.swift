/// One layer of the chart: a kind of mark bound to a series, with its style.
public struct Plot: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        case line, dot, bar
        /// A line filled down to zero (or the range's edge): a line with `fill=solid` by default.
        case area
        /// A strip of its own rows under the main chart: name, the sparkline, the last value.
        case sparkline

        /// Whether the kind is drawn as a connected line (`line`, `area`).
        public var isLine: Bool { self == .line || self == .area }
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
