/// The `ecdf` composite mark (issue 50), whole: the empirical cumulative distribution — at
/// each distinct value, the share of the group's values at or below it (0 < F ≤ 1) — drawn
/// as steps; locally by one sort, in Vega-Lite as `cume_dist` in value order.
public struct EmpiricalCDF: DistributionStatistic {
    public init() {}

    public var field: String { "ecdf" }

    public var joins: StrokeStyle.Curve { .step }

    /// At each distinct value (ascending), the share of `values` at or below it.
    public func curve(of values: [Double]) -> [(x: Double, y: Double)] {
        let sorted = values.sorted()
        let n = Double(sorted.count)
        var points = [(x: Double, y: Double)]()
        for (i, value) in sorted.enumerated() where i + 1 == sorted.count || sorted[i + 1] != value
        {
            points.append((value, Double(i + 1) / n))
        }
        return points
    }

    /// `cume_dist` in value order (each group's), one row per distinct value (ties share
    /// theirs: the largest).
    public func vegaLiteSteps(_ y: String, by: String?) -> [JSON] {
        [
            .object([
                "window": .array([.object(["op": "cume_dist", "as": .string(field)])]),
                "sort": .array([.object(["field": .string(y), "order": "ascending"])]),
                "groupby": by.map { .array([.string($0)]) }, "frame": .array([.null, .null]),
            ]),
            .object([
                "aggregate": .array([
                    .object(["op": "max", "field": .string(field), "as": .string(field)])
                ]),
                "groupby": .array(([y] + (by.map { [$0] } ?? [])).map(JSON.string)),
            ]),
        ]
    }
}

extension PlotKindSpec {
    /// `add plot ecdf`.
    static let ecdf = PlotKindSpec(
        kind: .ecdf, aliases: ["cdf"],
        summary:
            "The empirical cumulative distribution: for each value, the share of values at or below it (0 to 1), in steps.",
        example: "add plot ecdf cars.mpg by=origin",
        family: .cartesian, mark: .line, legendKey: .line, vegaLite: .line,
        traits: [.splitsBy], distribution: Distribution(EmpiricalCDF()))
}
