/// A plot kind, declared once: its names and help, its family (the layout that draws it), the
/// mark that layout draws, its legend key, readout, Vega-Lite layer, default bar width,
/// whether it stands on zero, the extra columns it reads and the traits that give it options
/// beyond its family's. `add plot`, `help KIND`, `plot --help`, completion, the man page, the
/// shell completion scripts, the option table (`PlotOption.all`, by family and trait), the
/// scene, the legend and the Vega-Lite export all read `Plot.Kind.spec`.
public struct PlotKindSpec: Sendable {
    public let kind: Plot.Kind
    /// Other names `add plot` accepts (`scatter` for `dot`); scripts are written with the
    /// kind's own name.
    public let aliases: [String]
    /// One sentence: what it draws.
    public let summary: String
    /// A command that draws it, on the tutorial's data.
    public let example: String
    /// The columns its marks read besides its series, each by the binding option that names
    /// it (`low=` for a range), in the order the marks read them.
    public let columns: [String]
    /// The family it is laid out with: kinds of one family share a chart.
    public let family: ChartType
    /// What the family's layout draws for it.
    public let mark: Mark
    /// Its key in the legend.
    public let legendKey: LegendKey
    /// What the readout under the chart says of a point.
    public let readout: Readout
    /// Its layer in a Vega-Lite spec.
    public let vegaLite: VegaLiteMark
    /// Its bars' default width, a share of the slot (when it draws bars or boxes).
    public let barWidth: Double
    /// Whether its marks stand on the zero line, so the y range must hold zero.
    public let standsOnZero: Bool
    /// Which options it takes beyond those of its family (see `PlotOption.all`).
    public let traits: Set<Trait>
    /// A composite mark's statistic: its values become x, the statistic y, computed by the
    /// transform pipeline (`TransformPipeline.distribution`) and drawn as its `mark`.
    public let distribution: Distribution?

    /// What a cartesian chart's layout draws for a kind (the other families lay their kinds
    /// out whole: `.family`).
    public enum Mark: Sendable, Equatable {
        case line, area, dots, bars, candles, boxes, strip, family
        /// A violin: a density mirrored around its category's slot.
        case violins
        /// Error bars: a capped whisker from low to high and a dot at the value.
        case whiskers
    }

    public enum LegendKey: Sendable, Equatable {
        case line, area, marker, block, rangeBar, box, spark
    }

    public enum Readout: Sendable, Equatable {
        /// The value.
        case value
        /// `low–high`: the first extra column, then the value.
        case lowHigh
        /// `O open H high L low C close`.
        case ohlc
        /// `value (low–high)`: the value, then the extra columns' interval.
        case interval
    }

    public enum VegaLiteMark: Sendable, Equatable {
        case line, point, bars, histogram, box, range, candles, hbar, arcs, heatmap, trend
        /// A horizontal `area` from the density's left edge to its right, around its slot.
        case violin
        /// An `errorbar` mark from `y` (high) to `y2` (low), and a point at the value.
        case errorbar
        /// No Vega-Lite mark: named in the spec's description instead.
        case none
    }

    /// Options a kind takes beyond its family's.
    public enum Trait: Sendable, Hashable {
        /// `labels=` on its marks.
        case valueLabels
        /// `by=`: a series per distinct value.
        case splitsBy
        /// `sort=` and `top=` of its categories.
        case sortsCategories
        /// `marker=` and `size=`.
        case markers
        /// `agg=` and `bin=`: rows sharing an x combined (`TransformPipeline`).
        case aggregates
        /// `rolling=`, `running=`, `change=`: windows along x.
        case windows
    }

    init(
        kind: Plot.Kind, aliases: [String], summary: String, example: String,
        columns: [String] = [], family: ChartType, mark: Mark, legendKey: LegendKey,
        readout: Readout = .value, vegaLite: VegaLiteMark, barWidth: Double = 0.8,
        standsOnZero: Bool = false, traits: Set<Trait> = [], distribution: Distribution? = nil
    ) {
        self.distribution = distribution
        self.kind = kind
        self.aliases = aliases
        self.summary = summary
        self.example = example
        self.columns = columns
        self.family = family
        self.mark = mark
        self.legendKey = legendKey
        self.readout = readout
        self.vegaLite = vegaLite
        self.barWidth = barWidth
        self.standsOnZero = standsOnZero
        self.traits = traits
    }
    public var name: String { kind.rawValue }
    /// Whether its marks stand in slots around each x (bars, candles, boxes, error bars'
    /// caps), so a real x axis reaches half a slot beyond the first and last x.
    public var standsInSlots: Bool {
        family == .cartesian && [.bars, .candles, .boxes, .whiskers].contains(mark)
    }
    /// Its name, then its aliases.
    public var names: [String] { [name] + aliases }
}

