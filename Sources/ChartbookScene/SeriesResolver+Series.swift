import ChartbookModel
import Foundation

/// What `SeriesResolver` makes: each drawn series (a plot, or one `by=` group of it, with its
/// values, x and what its drawing needs) and the result of a chart — the series, the
/// categories, and what was left out and is said under the chart.
extension SeriesResolver {
    /// One drawn series.
    struct Series {
        var plot: Plot
        /// The legend's name: the plot's id, or the group's value for `by=`.
        var name: String
        /// The `by=` value as the data holds it ("" without `by=`, or for missing values).
        var groupKey = ""
        /// y values (log10 on a log y scale), NaN for missing.
        var values: [Double] {
            didSet { summary = nil }
        }
        /// The extremes of `values` per block, when they are a column's own numbers drawn as a
        /// line on the index or along an x column that ascends (nil once `values` change: it
        /// no longer describes them).
        var summary: SummaryPyramid?
        /// x values on a real x scale, one per value; nil when x is the index.
        var xs: [Double]? {
            didSet { xsAscend = false; xsLongestRun = nil }
        }
        /// The most equal `xs` in a row, when they are an x column's own numbers (the
        /// column keeps the count: `Column.longestRun`); nil once `xs` change.
        var xsLongestRun: Int?
        /// Whether `xs` are known to be finite and never decreasing (those of an x column
        /// that `Column.ascends`): `order` need not look at them.
        var xsAscend = false
        /// Whether `xs` never decreases (lines are reduced per dot column only then).
        var sorted: Bool
        var color: Color
        /// Whether the legend names it: every series but the second and later groups of a
        /// plot whose groups are drawn alike (`detail=`), which its first names.
        var inLegend = true
        /// The legend's name for it when not `name` (a `detail=` plot's first group: the
        /// plot's id; readouts name the group).
        var legendName: String? = nil
        /// Its name in the legend.
        var nameInLegend: String { legendName ?? name }
        /// The values as they are in the data, for readouts, when `values` were transformed
        /// (log scale, stacking); nil when `values` are the data's.
        var original: [Double]? = nil
        /// Further columns, row for row with `values`: a range's low; a candlestick's open,
        /// high and low (`PlotBinding`); a trend's band, low and high (`band=`).
        var extra: [[Double]] = []
        /// `labels=COLUMN`: the column, and each value's row in it (nil: value `i` is row `i`).
        /// Texts are read only for the points labelled.
        var labelColumn: Column? = nil
        var labelRows: [Int]? = nil
        /// Whether `labelRows` follows each value's row (for `labels=COLUMN` and for the
        /// plot's channels, `color=COLUMN`, `size=COLUMN`).
        var tracksRows = false

        /// The plot's channels (`color=COLUMN`, `size=COLUMN`): their scales and columns.
        var channels: Channels? = nil
        /// A violin's densities at its levels (`values`, in the y scale's units), and their
        /// scale: the share of the half slot a density of 1 spans (one for every violin of
        /// the chart, so their widths compare: the widest fills `width=` of its slot).
        var densities: [Double]? = nil
        var densityScale = 1.0
        /// A jittered dot plot's slot in x units (`Session.slot(of:)`; nil: one category or
        /// index step).
        var jitterSlot: Double? = nil
        /// The slot of a plot of several groups standing in slots (grouped bars by `by=`),
        /// in `xs` units: the smallest step between the x values of all its groups, so each
        /// group's bars are as wide as the others' (`Session.slot(of:)` in data units); nil:
        /// the series' own.
        var slot: Double? = nil

        /// The row of the plot's table value `i` came from.
        func row(_ i: Int) -> Int { labelRows.map { i < $0.count ? $0[i] : -1 } ?? i }

        /// The `labels=COLUMN` text of value `i` (sanitised); nil without a label column.
        func labelText(_ i: Int) -> String? {
            guard let column = labelColumn else { return nil }
            let row = labelRows.map { i < $0.count ? $0[i] : -1 } ?? i
            return TextMetrics.sanitized(column.text(at: row))
        }

        /// Keeps the label rows of `rows` (indices into the current values), in that order.
        mutating func keepLabelRows(_ rows: [Int]) {
            guard tracksRows else { return }
            let current = labelRows
            labelRows = rows.map { r in current.map { r < $0.count ? $0[r] : -1 } ?? r }
        }
        /// Where each bar starts (stacked parts: the parts below; ranges: the low), in the
        /// same units as `values`; nil: the zero line.
        var bases: [Double]? = nil
        /// Box plots: the statistics of the group's values.
        var box: BoxStatistics? = nil
        /// For an aggregate (`agg=`): how many rows each value covers, row for row with
        /// `values`; nil otherwise.
        var rowCounts: [Double]? = nil

        /// Value `i` as the data holds it.
        func shown(_ i: Int) -> Double {
            guard i >= 0, i < values.count else { return .nan }
            return original?[i] ?? values[i]
        }
    }

    struct Result {
        var series: [Series]
        /// Categories of a category axis, in order of first appearance.
        var categories: XCategories
        /// Values and x values left out because a log scale cannot show them (≤ 0), or a
        /// sqrt scale (< 0).
        var leftOut: Int
        /// What was left out and by which scale: `≤ 0`, `log`; `< 0`, `sqrt`.
        var leftOutReason = "≤ 0"
        var leftOutScale = "log"
        /// What is not drawn, said under the chart.
        var notes: [String] {
            var notes = [String]()
            if leftOut > 0 {
                notes.append(
                    "note: \(leftOut) value\(leftOut == 1 ? "" : "s") \(leftOutReason) left out (\(leftOutScale) scale)"
                )
            }
            for (plot, rows) in repeatedX {
                notes.append(
                    "note: \(plot) has up to \(rows) rows per x; agg= combines them"
                )
            }
            for (plot, groups) in cappedGroups {
                notes.append(
                    "note: \(plot) has \(groups) groups; the first \(SeriesResolver.maxGroups) are drawn"
                )
            }
            for (plot, missing) in channelGaps {
                notes.append(
                    "note: \(plot): \(missing) point\(missing == 1 ? "" : "s") without a color= or size= value left out"
                )
            }
            if let (plot, asked) = binsAsked, let binning {
                let width = LabelFormatter().label(for: binning.width, significantDigits: 6)
                notes.append(
                    "note: \(plot): \(binning.count) bins of \(width) (bins=\(asked): about \(asked), of a round width)"
                )
            }
            // What a plot's transforms left out that the chart says (`DrawnTable.chartNotes`).
            for (plot, said) in transformNotes {
                notes += said.map { "note: \(plot): \(TextMetrics.sanitized($0))" }
            }
            return notes
        }
        /// Each plot whose channels have no value for some of its points, with how many.
        var channelGaps: [(String, Int)] = []
        /// Each plot with transforms that left something out, with what its table says.
        var transformNotes: [(String, [String])] = []
        /// Plots whose `by=` has more groups than are drawn, with their group count.
        var cappedGroups: [(String, Int)]
        /// Lines whose points share an x (in a group), with the most that share one.
        var repeatedX: [(String, Int)] = []
        /// The bins the histograms were counted in.
        var binning: HistogramBinning?
        /// A histogram's `bins=N` when the bins drawn are not N (round widths: `bins=20` may
        /// draw 12 bins of 5), with its plot: said under the chart.
        var binsAsked: (plot: String, count: Int)?
    }
}
