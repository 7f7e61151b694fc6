import ChartbookModel

/// The scene's frame and lines: the axes with their ticks, grid and marked lines, vertical
/// lines and bands, arrows — what surrounds and crosses the marks.
extension Scene {
    /// A labelled tick (`AxisTick`), its value in the axis's units — x: the x scale's (row
    /// numbers on the index, slot numbers for categories, seconds for times, log10 units on a
    /// log scale); y: the range's (log10 units on a log scale).
    public typealias Tick = AxisTick

    /// The axis lines around the plot area, in cells; nil sides are not drawn.
    public struct AxisFrame: Equatable, Sendable {
        /// Column of the left axis line (just left of the plot area).
        public var leftColumn: Int?
        public var rightColumn: Int?
        /// Row of the x axis line (just below the plot area, or just above it when
        /// `xAxisOnTop`).
        public var bottomRow: Int?
        /// The x axis stands above the plot (`set xaxis position=top`): its ticks point up.
        public var xAxisOnTop = false
        /// Rows (in cells) that carry a y tick on the axis lines.
        public var yTickRows: [Int]
        /// Columns (in cells) that carry an x tick on the bottom axis.
        public var xTickColumns: [Int]
        /// The same ticks at full resolution, in dots of the plot area: what vector output
        /// draws them at, so they sit exactly on the grid lines and the data.
        public var yTickDots: [Int] = []
        public var xTickDots: [Int] = []
        /// Ticks of the right axis when it has its own scale (`axis=right`), in dots.
        public var rightTickDots: [Int] = []
        /// The labelled ticks of each axis, as drawn: what another renderer of the same
        /// chart (the Vega-Lite export) puts on its axes to show the same.
        public var xTicks: [Tick] = []
        public var yTicks: [Tick] = []
        public var rightTicks: [Tick] = []
        /// The second axes outside the left and right ones (`axis=left2|right2`).
        public var outer: [OuterAxis] = []

        public init(
            leftColumn: Int? = nil, rightColumn: Int? = nil, bottomRow: Int? = nil,
            yTickRows: [Int] = [], xTickColumns: [Int] = []
        ) {
            self.leftColumn = leftColumn; self.rightColumn = rightColumn; self.bottomRow = bottomRow
            self.yTickRows = yTickRows; self.xTickColumns = xTickColumns
        }
    }

    /// A horizontal line across the plot area.
    public struct Rule: Equatable, Sendable {
        public enum Kind: Equatable, Sendable { case grid, marked, zero }
        public var kind: Kind
        /// Dot row within the plot area (0 = top).
        public var dotY: Int
        /// The data value it stands for.
        public var value: Double
        public var color: Color
        public var style: RuleStyle
        /// Stroke width in pixels (`width=`); nil: the kind's (1, a marked line 1.5). The
        /// terminal draws 2 and more with heavy rules.
        public var width: Double?
        public init(kind: Kind, dotY: Int, value: Double, color: Color, style: RuleStyle) {
            self.kind = kind; self.dotY = dotY; self.value = value; self.color = color;
            self.style = style
        }
    }

    /// A vertical marked line: the dot column within the plot area it stands at.
    public struct VerticalRule: Equatable, Sendable {
        public var dotX: Int
        /// The data value it stands for (x's units).
        public var value: Double
        public var color: Color
        public var style: RuleStyle
        /// Drawn over the data, as marked lines across are (a statistic of what x measures:
        /// `add refline mean D.col` on its histogram); else under it (`add refline x=1898`).
        public var overData: Bool
        /// Stroke width in pixels (`width=`); nil: 1.5.
        public var width: Double?
        public init(
            dotX: Int, value: Double, color: Color, style: RuleStyle, overData: Bool = false
        ) {
            self.dotX = dotX
            self.value = value
            self.color = color
            self.style = style
            self.overData = overData
        }
    }

    /// An arrow in dots of the plot area, cut at its edges: `head` when `to` is its own point
    /// (inside the area), not where the cut made it.
    public struct Arrow: Equatable, Sendable {
        public var from: DotPoint
        public var to: DotPoint
        public var head: Bool
        public var color: Color
        public var style: RuleStyle
        public init(from: DotPoint, to: DotPoint, head: Bool, color: Color, style: RuleStyle) {
            self.from = from
            self.to = to
            self.head = head
            self.color = color
            self.style = style
        }
    }

    /// A shaded band: the dot columns it covers within the plot area (clipped to it).
    public struct XBand: Equatable, Sendable {
        public var dots: ClosedRange<Int>
        /// The line colour its edges take without colour, and its tint with it.
        public var color: Color
        public init(dots: ClosedRange<Int>, color: Color) {
            self.dots = dots
            self.color = color
        }
    }
}
