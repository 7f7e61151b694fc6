import ChartbookModel

/// A chart laid out for one target: every position resolved, nothing left to decide but how
/// to draw it. Renderers (terminal cells, SVG) consume it; neither sees the session.
///
/// Units: text, frame and areas in **cells** (column, row; 0,0 top-left of the chart). Marks
/// inside the plot area in **dots** relative to the plot area's top-left corner: the plot area
/// is `plotArea.width × dotsPerCell.x` dots wide and `plotArea.height × dotsPerCell.y` tall.
public struct Scene: Equatable, Sendable {
    /// The whole chart, in cells.
    public var columns: Int
    public var rows: Int
    public var dotsPerCell: DotDensity
    /// Where marks are drawn, in cells. May be empty (width or height 0) on tiny targets.
    public var plotArea: CellRect
    public var frame: AxisFrame
    public var rules: [Rule]
    /// Marked lines at x values (`add refline x=`), behind the data, top to bottom of the
    /// plot area.
    public var verticalRules: [VerticalRule] = []
    /// Shaded bands between two x values (`add refline x=A..B`), behind everything else in
    /// the plot area.
    public var xBands: [XBand] = []
    /// Arrows written onto the chart (`add arrow`), over the data.
    public var arrows: [Arrow] = []
    public var layers: [Layer]
    public var texts: [Text]
    public var selection: SelectionMark?
    /// The y range drawn, in data units (lower < upper).
    public var yRange: ClosedRange<Double>
    /// Background, text, grid and frame colours.
    public var theme: Theme
    /// Where visible data lies beyond a fixed range: a small mark at the top or bottom row.
    public var clipMarks: [ClipMark]
    /// The sparkline strip: one scene per sparkline, each with its own plot area (its rows)
    /// and one layer; their names and last values are texts of this scene.
    public var sparklines: [Scene]
    /// On a real x scale: the interval across the plot area and where values fall in dot
    /// columns (what a remote dataset's engine is asked to bucket by); nil on the index.
    public var xDomain: ClosedRange<Double>?
    public var xAffine: XMapping.Affine?
    /// Each plot's y mapping (by plot id), for the same purpose.
    public var yMappings: [String: YMapping] = [:]
    /// Every category's whole name, when the x labels could not show them all (nil else).
    public var categoryNames: CategoryNames?
    /// A density heatmap's bins (nil for every other chart).
    public var heatBins: HeatBins?
    /// A heatmap's values its colour ramp spans: a cell of the lower bound is the ramp's
    /// first colour, of the upper its last (nil for other charts).
    public var heatLevels: ClosedRange<Double>?
    /// A page's panels — a faceted chart's (`facet=`) or a page of charts (`add panel`) —
    /// each a chart of its own placed at a cell of this scene, which then holds only the
    /// page's title, legend and notes (no plot area).
    public var panels: [Panel] = []

    public struct ClipMark: Equatable, Sendable {
        /// Cell column within the plot area.
        public var column: Int
        /// Above the range (drawn on the top row) or below it (bottom row).
        public var above: Bool
        public var color: Color
        public init(column: Int, above: Bool, color: Color) {
            self.column = column; self.above = above; self.color = color
        }
    }

    public init(
        columns: Int, rows: Int, dotsPerCell: DotDensity, plotArea: CellRect, frame: AxisFrame,
        rules: [Rule], layers: [Layer], texts: [Text], selection: SelectionMark?,
        yRange: ClosedRange<Double>,
        theme: Theme = .dark, clipMarks: [ClipMark] = [], sparklines: [Scene] = []
    ) {
        self.columns = columns
        self.rows = rows
        self.dotsPerCell = dotsPerCell
        self.plotArea = plotArea
        self.frame = frame
        self.rules = rules
        self.layers = layers
        self.texts = texts
        self.selection = selection
        self.yRange = yRange
        self.theme = theme
        self.clipMarks = clipMarks
        self.sparklines = sparklines
    }

    /// Plot area size in dots.
    public var plotDots: (width: Int, height: Int) {
        (plotArea.width * dotsPerCell.x, plotArea.height * dotsPerCell.y)
    }

