/// Something written onto the chart in data coordinates (issue 29): a text at a point
/// (`add text 1898 1200 "dam built"`) or an arrow from one point to another with an optional
/// text at its tail (`add arrow 1890 900 1898 1180 "the dam"`). Vertical lines and bands
/// are marked lines (`add refline x=`).
public struct Annotation: Equatable, Sendable {
    /// A point in data units: x as the chart's x scale reads it (a number; a time in seconds
    /// since the epoch), y on the y axis of `axis`; each with the text it was given as (what
    /// a saved script writes back).
    public struct Point: Equatable, Sendable {
        public var x: Double
        public var y: Double
        public var xText: String
        public var yText: String

        public init(x: Double, y: Double, xText: String, yText: String) {
            self.x = x
            self.y = y
            self.xText = xText
            self.yText = yText
        }
    }

    /// Where a text stands against its point: starting right of it (`left`, its left end at
    /// the point, as gnuplot's `set label … left`), ending left of it (`right`), or centred
    /// on it.
    public enum Anchor: String, Equatable, Sendable, CaseIterable {
        case left, center, right
    }

    public enum Kind: Equatable, Sendable {
        case text(Point, anchor: Anchor)
        /// The text, if any, stands at `from`, away from the arrow's direction.
        case arrow(from: Point, to: Point)
    }

    /// Unique within the session: `a1`, `a2`, … in order of addition, never reused.
    public var id: String
    public var kind: Kind
    /// Sanitised when it is given (`TextMetrics.sanitized`); nil: an arrow without text.
    public var text: String?
    /// nil: the theme's mark colour.
    public var color: Color?
    /// An arrow's stroke (a text has none).
    public var style: RuleStyle
    /// The y axis its points' y values are on.
    public var axis: PlotBinding.Axis

    public init(
        id: String, kind: Kind, text: String?, color: Color? = nil, style: RuleStyle = .solid,
        axis: PlotBinding.Axis = .left
    ) {
        self.id = id
        self.kind = kind
        self.text = text
        self.color = color
        self.style = style
        self.axis = axis
    }

    /// Its points: one for a text, two for an arrow.
    public var points: [Point] {
        switch kind {
        case .text(let p, _): [p]
        case .arrow(let from, let to): [from, to]
        }
    }
}
