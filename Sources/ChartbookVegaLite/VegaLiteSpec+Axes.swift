import ChartbookModel

/// The axes as chartbook draws them: the same interval across the plot and the same
/// labelled ticks with the same texts — not Vega-Lite's own nice domain, tick choice and
/// number format (which started scatters at 0, wrote `1,700` for a year and `−5` for -5).
extension VegaLiteSpec {
    /// What chartbook's layout drew of one chart, for the spec to draw the same.
    public struct Drawn: Sendable {
        /// The x axis (a real x: numbers, times, a log scale; horizontal bars' values) and
        /// the left y axis.
        public var xAxis: DrawnAxis?
        public var yAxis: DrawnAxis?
        /// A density heatmap's grid.
        public var heatmap: DrawnHeatmap?
        /// A heatmap's colour scale: the values chartbook's ramp spans (counts from 0, or the
        /// means' range) and the ramp's colours (`#rrggbb`), mixed in RGB.
        public var heatColors: (domain: ClosedRange<Double>, colors: [String])?
        /// A faceted chart's panels, in `Session.facetKeys` order.
        public var facets: [Drawn] = []
        /// The last points `last=on` marked, in plot order.
        public var lastPoints: [DrawnLastPoint] = []
        /// The right axis's labelled ticks and the second axes' (`axis=left2|right2`).
        public var rightTicks: [AxisTick] = []
        public var outerAxes: [DrawnOuterAxis] = []
        /// On a category x, the categories labelled (their places: 0 the first), when
        /// chartbook left some unlabelled for room (a narrow panel).
        public var labelledCategories: [Int]?

        public init() {}
    }

    var xAxis: DrawnAxis? { drawn.xAxis }
    var yAxis: DrawnAxis? { drawn.yAxis }
    var heatmap: DrawnHeatmap? { drawn.heatmap }
    var heatColors: (domain: ClosedRange<Double>, colors: [String])? { drawn.heatColors }

    /// A second y axis as chartbook drew it: its ticks in data units.
    public struct DrawnOuterAxis: Equatable, Sendable {
        public var axis: PlotBinding.Axis
        /// The values at the plot's bottom and top edges, in data units.
        public var domain: ClosedRange<Double>
        public var ticks: [AxisTick]

        public init(axis: PlotBinding.Axis, domain: ClosedRange<Double>, ticks: [AxisTick]) {
            self.axis = axis
            self.domain = domain
            self.ticks = ticks
        }
    }

    /// One axis as chartbook's layout drew it.
    public struct DrawnAxis: Equatable, Sendable {
        /// The interval across the plot area, in data units (seconds for times, real values
        /// on a log scale).
        public var domain: ClosedRange<Double>
        /// The labelled ticks, in the same units, and their texts.
        public var ticks: [AxisTick]

        public init(domain: ClosedRange<Double>, ticks: [AxisTick]) {
            self.domain = domain
            self.ticks = ticks
        }
    }

    /// The scale members that give `axis`'s domain exactly (no nice rounding).
    func drawnDomain(_ axis: DrawnAxis, time: Bool) -> [JSON.Member] {
        let ends = [axis.domain.lowerBound, axis.domain.upperBound]
        return [
            JSON.Member("domain", .array(ends.map { time ? .string(self.time($0)) : .number($0) })),
            JSON.Member("nice", false),
        ]
    }

    /// The axis with chartbook's ticks: their values, and each one's text by value (a
    /// chain of exact comparisons: the values are written once in JSON and once in the
    /// expression, the same shortest digits, so they compare equal). Times compare as
    /// milliseconds of the wall clock the spec's times are written in.
    func drawnAxis(_ axis: DrawnAxis, time: Bool, extra: [JSON.Member] = []) -> JSON {
        let values = axis.ticks.map { tick in
            time ? wallMilliseconds(tick.value) : tick.value
        }
        let subject = time ? "time(datum.value)" : "datum.value"
        var expression = "''"
        for (value, tick) in zip(values, axis.ticks).reversed() {
            expression =
                "\(subject) == \(NumberText.shortest(value)) ? \(JSON.quoted(tick.label)) : "
                + expression
        }
        return .object(
            [
                JSON.Member("values", .array(values.map(JSON.number))),
                JSON.Member("labelExpr", .string(expression)),
                // Every label chartbook found room for is shown: Vega thins explicit values
                // down to its tick count (one per 40 pixels) and drops overlapping labels.
                JSON.Member("tickCount", .number(Double(values.count))),
                JSON.Member("labelOverlap", false),
            ] + extra)
    }

