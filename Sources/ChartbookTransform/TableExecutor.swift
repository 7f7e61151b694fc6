import ChartbookModel

/// Runs a `TransformPipeline` over a dataset's columns, locally: the backend the terminal,
/// SVG and readouts draw from, and the reference the SQL and Vega-Lite compilers are held
/// to.
///
/// One pass over the rows gives each kept row its key and group; the aggregate is
/// accumulated per group as the rows go by (quantiles and `distinct` keep their group's
/// values); windows run over each group's points in x order. Rows without an x (or
/// filtered out) are left out and counted in a note; missing values follow
/// `Aggregation`'s and `PlotWindow`'s rules.
public enum TableExecutor {
    /// The table a pipeline makes: columns named after the plot's x, `by=` and y (`y`),
    /// plus how many rows each aggregate covers (`rows`), and notes on what was left out.
    public struct Result: Equatable, Sendable {
        public var table: Dataset
        public var y: String
        public var rows: String?
        public var notes: [String]
        /// What the chart says under it (categories `top=` left out): notes every backend
        /// that computes the pipeline says alike.
        public var chartNotes: [String] = []
        /// A trend's fit per group (the group's name; "" without `by=`).
        public var fits: [String: TrendFit] = [:]
        /// The columns of `table` holding each row's band or whiskers (`band=`), if any.
        public var low: String? = nil
        public var high: String? = nil
    }

    /// What `plot`'s drawn table is made from now; a kept table whose inputs equal these is
    /// still right.
    public static func inputs(
        of plot: Plot, _ pipeline: TransformPipeline, _ dataset: Dataset, _ session: Session
    ) -> DrawnTable.Inputs {
        DrawnTable.Inputs(
            series: plot.series, binding: plot.binding,
            columns: pipeline.columnsRead.compactMap { dataset.column(named: $0) },
            timeZone: session.timeZone)
    }

    /// What the chart says of the keys `top=` left out (every backend alike).
    static func topNotes(leftOut: Int, top: Int) -> [String] {
        leftOut > 0
            ? ["\(leftOut) more x value\(leftOut == 1 ? "" : "s") left out (top=\(top))"] : []
    }

    /// Runs `pipeline` over the rows of `dataset`.
    public static func run(_ pipeline: TransformPipeline, on dataset: Dataset)
        throws(TransformError) -> Result
    {
        let input = try Input(pipeline, dataset)
        var notes = [String]()
        var table: Table
        if let distribution = pipeline.distribution {
            table = Table.distribution(distribution, of: input)
        } else if let aggregate = pipeline.aggregate {
            let grouping = Grouping(input, try RowKeys.make(input, pipeline), aggregate)
            table = grouping.table
            if grouping.leftOut > 0 {
                let n = grouping.leftOut
                notes.append("\(n) row\(n == 1 ? "" : "s") without an x left out")
            }
        } else {
            table = Table.rows(of: input)
        }
        var chartNotes = [String]()
        if let top = pipeline.top {
            chartNotes += topNotes(leftOut: table.keepTop(top), top: top)
        }
        if let window = pipeline.window { try table.apply(window) }
        if pipeline.shares { try table.applyShares(of: input.yName) }
        var fits = [String: TrendFit]()
        if let method = pipeline.fit {
            (table, fits) = table.fitted(method, band: pipeline.band)
            let leftOut = fits.values.reduce(0) { $0 + $1.leftOut }
            if leftOut > 0 {
                let why = method == .exp ? "y ≤ 0" : "x ≤ 0"
                notes.append(
                    "\(leftOut) point\(leftOut == 1 ? "" : "s") with \(why) left out of the \(method.description) fit"
                )
            }
        }
        if input.filteredOut > 0, table.count == 0 {
            notes.append("where=\(pipeline.filter?.description ?? "") keeps no row")
        }
        var result = table.result(input, pipeline, notes: notes, source: dataset)
        result.chartNotes = chartNotes
        result.fits = fits
        return result
    }

    /// The most rows of `dataset` that share an x (within a `by=` group, among the rows
    /// `filter` keeps), and that x as text; nil when no two do. What `agg=` would combine:
    /// the count aggregate, kept to its largest group.
    public static func mostRowsPerX(
        _ x: String, by: String? = nil, filter: RowFilter? = nil, in dataset: Dataset,
        zone: TimeZoneSetting = .utc
    ) -> (rows: Int, x: String)? {
        let counting = TransformPipeline(
            x: x, y: nil, by: by, filter: filter, aggregate: .count, timeZone: zone)
        guard let result = try? run(counting, on: dataset),
            let rows = result.table.column(named: result.y)?.numbers,
            let most = rows.indices.max(by: { rows[$0] < rows[$1] }), rows[most] > 1,
            let key = result.table.columns.first
        else { return nil }
        return (Int(saturating: rows[most]), key.text(at: most))
    }
}