    /// A rectangle of whole cells.
    public struct CellRect: Equatable, Sendable {
        public var column: Int, row: Int, width: Int, height: Int
        public init(column: Int, row: Int, width: Int, height: Int) {
            self.column = column; self.row = row; self.width = width; self.height = height
        }
        public var isEmpty: Bool { width <= 0 || height <= 0 }
    }

    /// A labelled tick (`AxisTick`), its value in the axis's units — x: the x scale's (row
    /// numbers on the index, slot numbers for categories, seconds for times, log10 units on a
    /// log scale); y: the range's (log10 units on a log scale).
    public typealias Tick = AxisTick

    /// The axis lines around the plot area, in cells; nil sides are not drawn.
    public struct AxisFrame: Equatable, Sendable {
        /// Column of the left axis line (just left of the plot area).
        public var leftColumn: Int?
        public var rightColumn: Int?
        /// Row of the bottom axis line (just below the plot area).
        public var bottomRow: Int?
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
        public init(dotX: Int, value: Double, color: Color, style: RuleStyle) {
            self.dotX = dotX
            self.value = value
            self.color = color
            self.style = style
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

    /// One plot's marks, in dots relative to the plot area.
    public struct Layer: Equatable, Sendable {
        public enum Marks: Equatable, Sendable {
            /// Connected runs of points; a NaN in the data starts a new run. Already reduced to
            /// at most four points per dot column (first, min, max, last).
            case polyline([[DotPoint]])
            /// Points to mark, de-duplicated per dot.
            case markers([DotPoint], MarkerStyle.Shape)
            /// Bars from a baseline; see `Bar`.
            case bars([Bar])
            /// Horizontal bars: a `Bar` with the axes swapped (`x0..<x1` are rows, `base` and
            /// `top` columns; `top > base` for positive values).
            case hbars([Bar])
            /// Error bars; see `Whisker`.
            case whiskers([Whisker])
            /// Box plots and candlesticks; see `Box`.
            case boxes([Box])
            /// Pie and donut slices; see `Pie`.
            case pie(Pie)
            /// Heatmap cells; see `HeatCell`.
            case cells([HeatCell])
        }
        public var plotID: String
        public var color: Color
        /// Line thickness in dots (1 or 2) for rasters.
        public var thickness: Int
        /// Stroke width in points (1 point = 1/8 of a cell's width) for vector output.
        public var strokeWidth: Double
        public var marks: Marks
        /// The area between a line and its baseline.
        public var fill: Fill?
        /// For smooth lines: the points the curve passes through and its slope at each, so a
        /// vector renderer can draw true cubic Béziers. nil for straight lines.
        public var curve: [[CurvePoint]]?
        /// Marker size in points (dot plots).
        public var markerSize: Double
        /// The fill pattern (0, 1, 2 …) that tells the layer's areas apart without colour
        /// (stacked parts); nil: solid.
        public var pattern: Int? = nil
        /// A line's pattern (`dash=`, or a `by=` group's); nil: solid.
        public var dash: StrokeStyle.Dash? = nil
        public init(
            plotID: String, color: Color, thickness: Int, strokeWidth: Double = 2, marks: Marks,
            fill: Fill? = nil, curve: [[CurvePoint]]? = nil, markerSize: Double = 6
        ) {
            self.plotID = plotID; self.color = color; self.thickness = thickness;
            self.strokeWidth = strokeWidth
            self.marks = marks; self.fill = fill; self.curve = curve; self.markerSize = markerSize
        }
    }

    /// How the area under a line is painted, down (or up) to `baselineDotY`.
    public struct Fill: Equatable, Sendable {
        public enum Paint: Equatable, Sendable {
            case solid(Color)
            /// From `start` at the top of the plot area to `end` at the bottom (linear), or
            /// from the top centre outwards (radial).
            case gradient(start: Color, end: Color, radial: Bool)
        }
        public var paint: Paint
        /// Dot row of zero, or of the range edge nearest to it.
        public var baselineDotY: Int
        public init(paint: Paint, baselineDotY: Int) {
            self.paint = paint; self.baselineDotY = baselineDotY
        }
    }

    /// A point of a smooth curve in dots (fractional), with the curve's slope dy/dx there.
    public struct CurvePoint: Equatable, Sendable {
        public var x: Double, y: Double, slope: Double
        public init(x: Double, y: Double, slope: Double) {
            self.x = x; self.y = y; self.slope = slope
        }
    }

    /// A bar in cell units relative to the plot area: columns `x0..<x1` (fractional) inside a
    /// slot `slot` cells wide, from `base` (the zero line, exactly: fractional) to `top`
    /// (fractional rows; `top < base` for positive values).
    public struct Bar: Equatable, Sendable {
        public var x0: Double, x1: Double
        public var slot: Double
        public var base: Double, top: Double
        public var outline: Color?
        /// Outline width in points.
        public var outlineWidth: Double
        /// Round the corners at the bar's end (vector output).
        public var rounded: Bool
        /// The base is a value of its own (stacked parts, ranges), not the zero line: a cell
        /// renderer keeps its fractional position rather than the nearest cell edge.
        public var floating: Bool
        /// The value it stands for as the data holds it (a stacked part's own value, a
        /// range's high); nil when it stands for the largest of several points in one column.
        public var value: Double?
        /// The point of its series it stands for (what `labels=COLUMN` reads the row of);
        /// nil with `value`.
        public var point: Int? = nil
        public init(
            x0: Double, x1: Double, slot: Double, base: Double, top: Double, outline: Color? = nil,
            outlineWidth: Double = 1, rounded: Bool = false, floating: Bool = false,
            value: Double? = nil
        ) {
            self.x0 = x0; self.x1 = x1; self.slot = slot; self.base = base; self.top = top;
            self.outline = outline
            self.outlineWidth = outlineWidth; self.rounded = rounded; self.floating = floating
            self.value = value
        }
    }

    /// An error bar, in cells relative to the plot area (fractional; smaller rows are
    /// higher): a whisker at `center` from row `high` down to row `low`, capped `half` each
    /// side, and the value at row `value` (dot row `dotY`, where a vector renderer puts it).
    public struct Whisker: Equatable, Sendable {
        public var center: Double
        public var half: Double
        public var high: Double, low: Double
        public var value: Double
        public var dotY: Int
        public init(
            center: Double, half: Double, high: Double, low: Double, value: Double, dotY: Int
        ) {
            self.center = center
            self.half = half
            self.high = high
            self.low = low
            self.value = value
            self.dotY = dotY
        }
    }

    /// A box (box plot) or a candle: a body between two rows, a whisker (wick) between two
    /// others, in cell units relative to the plot area (fractional; smaller rows are higher).
    public struct Box: Equatable, Sendable {
        public var x0: Double, x1: Double
        public var whiskerTop: Double, whiskerBottom: Double
        public var bodyTop: Double, bodyBottom: Double
        /// The median's row (box plots); nil for candles.
        public var median: Double?
        /// Drawn in outline only (a rising candle); filled otherwise.
        public var hollow: Bool
        /// nil: the layer's colour.
        public var color: Color?
        /// Rows of the values beyond the whiskers (box plots), drawn at the box's centre.
        public var outliers: [Double]
        public init(
            x0: Double, x1: Double, whiskerTop: Double, whiskerBottom: Double, bodyTop: Double,
            bodyBottom: Double, median: Double? = nil, hollow: Bool = false, color: Color? = nil,
            outliers: [Double] = []
        ) {
            self.outliers = outliers
            self.x0 = x0; self.x1 = x1; self.whiskerTop = whiskerTop
            self.whiskerBottom = whiskerBottom; self.bodyTop = bodyTop
            self.bodyBottom = bodyBottom; self.median = median; self.hollow = hollow
            self.color = color
        }
    }

    /// A pie or donut: the ellipse that is a circle on the target (cells are taller than
    /// wide), in cell units relative to the plot area, and its slices.
    public struct Pie: Equatable, Sendable {
        public var frame: RadialFrame
        /// The hole's radius as a fraction of the radius (0 for a pie).
        public var inner: Double
        public var slices: [Slice]
        public init(frame: RadialFrame, inner: Double, slices: [Slice]) {
            self.frame = frame; self.inner = inner; self.slices = slices
        }

        /// A slice from `start` to `end`, in turns (0 at twelve o'clock, clockwise, 0...1).
        public struct Slice: Equatable, Sendable {
            public var start: Double, end: Double
            public var color: Color
            /// Which fill pattern tells it apart without colour (0, 1, 2 …).
            public var pattern: Int
            /// Pulled out from the centre (the selected slice).
            public var exploded: Bool
            public init(
                start: Double, end: Double, color: Color, pattern: Int, exploded: Bool = false
            ) {
                self.start = start; self.end = end; self.color = color; self.pattern = pattern
                self.exploded = exploded
            }
        }
    }

    /// One heatmap cell, a whole cell of the plot area, shaded by `level` (0...1).
    public struct HeatCell: Equatable, Sendable {
        public var column: Int, row: Int
        public var level: Double
        public var color: Color
        /// What the cell stands for: its count of points (density) or mean (matrix).
        public var value: Double = .nan
        public init(column: Int, row: Int, level: Double, color: Color) {
            self.column = column; self.row = row; self.level = level; self.color = color
        }
    }

    /// A density heatmap's bins: every cell of the plot area one bin, `x` cut into
    /// `plotArea.width` equal bins from its lower end, `y` into `plotArea.height` from its
    /// upper end (a row's bin holds its upper bound; the lowest value is in the last row).
    public struct HeatBins: Equatable, Sendable {
        public var x: ClosedRange<Double>
        public var y: ClosedRange<Double>
        public init(x: ClosedRange<Double>, y: ClosedRange<Double>) {
            self.x = x
            self.y = y
        }
    }

    /// Text at a cell position. `text` is sanitised and fits the chart.
    public struct Text: Equatable, Sendable {
        public enum Role: Equatable, Sendable {
            case title, legend, yLabel, xLabel, markLabel, readout, position, sparkline
            /// `set xlabel` / `set ylabel`.
            case axisTitle
            /// A remark about what is not drawn (values a log scale leaves out).
            case note
            /// A value written on a bar, point or slice (`labels=`).
            case valueLabel
            /// A category's name (hbar rows, radar spokes, pie slices).
            case category
            /// A key of a colour scale (heatmaps): its text is shade glyphs in `color`.
            case colorKey
            /// A text written onto the chart (`add text`, an arrow's text).
            case annotation
        }
        public var role: Role
        public var row: Int
        public var column: Int
        public var text: String
        public var color: Color?
        public var bold: Bool
        /// For labels of a horizontal line: the line's dot row in the plot area, so a vector
        /// renderer can centre the text on it (a cell renderer uses `row`).
        public var anchorDotY: Int?
        /// Colour keys: the fill pattern of the area it names, drawn instead of `text` when
        /// there is no colour.
        public var pattern: Int?
        /// Colour keys of a scale: the level (0...1) it stands for, drawn as a shade
        /// character when there is no colour.
        public var shade: Double?
        /// Value labels inside a mark (stacked parts): the mark's colour behind the text,
        /// for a cell renderer, which writes text over the mark's cells.
        public var background: Color?
        /// Value labels: the mark's centre in cells from the plot area's left (fractional),
        /// so a vector renderer centres the text on it exactly (a cell renderer uses `column`).
        public var centerColumn: Double?
        public init(
            role: Role, row: Int, column: Int, text: String, color: Color? = nil,
            bold: Bool = false, anchorDotY: Int? = nil, pattern: Int? = nil, shade: Double? = nil
        ) {
            self.pattern = pattern
            self.shade = shade
            self.role = role; self.row = row; self.column = column; self.text = text;
            self.color = color; self.bold = bold
            self.anchorDotY = anchorDotY
        }
    }

    /// The selected point: a dot column and each plot's point there.
    public struct SelectionMark: Equatable, Sendable {
        /// The selected point's index in the data.
        public var index: Int
        public var dotX: Int
        /// Per layer (same order as `layers`): the dot row of the selected value, nil when missing.
        public var dotYs: [Int?]
        public init(index: Int, dotX: Int, dotYs: [Int?]) {
            self.index = index; self.dotX = dotX; self.dotYs = dotYs
        }
    }
}

/// A point on the dot raster, relative to the plot area.
public struct DotPoint: Hashable, Sendable {
    public var x: Int, y: Int
    public init(x: Int, y: Int) { self.x = x; self.y = y }
}

/// How many dots one cell holds horizontally and vertically.
public struct DotDensity: Equatable, Sendable {
    public var x: Int, y: Int
    public init(x: Int, y: Int) { self.x = max(1, x); self.y = max(1, y) }
}
