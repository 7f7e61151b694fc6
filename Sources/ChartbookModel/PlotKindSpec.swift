/// What a user reads about a plot kind and the other words that name it: the one place a kind
/// is described. `add plot`, `help KIND`, `plot --help`, completion, the man page and the
/// shell completion scripts all read `Plot.Kind.spec`; what a kind draws lives in its layout
/// (the family's, `chart`), what options it takes in the option table (`PlotOption.all`).
public struct PlotKindSpec: Sendable {
    public let kind: Plot.Kind
    /// Other names `add plot` accepts (`scatter` for `dot`); scripts are written with the
    /// kind's own name.
    public let aliases: [String]
    /// One sentence: what it draws.
    public let summary: String
    /// A command that draws it, on the tutorial's data.
    public let example: String
    /// The columns it reads besides its series, as options (`low=` for a range).
    public let columns: [String]

    /// The family it is laid out with: kinds of one family share a chart.
    public var family: ChartType { kind.chart }
    public var name: String { kind.rawValue }
    /// Its name, then its aliases.
    public var names: [String] { [name] + aliases }
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
            example: "add plot line w.temp_max style=smooth", columns: []),
        PlotKindSpec(
            kind: .dot, aliases: ["scatter", "point"],
            summary: "A marker at each point; with a numeric x= column, a scatter plot.",
            example: "add plot dot cars.mpg x=horsepower", columns: []),
        PlotKindSpec(
            kind: .bar, aliases: ["column"],
            summary: "A bar from zero to each value; several bar plots stand side by side.",
            example: "add plot bar sales.revenue", columns: []),
        PlotKindSpec(
            kind: .area, aliases: [],
            summary: "A line filled down to zero (or the range's edge).",
            example: "add plot area w.temp_max", columns: []),
        PlotKindSpec(
            kind: .sparkline, aliases: ["spark"],
            summary:
                "A strip of its own rows under the chart: the name, a small line and the last value.",
            example: "add plot sparkline service.requests", columns: []),
        PlotKindSpec(
            kind: .hbar, aliases: ["barh"],
            summary: "Horizontal bars, one per category, categories down the left.",
            example: "add plot hbar sales.revenue sort=descending", columns: []),
        PlotKindSpec(
            kind: .stacked, aliases: ["stack"],
            summary:
                "Bars stacked on the bars of the plots before them (negative values downwards).",
            example: "add plot stacked regions.profit x=quarter by=region", columns: []),
        PlotKindSpec(
            kind: .grouped, aliases: [],
            summary: "Bars side by side in each slot, one per plot or per by= group.",
            example: "add plot grouped regions.profit x=quarter by=region", columns: []),
        PlotKindSpec(
            kind: .histogram, aliases: ["hist"],
            summary: "Counts (or density) of a column's values in bins along x.",
            example: "add plot histogram cars.mpg bins=10", columns: []),
        PlotKindSpec(
            kind: .box, aliases: ["boxplot"],
            summary: "Quartiles, whiskers at 1.5 IQR and outliers, one box per by= group.",
            example: "add plot box cars.mpg by=origin", columns: []),
        PlotKindSpec(
            kind: .range, aliases: [],
            summary: "A bar from a low column to the plot's (high) column at each x.",
            example: "add plot range w.temp_max low=temp_min", columns: ["low"]),
        PlotKindSpec(
            kind: .candlestick, aliases: ["candle", "ohlc"],
            summary: "Open/high/low/close candles: the plot's column is the close.",
            example: "add plot candlestick service.p50_ms open=p50_ms high=p99_ms low=p50_ms",
            columns: ["open", "high", "low"]),
        PlotKindSpec(
            kind: .pie, aliases: [],
            summary: "Slices of a whole, one per category, with their shares.",
            example: "add plot pie sales.revenue labels=percent", columns: []),
        PlotKindSpec(
            kind: .donut, aliases: ["doughnut", "ring"],
            summary: "A pie with a hole and a label in its centre.",
            example: "add plot donut sales.revenue center=\"2024\"", columns: []),
        PlotKindSpec(
            kind: .radar, aliases: ["spider"],
            summary: "A polygon over the categories on spokes, one per series.",
            example: "add plot radar sales.revenue", columns: []),
        PlotKindSpec(
            kind: .heatmap, aliases: [],
            summary:
                "A 2-D density of two numeric columns (x= and y=), or a matrix of values by two categories.",
            example: "add plot heatmap cars.mpg x=horsepower", columns: ["y"]),
    ]
}
