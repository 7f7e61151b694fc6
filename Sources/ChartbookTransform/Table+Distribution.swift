import ChartbookModel
import Foundation

/// A composite mark's statistic (`Distribution`) of each `by=` group's present values
/// (those `where=` keeps), as the curve's points: x the values (or the density's sample
/// points), y the statistic — the local backend, which the Vega-Lite export's `window`
/// (`cume_dist`) and `density` transforms are held to.
extension Table {
    static func distribution(_ distribution: Distribution, of input: TableExecutor.Input)
        -> Table
    {
        // Each group's values in row order (missing ones and rows filtered out left aside).
        var index = [String: Int](), names = [String]()
        var groups = [[Double]]()
        let y = input.y ?? []
        for row in 0..<min(input.count, y.count) where input.keeps(row) && y[row].isFinite {
            let g =
                input.by.map { Grouping.index(of: $0.text(at: row), in: &index, list: &names) } ?? 0
            while groups.count <= g { groups.append([]) }
            groups[g].append(y[row])
        }
        var xs = [Double](), values = [Double](), group = [Int]()
        for (number, members) in groups.enumerated() {
            let curve: [(Double, Double)] =
                switch distribution {
                case .ecdf: ecdf(members)
                case .density(let bandwidth): density(members, bandwidth: bandwidth)
                }
            xs += curve.map(\.0)
            values += curve.map(\.1)
            group += Array(repeating: number, count: curve.count)
        }
        return Table(
            x: .numbers(xs, kind: .number), group: input.by == nil ? nil : group,
            byNames: input.by == nil ? nil : names, y: values, rows: nil, labels: nil)
    }

    /// At each distinct value (ascending), the share of `values` at or below it.
    static func ecdf(_ values: [Double]) -> [(Double, Double)] {
        let sorted = values.sorted()
        let n = Double(sorted.count)
        var points = [(Double, Double)]()
        for (i, value) in sorted.enumerated() where i + 1 == sorted.count || sorted[i + 1] != value
        {
            points.append((value, Double(i + 1) / n))
        }
        return points
    }

    /// The Gaussian kernel density of `values` at `Distribution.densitySteps` + 1 points
    /// from their lowest to their highest, each point summed over the values in order, as
    /// Vega's KDE sums them (`kernelSum`). Exact (every value counts at every point); the points are shared between both cores
    /// when there are many values, each point's sum in the same order, so the same numbers.
    static func density(_ values: [Double], bandwidth: Double?) -> [(Double, Double)] {
        guard let low = values.min(), let high = values.max() else { return [] }
        let h = bandwidth ?? Distribution.scottBandwidth(values)
        let steps = Distribution.densitySteps
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
                            to: kernelSum(at: xs[k], input.buffer, bandwidth: h))
                    }
                }
                initialised = xs.count
            }
        }
        return Array(zip(xs, ys))
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
}
