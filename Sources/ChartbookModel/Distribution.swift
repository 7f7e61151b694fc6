/// A statistic of a column's distribution that a composite mark draws (issue 50): the
/// plot's values go in, a curve over them comes out (`TransformPipeline.distribution`), per
/// `by=` group. The values become x; what the curve measures becomes y.
///
/// A composite mark over a distribution is one file: its statistic (this protocol: the
/// local computation and its Vega-Lite steps side by side, so the two cannot drift) and its
/// kind's entry (`PlotKindSpec`), as `EmpiricalCDF` and `KernelDensity` are. The transform
/// executor, the Vega-Lite export, the SQL refusal, the layout, both renderers, the legend,
/// `help`, completion and `save script` follow from the entry.
public protocol DistributionStatistic: Hashable, Sendable {
    /// The name of the values it computes (the drawn table's y column).
    var field: String { get }

    /// The curve of one group's present values (in row order, none missing): its points,
    /// x ascending — the local backend.
    func curve(of values: [Double]) -> [(x: Double, y: Double)]

    /// The same statistic as Vega-Lite transform steps over the rows with a finite `y`,
    /// per `by` group (the field its groups are in; nil: one curve), giving the fields `y`
    /// (the curve's x) and `field`.
    func vegaLiteSteps(_ y: String, by: String?) -> [JSON]

    /// The statistic with a plot's own settings (`bandwidth=`); itself by default.
    func configured(by binding: PlotBinding) -> Self

    /// How its line joins the points when the plot sets no `style=`.
    var joins: StrokeStyle.Curve { get }
}

extension DistributionStatistic {
    public func configured(by binding: PlotBinding) -> Self { self }
    public var joins: StrokeStyle.Curve { .straight }
}

/// A composite mark's statistic, whichever it is (`DistributionStatistic`): compared by
/// what it is and its settings.
public struct Distribution: Equatable, Sendable {
    public let statistic: any DistributionStatistic

    public init(_ statistic: any DistributionStatistic) { self.statistic = statistic }

    /// The same statistic with a plot's own settings (`bandwidth=`).
    public func configured(by binding: PlotBinding) -> Distribution {
        Distribution(statistic.configured(by: binding))
    }

    /// The name of the values it computes (the drawn table's y column).
    public var field: String { statistic.field }

    public static func == (a: Distribution, b: Distribution) -> Bool {
        AnyHashable(a.statistic) == AnyHashable(b.statistic)
    }
}