    /// The axis parts `set xaxis`/`set yaxis`/`set grid` show or hide, as Vega-Lite's axis
    /// properties (`labels`, `domain` for the line, `ticks`, `grid`): the grid is said
    /// always, as chartbook draws it (Vega-Lite's own default grids both axes).
    func guideMembers(x: Bool) -> [JSON.Member] {
        let guide = x ? session.axes.xGuide : session.axes.yGuide
        let grid = guide.grid && (x || session.referenceLines.visible)
        var members = [JSON.Member("grid", .bool(grid))]
        if x && guide.top { members.append(JSON.Member("orient", "top")) }
        if !guide.labels { members.append(JSON.Member("labels", false)) }
        if !guide.line { members.append(JSON.Member("domain", false)) }
        if !guide.ticks || !guide.line { members.append(JSON.Member("ticks", false)) }
        if guide.angle > 0 {
            // Each label ends at its tick, rising to the left, as chartbook's SVG writes it.
            members += [
                JSON.Member("labelAngle", .number(Double(-guide.angle))),
                JSON.Member("labelAlign", "right"),
            ]
        }
        return members
    }

    /// A time as the milliseconds Vega reads `time(seconds)`'s text as.
    func wallMilliseconds(_ seconds: Double) -> Double {
        (seconds + Double(session.timeZone.offset(atUTC: seconds))) * 1000
    }

    /// A density heatmap as chartbook drew it: its bins (every cell of the plot one bin)
    /// and their counts, for the spec to draw the same grid and the same numbers —
    /// Vega-Lite's own bins (`maxbins`) count other points.
    public struct DrawnHeatmap: Sendable {
        /// The x and y axes across the grid (their domains are the bins' extent).
        public var x: DrawnAxis
        public var y: DrawnAxis
        /// Bins across and down.
        public var columns: Int
        public var rows: Int
        /// The cells holding points: column from the left, row from the top, count.
        public var cells: [(column: Int, row: Int, count: Double)]

        public init(
            x: DrawnAxis, y: DrawnAxis, columns: Int, rows: Int,
            cells: [(column: Int, row: Int, count: Double)]
        ) {
            self.x = x
            self.y = y
            self.columns = columns
            self.rows = rows
            self.cells = cells
        }

        /// Each cell's bin and count: x from the left end, y from the top (as chartbook
        /// cuts them).
        var rowsJSON: JSON {
            let width = (x.domain.upperBound - x.domain.lowerBound) / Double(max(columns, 1))
            let height = (y.domain.upperBound - y.domain.lowerBound) / Double(max(rows, 1))
            return .array(
                cells.map { cell in
                    let top = y.domain.upperBound - Double(cell.row) * height
                    let left = x.domain.lowerBound + Double(cell.column) * width
                    return .object([
                        "x0": .number(left), "x1": .number(left + width),
                        "y0": .number(top - height), "y1": .number(top),
                        "count": .number(cell.count),
                    ])
                })
        }
    }

    /// The drawn heatmap's layer: its cells as rectangles over chartbook's axes.
    func drawnHeatmapLayer(_ heat: DrawnHeatmap, _ plot: Plot, xTitle: String) -> JSON {
        let channel = { (field: String, axis: DrawnAxis, title: String) -> JSON in
            .object([
                "field": .string(field), "type": "quantitative",
                "scale": .object(self.drawnDomain(axis, time: false)),
                "axis": self.drawnAxis(axis, time: false), "title": .string(title),
            ])
        }
        return .object([
            "data": .object(["values": heat.rowsJSON]),
            "mark": .object(["type": "rect"]),
            "encoding": .object([
                "x": channel("x0", heat.x, session.axes.xTitle ?? xTitle),
                "x2": .object(["field": "x1"]),
                "y": channel("y0", heat.y, session.axes.yTitle ?? plot.series.column),
                "y2": .object(["field": "y1"]),
                "color": .object([
                    "field": "count", "type": "quantitative",
                    "scale": heatColorScale, "title": "points per cell",
                ]),
            ]),
        ])
    }
}
