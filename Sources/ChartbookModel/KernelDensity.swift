import Dispatch
import Foundation

/// The `density` composite mark (issue 50), whole: a Gaussian kernel density estimate (a
/// probability density: its area is 1) at `KernelDensity.steps` + 1 evenly spaced points
/// from the group's lowest value to its highest; `bandwidth` the kernel's standard deviation,
/// nil: Scott's rule (`scottBandwidth`). Locally an exact sum over every value at every
/// point; in Vega-Lite its `density` transform at the same points. `violin` draws the same
/// statistic mirrored (its entry stays with the kinds: it is a shape of its own).
public struct KernelDensity: DistributionStatistic {
    public var bandwidth: Double?

    public init(bandwidth: Double? = nil) { self.bandwidth = bandwidth }

    public var field: String { "density" }

    /// Intervals a density is sampled in (Vega-Lite's `maxsteps` default: the same points).
    public static let steps = 200

    public func configured(by binding: PlotBinding) -> KernelDensity {
        KernelDensity(bandwidth: binding.bandwidth)
    }

    /// The density of `values` at `steps` + 1 points from their lowest to their highest,
    /// each point summed over the values in order, as Vega's KDE sums them (`kernelSum`).
    /// Exact (every value counts at every point); the points are shared between both cores
    /// when there are many values, each point's sum in the same order, so the same numbers.
    public func curve(of values: [Double]) -> [(x: Double, y: Double)] {
        guard let low = values.min(), let high = values.max() else { return [] }
        let h = bandwidth ?? Self.scottBandwidth(values)
        let steps = Self.steps
        let xs = (0...steps).map { i in
            i == 0 ? low : i == steps ? high : low + (Double(i) / Double(steps)) * (high - low)
        }
        let ys = values.withUnsafeBufferPointer { buffer in
            [Double](unsafeUninitializedCapacity: xs.count) { storage, initialised in
                guard let base = storage.baseAddress else { initialised = 0; return }
                let out = SendablePointer(base), input = SendableBuffer(buffer)
                let parts = values.count >= 100_000 ? 2 : 1
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    for k in stride(from: part, to: xs.count, by: parts) {
                        (out.pointer + k).initialize(
                            to: Self.kernelSum(at: xs[k], input.buffer, bandwidth: h))
                    }
                }
                initialised = xs.count
            }
        }
        return zip(xs, ys).map { (x: $0, y: $1) }
    }

    /// The density at `x`: Σ exp(−z²/2) over the values in order, over √(2π), h and n —
    /// Vega's sum with its constant factors taken out of the loop (a division per value
    /// cost more than the exponential; the numbers agree to 1e-13).
    static func kernelSum(at x: Double, _ values: UnsafeBufferPointer<Double>, bandwidth h: Double)
        -> Double
    {
        let inverse = 1 / h
        var sum = 0.0
        for v in values {
            let z = (x - v) * inverse
            sum += exp(-0.5 * z * z)
        }
        return sum / (2 * Double.pi).squareRoot() / h / Double(values.count)
    }

    /// Vega's `density` transform at the same points (each group's extent in `steps`
    /// intervals), the bandwidth given or — left out — Vega's own estimate, which is
    /// `scottBandwidth`.
    public func vegaLiteSteps(_ y: String, by: String?) -> [JSON] {
        [
            .object([
                "density": .string(y), "groupby": by.map { .array([.string($0)]) },
                "bandwidth": bandwidth.map(JSON.number),
                "steps": .number(Double(Self.steps)),
                // Each group over its own extent (Vega shares one across groups unless
                // told), as chartbook and ggplot2 sample them.
                "resolve": "independent",
                "as": .array([.string(y), .string(field)]),
            ])
        ]
    }

    /// Scott's rule as Vega computes it (vega-statistics `bandwidth`): 1.06 · min(s, IQR /
    /// 1.34) · n^(−1/5), with s the sample standard deviation; where that is 0, s, else
    /// |Q1|, else 1 stand in. `values`: present values only.
    public static func scottBandwidth(_ values: [Double]) -> Double {
        let n = values.count
        guard n > 0 else { return 1 }
        let s = Aggregation.sampleDeviation(values)
        let q1 = Statistics.quantile(0.25, of: values), q3 = Statistics.quantile(0.75, of: values)
        let spread = (q3 - q1) / 1.34
        var v = min(s.isNaN ? spread : s, spread)
        if v == 0 || v.isNaN { v = s.isNaN || s == 0 ? (q1 != 0 ? abs(q1) : 1) : s }
        return 1.06 * v * pow(Double(n), -0.2)
    }
}

extension PlotKindSpec {
    /// `add plot density`.
    static let density = PlotKindSpec(
        kind: .density, aliases: ["kde"],
        summary:
            "A kernel density estimate of the values (Gaussian, Scott's bandwidth unless bandwidth=): a smooth histogram of area 1.",
        example: "add plot density cars.mpg by=origin",
        family: .cartesian, mark: .line, legendKey: .line, vegaLite: .line, standsOnZero: true,
        traits: [.splitsBy], distribution: Distribution(KernelDensity()))
}
