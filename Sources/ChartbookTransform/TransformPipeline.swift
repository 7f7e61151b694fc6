import ChartbookModel

/// A plot's transforms as one declarative pipeline over its dataset's rows, in a fixed
/// order: filter (`where=`) → key (x, or its bin: `bin=`) → aggregate (`agg=`, grouped by
/// key and `by=`) → top (`top=N`: the N largest keys) → window (`rolling=` …, per group in
/// key order) → shares (`stack=normalize`: each value over its key's total).
///
/// The one model every backend compiles: `TableExecutor` runs it over local columns,
/// `SQLCompiler` writes it as one SQL query per engine, the Vega-Lite exporter writes it as
/// Vega-Lite transforms. Each computes the same numbers (the property tests hold them to it).
public struct TransformPipeline: Equatable, Sendable {
    /// The x column; nil: the row index (only windows allow it).
    public var x: String?
    /// The values; nil: the rows themselves are counted (`agg=count` with no column).
    public var y: String?
    public var by: String?
    public var filter: RowFilter?
    public var bin: XBin?
    public var aggregate: Aggregation?
    public var window: PlotWindow?
    /// A composite mark's statistic of each group's values (`PlotKindSpec.distribution`):
    /// the pipeline's one step after the filter; its rows are the curve's points.
    public var distribution: Distribution?
    /// `top=N`, after the aggregate: only the N keys (x values) whose values — the sum of
    /// their groups' present values — are largest, in that order, ties to the key met first.
    public var top: Int?
    /// A `trend` plot's fit, the last step: the curve through each group's points.
    public var fit: TrendMethod?
    /// `stack=normalize`, after the window: each value as its share of its x's total over
    /// the `by=` groups (`Table+Shares`).
    public var shares = false
    /// The fit's confidence band (`band=`): its level (0.95 for `band=on`); nil: none.
    public var band: Double?
    /// The zone calendar units are counted in (`set timezone`).
    public var timeZone: TimeZoneSetting

    public init(
        x: String?, y: String?, by: String? = nil, filter: RowFilter? = nil, bin: XBin? = nil,
        aggregate: Aggregation? = nil, window: PlotWindow? = nil, fit: TrendMethod? = nil,
        timeZone: TimeZoneSetting = .utc
    ) {
        self.fit = fit
        self.x = x
        self.y = y
        self.by = by
        self.filter = filter
        self.bin = bin
        self.aggregate = aggregate
        self.window = window
        self.timeZone = timeZone
    }

    /// The pipeline of `plot` over its dataset; nil when the plot has no transform.
    public init?(plot: Plot, in session: Session) {
        let b = plot.binding
        let trend = plot.kind == .trend
        if let distribution = plot.kind.spec.distribution?.configured(by: b) {
            self.init(
                x: nil, y: plot.series.column, by: b.by, filter: b.filter,
                timeZone: session.timeZone)
            self.distribution = distribution
            return
        }
        guard b.transforms || trend else { return nil }
        let dataset = session.dataset(named: plot.series.dataset)
        self.init(
            x: b.x ?? dataset?.xColumn, y: plot.series.column.isEmpty ? nil : plot.series.column,
            // A heatmap's matrix (`y=`) is one value per (x, y) pair: its rows are grouped
            // by its y categories as `by=` groups them.
            by: plot.kind == .heatmap ? b.y : b.by, filter: b.filter, bin: b.bin,
            // An error bar's extent= aggregates to its centre (its whiskers are computed apart).
            aggregate: b.aggregate ?? b.extent?.center, window: b.window,
            fit: trend ? b.trend ?? .linear : nil, timeZone: session.timeZone)
        top = b.top
        band = trend ? b.band : nil
        shares = b.stack == .normalize
    }

    /// The columns it reads, each once, in a fixed order.
    public var columnsRead: [String] {
        var names = [String]()
        for name in [x, y, by, filter?.column].compactMap({ $0 }) where !names.contains(name) {
            names.append(name)
        }
        return names
    }

    /// Whether rows are grouped by key (an aggregate), or kept one by one.
    public var groups: Bool { aggregate != nil }
}

extension TransformPipeline {
    /// The pipeline with its data-dependent parameters fixed from `dataset`: `bin=N`
    /// becomes the step it resolves to over the kept rows (so SQL and Vega-Lite bin with
    /// the step the local executor used).
    public func resolved(on dataset: Dataset) -> TransformPipeline {
        guard let bin, case .count = bin, let input = try? TableExecutor.Input(self, dataset),
            let step = RowKeys.resolvedStep(bin, input)
        else { return self }
        var resolved = self
        resolved.bin = .step(step)
        return resolved
    }
}
