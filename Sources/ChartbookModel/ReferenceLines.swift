/// The y grid: reference lines at fractions of the range or at values, and their labels.
public struct ReferenceLines: Equatable, Sendable {
    public enum Positions: Equatable, Sendable {
        /// Round values (steps of 1, 2 or 5 × 10ⁿ), as many as the plot's rows hold; the
        /// automatic range ends on them.
        case auto
        /// Fractions of the y range, 0 = bottom, 1 = top.
        case relative([Double])
        /// Data values.
        case absolute([Double])
    }

    public enum LabelSide: String, Equatable, Sendable, CaseIterable {
        case left, right, both, none
    }

    public enum Format: String, Equatable, Sendable, CaseIterable {
        /// plain below 10,000, suffix from there on (`25000` reads `25K`): the default.
        case auto
        /// 1250
        case plain
        /// 1.25K, 3.4M, 2G
        case suffix
        /// value × 100 with %
        case percent
        /// 1,250,000: thousands separated by commas
        case grouped
    }

    public var positions: Positions
    public var visible: Bool
    public var labels: LabelSide
    /// Appended to every label, verbatim (`units=" ms"` gives `12 ms`).
    public var units: String
    /// Digits after the decimal point; nil chooses the fewest that tell the labels apart.
    public var decimals: Int?
    public var format: Format
    /// Draw the lines at the bottom and top of the range (the first and last position).
    public var showMinMax: Bool
    /// The lines between the range's ends: drawn and labelled (on), drawn with labels on the
    /// lowest and highest only (lines: the seed's labels off while the lines stay), or not
    /// drawn (off).
    public var intermediate: Intermediate
    public var color: Color?
    public var style: RuleStyle
    /// Stroke width in pixels (SVG, PNG, PDF, Vega-Lite); the terminal draws 2 and more
    /// with heavy rules (`━`). nil: 1.
    public var width: Double?

    public enum Intermediate: String, Equatable, Sendable, CaseIterable {
        case on, lines, off
    }

    public static let defaultRelative: [Double] = [0, 0.2, 0.4, 0.6, 0.8, 1]

    public init() {
        positions = .auto
        visible = true
        labels = .left
        units = ""
        decimals = nil
        format = .auto
        showMinMax = true
        intermediate = .on
        color = nil
        style = .dotted
        width = nil
    }
}

/// How a horizontal rule is stroked.
public enum RuleStyle: String, Equatable, Sendable, CaseIterable {
    case solid, dashed, dotted
}

/// An extra marked line: a target, a threshold, or a statistic of a series.
public struct MarkedLine: Equatable, Sendable {
    public enum Value: Equatable, Sendable {
        case constant(Double)
        case statistic(StatisticKind, SeriesReference)
        /// A vertical line at an x value (`add refline x=1898`): the value in the x axis's
        /// data units (seconds for a time), and the text it was given as (what a saved script
        /// writes back).
        case x(Double, text: String)
        /// A shaded band between two x values (`add refline x=2008-09-01..2009-06-30`):
        /// from < to, in the x axis's data units, and the text it was given as.
        case span(Double, Double, text: String)
    }

    /// Unique within the session: `r1`, `r2`, ... in order of addition.
    public var id: String
    public var value: Value
    public var label: String?
    public var color: Color?
    public var style: RuleStyle
    /// Stroke width in pixels (`width=3`; the terminal draws 2 and more with heavy rules);
    /// nil: the default 1.5.
    public var width: Double?
    /// Widen an automatic y range so the line stays visible.
    public var fit: Bool
    /// The y axis its value is on (`axis=right`).
    public var axis: PlotBinding.Axis
    /// A statistic's `where=`: only the rows it keeps count (`mean n.volume where=year<1898`).
    public var filter: RowFilter?
    /// A remote dataset's statistic as the engine computed it (its rows stay there); nil
    /// for a local one, whose rows give it.
    public var engineValue: Double?
    /// The axis a statistic's value is on (`add refline x=mean D.col`, `y=mean`); `.auto`:
    /// the axis the chart puts its series on (`Session.isVertical`). Constants are across,
    /// `x=` values down.
    public var placement: Placement = .auto

    /// Which axis a statistic is measured on.
    public enum Placement: String, Equatable, Sendable, CaseIterable {
        /// x when the chart puts the series on x (a histogram of it, a dot plot's `x=`), else y.
        case auto
        /// A vertical line at the statistic's x value.
        case x
        /// A line across at the statistic's y value.
        case y
    }