extension Plot {
    /// The kinds of plot: a case here and an entry in `PlotKindSpec.all` below make a kind
    /// (its layout's mark code and its goldens aside).
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        case line, dot, bar
        /// A line filled down to zero (or the range's edge): a line with `fill=solid` by default.
        case area
        /// A strip of its own rows under the main chart: name, the sparkline, the last value.
        case sparkline
        /// Horizontal bars, categories down the left.
        case hbar
        /// Bars stacked on the bars of the plots before them (negative values downwards).
        case stacked
        /// Bars side by side in each slot (what several `bar` plots do too).
        case grouped
        /// Counts (or density) of a column's values in bins along x.
        case histogram
        /// Quartiles, whiskers at 1.5 IQR and outliers, one box per group.
        case box
        /// A bar from a low column to the plot's (high) column.
        case range
        /// Open/high/low/close candles: the plot's column is the close.
        case candlestick
        /// Error bars: a capped whisker from `low=` to `high=` and a dot at the value.
        case errorbar
        /// Slices of a whole; `donut` has a hole with a centre label.
        case pie, donut
        /// A polygon over categories on spokes (Graffeine's polygon).
        case radar
        /// A 2-D density of two numeric columns, or a matrix of values by two categories.
        case heatmap
        /// A fitted curve through a series' points (`method=`), its equation in the legend.
        case trend
        /// Composite marks: a line through a statistic of the column's distribution
        /// (`PlotKindSpec.distribution`) — the empirical CDF, and a kernel density.
        case ecdf, density
        /// A density mirrored around its category (`by=` group), one violin per group.
        case violin

        /// Whether the kind is drawn as a connected line (`line`, `area`).
        public var isLine: Bool { spec.mark == .line || spec.mark == .area }

        /// Whether the kind's marks stand on the zero line, so the y range must hold zero
        /// (bars and areas; not ranges, candles or boxes, which float).
        public var standsOnZero: Bool { spec.standsOnZero }

        /// The chart a plot of this kind is drawn in; the main plots of a session share one.
        public var chart: ChartType { spec.family }
    }
}

extension Plot.Kind {
    /// The kind's description (`PlotKindSpec.all`).
    public var spec: PlotKindSpec {
        PlotKindSpec.all.first { $0.kind == self } ?? PlotKindSpec.all[0]
    }

    /// The kind named `word`, by its name or an alias, in any case.
    public static func named(_ word: String) -> Plot.Kind? {
        let lower = word.lowercased()
        return PlotKindSpec.all.first { $0.names.contains(lower) }?.kind
    }

    /// Every name and alias, names first (for suggestions and completion).
    public static var allNames: [String] {
        allCases.map(\.rawValue) + PlotKindSpec.all.flatMap(\.aliases)
    }
}

