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
            let curve = distribution.statistic.curve(of: members)
            xs += curve.map(\.x)
            values += curve.map(\.y)
            group += Array(repeating: number, count: curve.count)
        }
        return Table(
            x: .numbers(xs, kind: .number), group: input.by == nil ? nil : group,
            byNames: input.by == nil ? nil : names, y: values, rows: nil, labels: nil)
    }
}