    public init(
        id: String, value: Value, label: String? = nil, color: Color? = nil,
        style: RuleStyle = .dashed, fit: Bool = true, axis: PlotBinding.Axis = .left,
        filter: RowFilter? = nil
    ) {
        self.filter = filter
        self.axis = axis
        self.id = id
        self.value = value
        self.label = label
        self.color = color
        self.style = style
        self.fit = fit
    }
}

/// A statistic a marked line follows; recomputed whenever the data changes.
public enum StatisticKind: String, Equatable, Sendable, CaseIterable {
    case mean, median, min, max, p90, p95, p99

    /// The quantile a quantile's statistic is — that of the `agg=` of its name (0…1); nil
    /// for the others.
    public var quantile: Double? { Aggregation(rawValue: rawValue)?.quantile }

    /// The statistics as listed in help and errors: `mean, median, min, max, p90, p95, p99`.
    public static var listed: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The statistic of `values` (NaN skipped); NaN when there are no values.
    public func evaluate(_ values: [Double]) -> Double {
        switch self {
        case .mean: Statistics(of: values).mean
        case .min: Statistics(of: values).minimum
        case .max: Statistics(of: values).maximum
        case .median, .p90, .p95, .p99: Statistics.quantile(quantile ?? 0.5, of: values)
        }
    }
}

extension MarkedLine {
    /// Whether it follows a statistic of a series (recomputed as the data changes).
    public var isStatistic: Bool {
        if case .statistic = value { return true }
        return false
    }

    /// A statistic placed on x or y by its command, not by the chart.
    public var placedBy: Placement? { placement == .auto ? nil : placement }

    /// What a statistic's line is called when it has no label: `mean`, `mean year<1898`.
    public var statisticName: String? {
        guard case .statistic(let kind, _) = value else { return nil }
        return kind.rawValue + (filter.map { " " + $0.description } ?? "")
    }
}

extension Session {
    /// Whether `line` is drawn down the chart at an x value (a line or a band) rather than
    /// across at a y value: `x=` values always, constants never, a statistic when placed on
    /// x or, by default, when the chart measures its series along x.
    public func isVertical(_ line: MarkedLine) -> Bool {
        switch line.value {
        case .x, .span: return true
        case .constant: return false
        case .statistic(_, let series):
            switch line.placement {
            case .x: return true
            case .y: return false
            case .auto: return measuresAlongX(series)
            }
        }
    }

    /// Whether a main plot puts `series`' values on the x axis: a histogram, an ECDF or a
    /// density of it, or an x–y plot of its dataset whose `x=` is its column.
    public func measuresAlongX(_ series: SeriesReference) -> Bool {
        mainPlots.contains { plot in
            switch plot.kind.chart {
            case .histogram: return plot.series == series
            case .cartesian:
                // A distribution's curve (ecdf, density) runs along its values.
                if plot.kind.spec.distribution != nil { return plot.series == series }
                return plot.series.dataset == series.dataset && plot.binding.x == series.column
            default: return false
            }
        }
    }

    /// A marked line's value now: its constant, or its statistic of the rows its `where=`
    /// keeps (NaN when the series is gone or no row has a value); a vertical line's x value
    /// (a band's first).
    public func value(of line: MarkedLine) -> Double { value(of: line, in: nil) }

    /// The same in a faceted chart's `panel` (issue 50): a statistic of the rows of its
    /// dataset whose facet columns hold the panel's values — each panel's mean its own.
    /// Without a panel, on a dataset without the facet's columns, or computed by an engine
    /// (its rows stay there), the statistic of every row.
    public func value(of line: MarkedLine, in panel: Facet.Key?) -> Double {
        switch line.value {
        case .constant(let v), .x(let v, _), .span(let v, _, _): return v
        case .statistic(let kind, let series):
            if let engineValue = line.engineValue { return engineValue }
            guard let values = values(of: series), let dataset = dataset(named: series.dataset)
            else { return .nan }
            var keep = line.filter.flatMap { filter in
                dataset.column(named: filter.column).map { filter.keeps($0) }
            }
            if let panel, let facet, dataset.column(named: facet.column) != nil {
                let groups = dataset.facetGroups(facet, keeping: keep)
                let rows = groups.first { $0.key == panel }?.rows ?? []
                var inPanel = [Bool](repeating: false, count: dataset.count)
                for row in rows where row < inPanel.count { inPanel[row] = true }
                keep = inPanel
            }
            guard let keep else { return kind.evaluate(values) }
            return kind.evaluate(
                values.indices.filter { $0 < keep.count && keep[$0] }.map { values[$0] })
        }
    }
}