extension PlotKindSpec {
    /// One entry per kind, in `Plot.Kind.allCases` order.
    public static let all: [PlotKindSpec] = [
        PlotKindSpec(
            kind: .line, aliases: [], summary: "A line through the points, in x order.",
            example: "add plot line w.temp_max style=smooth",
            family: .cartesian, mark: .line, legendKey: .line, vegaLite: .line,
            traits: [.valueLabels, .splitsBy, .aggregates, .windows]),
        PlotKindSpec(
            kind: .dot, aliases: ["scatter", "point"],
            summary: "A marker at each point; with a numeric x= column, a scatter plot.",
            example: "add plot dot cars.mpg x=horsepower",
            family: .cartesian, mark: .dots, legendKey: .marker, vegaLite: .point,
            traits: [.valueLabels, .splitsBy, .markers, .aggregates, .windows]),
        PlotKindSpec(
            kind: .bar, aliases: ["column"],
            summary: "A bar from zero to each value; several bar plots stand side by side.",
            example: "add plot bar sales.revenue",
            family: .cartesian, mark: .bars, legendKey: .block, vegaLite: .bars, standsOnZero: true,
            traits: [.sortsCategories, .valueLabels, .splitsBy, .aggregates, .windows]),
        PlotKindSpec(
            kind: .area, aliases: [],
            summary: "A line filled down to zero (or the range's edge).",
            example: "add plot area w.temp_max",
            family: .cartesian, mark: .area, legendKey: .area, vegaLite: .line, standsOnZero: true,
            traits: [.splitsBy, .aggregates, .windows]),
        PlotKindSpec(
            kind: .sparkline, aliases: ["spark"],
            summary:
                "A strip of its own rows under the chart: the name, a small line and the last value.",
            example: "add plot sparkline service.requests",
            family: .cartesian, mark: .strip, legendKey: .spark, vegaLite: .none),
        PlotKindSpec(
            kind: .hbar, aliases: ["barh"],
            summary: "Horizontal bars, one per category, categories down the left.",
            example: "add plot hbar sales.revenue sort=descending",
            family: .horizontal, mark: .family, legendKey: .block, vegaLite: .hbar,
            traits: [.valueLabels, .splitsBy, .sortsCategories, .aggregates]),
        PlotKindSpec(
            kind: .stacked, aliases: ["stack"],
            summary:
                "Bars stacked on the bars of the plots before them (negative values downwards).",
            example: "add plot stacked regions.profit x=quarter by=region",
            family: .cartesian, mark: .bars, legendKey: .block, vegaLite: .bars, standsOnZero: true,
            traits: [.sortsCategories, .valueLabels, .splitsBy, .aggregates, .windows]),
        PlotKindSpec(
            kind: .grouped, aliases: [],
            summary: "Bars side by side in each slot, one per plot or per by= group.",
            example: "add plot grouped regions.profit x=quarter by=region",
            family: .cartesian, mark: .bars, legendKey: .block, vegaLite: .bars, standsOnZero: true,
            traits: [.sortsCategories, .valueLabels, .splitsBy, .aggregates, .windows]),
        PlotKindSpec(
            kind: .histogram, aliases: ["hist"],
            summary: "Counts (or density) of a column's values in bins along x.",
            example: "add plot histogram cars.mpg bins=10",
            family: .histogram, mark: .bars, legendKey: .block, vegaLite: .histogram, barWidth: 1,
            standsOnZero: true, traits: [.valueLabels, .splitsBy]),
        PlotKindSpec(
            kind: .box, aliases: ["boxplot"],
            summary: "Quartiles, whiskers at 1.5 IQR and outliers, one box per by= group.",
            example: "add plot box cars.mpg by=origin",
            family: .box, mark: .boxes, legendKey: .box, vegaLite: .box, barWidth: 0.5,
            traits: [.splitsBy]),
        PlotKindSpec(
            kind: .range, aliases: [],
            summary: "A bar from a low column to the plot's (high) column at each x.",
            example: "add plot range w.temp_max low=temp_min", columns: ["low"],
            family: .cartesian, mark: .bars, legendKey: .rangeBar, readout: .lowHigh,
            vegaLite: .range),
        PlotKindSpec(
            kind: .candlestick, aliases: ["candle", "ohlc"],
            summary: "Open/high/low/close candles: the plot's column is the close.",
            example: "add plot candlestick service.p50_ms open=p50_ms high=p99_ms low=p50_ms",
            columns: ["open", "high", "low"], family: .cartesian, mark: .candles, legendKey: .box,
            readout: .ohlc, vegaLite: .candles, barWidth: 0.6),
        PlotKindSpec(
            kind: .errorbar, aliases: ["errorbars"],
            summary:
                "Error bars: a capped whisker from the low= column to the high= column at each x, and a dot at the plot's value.",
            example: "add plot errorbar service.p50_ms low=p50_ms high=p99_ms",
            columns: ["low", "high"], family: .cartesian, mark: .whiskers, legendKey: .marker,
            readout: .interval, vegaLite: .errorbar, barWidth: 0.4, traits: [.splitsBy]),
        PlotKindSpec(
            kind: .pie, aliases: [],
            summary: "Slices of a whole, one per category, with their shares.",
            example: "add plot pie sales.revenue labels=percent",
            family: .pie, mark: .family, legendKey: .block, vegaLite: .arcs,
            traits: [.valueLabels, .sortsCategories, .aggregates]),
        PlotKindSpec(
            kind: .donut, aliases: ["doughnut", "ring"],
            summary: "A pie with a hole and a label in its centre.",
            example: "add plot donut sales.revenue center=\"2024\"",
            family: .pie, mark: .family, legendKey: .block, vegaLite: .arcs,
            traits: [.valueLabels, .sortsCategories, .aggregates]),
        PlotKindSpec(
            kind: .radar, aliases: ["spider"],
            summary: "A polygon over the categories on spokes, one per series.",
            example: "add plot radar sales.revenue",
            family: .radar, mark: .family, legendKey: .marker, vegaLite: .none,
            traits: [.splitsBy, .markers]),
        PlotKindSpec(
            kind: .heatmap, aliases: [],
            summary:
                "A 2-D density of two numeric columns (x= and y=), or a matrix of values by two categories.",
            example: "add plot heatmap cars.mpg x=horsepower", family: .heatmap, mark: .family,
            legendKey: .block, vegaLite: .heatmap, traits: [.aggregates]),
        PlotKindSpec(
            kind: .trend, aliases: ["fit", "regression"],
            summary:
                "A fitted curve through the points (least squares or loess), its equation and R² in the legend.",
            example: "add plot trend cars.mpg x=horsepower method=poly:2",
            family: .cartesian, mark: .line, legendKey: .line, vegaLite: .trend,
            traits: [.splitsBy, .aggregates]),
        // Composite marks over a distribution: each in a file of its own (`Distribution`).
        .ecdf, .density,
        PlotKindSpec(
            kind: .violin, aliases: [],
            summary:
                "A kernel density of the values mirrored around each by= group's place (as box plots stand), every violin's width on one scale.",
            example: "add plot violin cars.mpg by=origin",
            family: .box, mark: .violins, legendKey: .area, vegaLite: .violin, barWidth: 0.8,
            traits: [.splitsBy], distribution: Distribution(KernelDensity())),
    ]
}
