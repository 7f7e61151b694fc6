/// How a line is stroked and filled (`line`, `area`; the stroke of a `radar` polygon).
public struct StrokeStyle: Equatable, Sendable {
    /// Stroke width in points (1 point = 1/8 of a cell's width); default 2.
    public var width: Double?
    public var curve: Curve?
    /// What fills the area under the line (nil: none for lines, solid for areas).
    public var fill: Fill?
    /// Colour of a solid fill (default: the line colour, translucent).
    public var fillColor: Color?
    /// Colours of a gradient fill, top to bottom (default: the line colour fading out).
    public var gradient: GradientColors?
    public var gradientType: GradientType?
    /// `dash=`: the line's pattern (nil: solid; a `by=` plot's groups take them in turn).
    public var dash: Dash?
    /// `linejoin=`, `linecap=`: how SVG, PNG, PDF and Vega-Lite join a line's segments and
    /// end it (nil: round, as the terminal's dots look). A dotted line keeps round caps: its
    /// dots are caps.
    public var join: Join?
    public var cap: Cap?
    /// `last=on`: the last point in view marked and its value written beside it (the seed's
    /// highlighted last point).
    public var last: Bool?
    /// `spokes=on` on a radar: each value drawn as a line from the centre out to it, without
    /// the polygon (Graffeine's radial lines as a layer of their own).
    public var spokes: Bool?

    public enum Join: String, Equatable, Sendable, CaseIterable { case round, miter, bevel }
    public enum Cap: String, Equatable, Sendable, CaseIterable { case round, butt, square }

    public init(width: Double? = nil, curve: Curve? = nil, fill: Fill? = nil) {
        self.width = width
        self.curve = curve
        self.fill = fill
    }

    /// The stroke width in points.
    public var resolvedWidth: Double { width ?? 2 }

    /// How a plot of `kind` joins its points: the style set, else its statistic's way (steps
    /// for an ECDF) and straight segments for the rest.
    public func resolvedCurve(for kind: Plot.Kind) -> Curve {
        curve ?? kind.spec.distribution?.statistic.joins ?? .straight
    }

    /// The fill a plot of `kind` gets: the one set, else solid for areas and none for lines.
    public func resolvedFill(for kind: Plot.Kind) -> Fill {
        fill ?? (kind == .area ? .solid : .none)
    }

    /// `style=`: how the points are joined.
    public enum Curve: String, Equatable, Sendable, CaseIterable {
        /// Straight segments between points.
        case straight
        /// A monotone cubic through the points (never overshoots neighbouring values).
        case smooth
        /// Each value held until the next point's x, then a rise (gnuplot's `with steps`,
        /// Vega-Lite's `step-after`): what an ECDF is drawn with.
        case step
    }

    public enum Fill: String, Equatable, Sendable, CaseIterable { case none, solid, gradient }

    /// A line's pattern, told apart without colour: in the terminal by dots left out along
    /// the line, in SVG by a dash array.
    public enum Dash: String, Equatable, Sendable, CaseIterable {
        case solid, dashed, dotted

        /// Dots drawn, then dots left out, along a terminal line (nil: every dot).
        public var dots: (on: Int, off: Int)? {
            switch self {
            case .solid: nil
            case .dashed: (4, 2)
            case .dotted: (1, 1)
            }
        }
    }
    public enum GradientType: String, Equatable, Sendable, CaseIterable { case linear, radial }
    public struct GradientColors: Equatable, Sendable {
        public var start: Color, end: Color
        public init(start: Color, end: Color) {
            self.start = start
            self.end = end
        }
    }
}
