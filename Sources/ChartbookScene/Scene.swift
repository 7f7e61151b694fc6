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
    /// The x grid (`set grid x`): dot columns of the plot area where a grid line runs down
    /// the chart, at the x ticks, in the theme's grid colour and the reference lines' style.
    public var xGridDots: [Int] = []
    /// `set xaxis angle=`: the slant vector output writes the x labels at, in degrees (0:
    /// level).
    public var xLabelAngle = 0
    /// `set legend inside`: the cells the legend covers over the plot, cleared to the
    /// background before its texts are written (nil: the legend is outside the plot).
    public var legendBox: CellRect?
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
    public var theme: ThemeColors
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
        theme: ThemeColors = Theme.dark.colors, clipMarks: [ClipMark] = [], sparklines: [Scene] = []
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
            /// A label of a second y axis outside the first (`axis=left2|right2`).
            case outerYLabel
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
        /// `set selection`: the colour of the marks and the line (nil: each plot's, the
        /// grid's) and the line's stroke (nil: the default; `.none`: no line).
        public var style = SelectionStyle()
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
