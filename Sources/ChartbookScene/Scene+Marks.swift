import ChartbookModel

/// The scene's marks: each plot's layer (lines, dots, bars, boxes, slices, heat cells) in dots
/// of the plot area, and what a heatmap's cells stand for.
extension Scene {
    /// One plot's marks, in dots relative to the plot area.
    public struct Layer: Equatable, Sendable {
        public enum Marks: Equatable, Sendable {
            /// Connected runs of points; a NaN in the data starts a new run. Already reduced to
            /// at most four points per dot column (first, min, max, last).
            case polyline([[DotPoint]])
            /// Points to mark, de-duplicated per dot.
            case markers([DotPoint], MarkerStyle.Shape)
            /// Points whose colour or size a channel gives (`color=COLUMN`, `size=COLUMN`),
            /// the largest first (smaller ones stay visible on top).
            case encodedMarkers([EncodedMarker], MarkerStyle.Shape)
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
        /// A dot plot's circles in the terminal at a size level (`MarkerStyle.glyphLevel`:
        /// 0 `·` … 3 `⬤`, 2 the plain circle); nil: the shape's glyph.
        public var markerLevel: Int? = nil
        /// How vector output joins and ends the line (`linejoin=`, `linecap=`); nil: round.
        public var join: StrokeStyle.Join? = nil
        public var cap: StrokeStyle.Cap? = nil
        /// `last=on`: the last point in view, in dots of the plot area (drawn as a dot over
        /// the line), and its values in data units (x: the axis's, y: as the data holds it).
        public var last: LastPoint? = nil

        public struct LastPoint: Equatable, Sendable {
            public var dot: DotPoint
            public var x: Double
            public var value: Double
            /// The value as written beside it (`ChartLayout.lastText`).
            public var text: String
            public init(dot: DotPoint, x: Double, value: Double, text: String) {
                self.dot = dot
                self.x = x
                self.value = value
                self.text = text
            }
        }
        /// A band around the line (a trend's confidence band), drawn under it.
        public var band: Band? = nil
        public init(
            plotID: String, color: Color, thickness: Int, strokeWidth: Double = 2, marks: Marks,
            fill: Fill? = nil, curve: [[CurvePoint]]? = nil, markerSize: Double = 6
        ) {
            self.plotID = plotID; self.color = color; self.thickness = thickness;
            self.strokeWidth = strokeWidth
            self.marks = marks; self.fill = fill; self.curve = curve; self.markerSize = markerSize
        }
    }

    /// An area between two edges (Vega-Lite's area with y and y2, or x and x2): runs of
    /// points along x (`across == false`: `at` a dot column, `from` the upper edge's dot row,
    /// `to` the lower's) or along y (a violin: `at` a dot row, `from` the left edge's dot
    /// column, `to` the right's); a missing value starts a new run. Painted in `color`
    /// (translucent). Positions in dots, fractional (a cell renderer rounds them).
    public struct Band: Equatable, Sendable {
        public struct Point: Equatable, Sendable {
            /// In dots, fractional where the layout knows better than a dot (a violin's edges).
            public var at: Double, from: Double, to: Double
            public init(at: Double, from: Double, to: Double) {
                self.at = at; self.from = from; self.to = to
            }
        }
        public var runs: [[Point]]
        public var color: Color
        /// Whether it runs down the chart (its points at dot rows, edges left and right).
        public var alongY: Bool
        public init(runs: [[Point]], color: Color, alongY: Bool = false) {
            self.runs = runs; self.color = color; self.alongY = alongY
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
}
