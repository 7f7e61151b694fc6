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
    public var layers: [Layer]
    public var texts: [Text]
    public var selection: SelectionMark?
    /// The y range drawn, in data units (lower < upper).
    public var yRange: ClosedRange<Double>

    public init(columns: Int, rows: Int, dotsPerCell: DotDensity, plotArea: CellRect, frame: AxisFrame,
                rules: [Rule], layers: [Layer], texts: [Text], selection: SelectionMark?, yRange: ClosedRange<Double>) {
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

        public init(leftColumn: Int? = nil, rightColumn: Int? = nil, bottomRow: Int? = nil,
                    yTickRows: [Int] = [], xTickColumns: [Int] = []) {
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
            self.kind = kind; self.dotY = dotY; self.value = value; self.color = color; self.style = style
        }
    }

    /// One plot's marks, in dots relative to the plot area.
    public struct Layer: Equatable, Sendable {
        public enum Marks: Equatable, Sendable {
            /// Connected runs of points; a NaN in the data starts a new run. Already reduced to
            /// at most four points per dot column (first, min, max, last).
            case polyline([[DotPoint]])
            /// Points to mark, de-duplicated per dot.
            case markers([DotPoint], PlotStyle.Marker)
            /// Bars from a baseline; see `Bar`.
            case bars([Bar])
        }
        public var plotID: String
        public var color: Color
        /// Line thickness in dots (1 or 2).
        public var thickness: Int
        public var marks: Marks
        public init(plotID: String, color: Color, thickness: Int, marks: Marks) {
            self.plotID = plotID; self.color = color; self.thickness = thickness; self.marks = marks
        }
    }

    /// A bar in cell units relative to the plot area: columns `x0..<x1` (fractional) inside a
    /// slot `slot` cells wide, from `base` to `top` (fractional rows; `top < base` for positive values).
    public struct Bar: Equatable, Sendable {
        public var x0: Double, x1: Double
        public var slot: Double
        public var base: Double, top: Double
        public var outline: Color?
        public init(x0: Double, x1: Double, slot: Double, base: Double, top: Double, outline: Color? = nil) {
            self.x0 = x0; self.x1 = x1; self.slot = slot; self.base = base; self.top = top; self.outline = outline
        }
    }

    /// Text at a cell position. `text` is sanitised and fits the chart.
    public struct Text: Equatable, Sendable {
        public enum Role: Equatable, Sendable { case title, legend, yLabel, xLabel, markLabel, readout }
        public var role: Role
        public var row: Int
        public var column: Int
        public var text: String
        public var color: Color?
        public var bold: Bool
        public init(role: Role, row: Int, column: Int, text: String, color: Color? = nil, bold: Bool = false) {
            self.role = role; self.row = row; self.column = column; self.text = text; self.color = color; self.bold = bold
        }
    }

    /// The selected point: a dot column and each plot's point there.
    public struct SelectionMark: Equatable, Sendable {
        /// The selected point's index in the data.
        public var index: Int
        public var dotX: Int
        /// Per layer (same order as `layers`): the dot row of the selected value, nil when missing.
        public var dotYs: [Int?]
        public init(index: Int, dotX: Int, dotYs: [Int?]) { self.index = index; self.dotX = dotX; self.dotYs = dotYs }
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
